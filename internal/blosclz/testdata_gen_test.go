package blosclz

import "github.com/blosc2go/blosc2/internal/testgen"

// Realistic test inputs, generated deterministically by internal/testgen.

// f64Streams returns the eight streams C-Blosc2 hands to BloscLZ at clevel 5
// for the first block of f64_smooth with shuffle: a 512 KiB block (64 Ki
// elements) split into its eight 64 KiB byte planes.
func f64Streams() [][]byte {
	blk := testgen.Shuffle(testgen.Sine(512<<10), 8)
	var s [][]byte
	for k := 0; k < 8; k++ {
		s = append(s, blk[k<<16:(k+1)<<16])
	}
	return s
}

// farRepeats returns random data in which a 40 KiB random block repeats,
// so that matches need far distances (more than 8191 bytes back).
func farRepeats(n int, seed uint64) []byte {
	blk := testgen.Random(40000, seed)
	out := make([]byte, 0, n+len(blk))
	for len(out) < n {
		out = append(out, blk...)
		out = append(out, byte(len(out)))
	}
	return out[:n]
}

type testInput struct {
	name string
	data []byte
}

func testInputs() []testInput {
	return []testInput{
		{"f64plane0", f64Streams()[0]},
		{"f64plane7", f64Streams()[7]},
		{"text", testgen.Text(100<<10, 1)},
		{"runs", testgen.Runs(100<<10, 2)},
		{"zeros", make([]byte, 70000)},
		{"random", testgen.Random(64<<10, 3)},
		{"far", farRepeats(200<<10, 4)},
		{"small", testgen.Text(100, 5)},
	}
}
