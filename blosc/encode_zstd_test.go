package blosc

import (
	"bytes"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestZstdPlaneBlocksRatio compresses shuffled blocks that are not split
// into streams (where klauspost/compress stored whole 128 KiB zstd blocks
// raw): the ratios must stay near C-Blosc2's (C's zstd on the same
// blocks: i32 3.3, f64 1.4-1.5).
func TestZstdPlaneBlocksRatio(t *testing.T) {
	for _, tc := range []struct {
		name      string
		data      []byte
		typesize  int
		filter    Filter
		blocksize int
		clevel    int
		min       float64
	}{
		{"i32/shuffle/256K/c1", testgen.RampNoise(1 << 20), 4, Shuffle, 256 << 10, 1, 3.0},
		{"i32/shuffle/256K/c3", testgen.RampNoise(1 << 20), 4, Shuffle, 256 << 10, 3, 3.0},
		{"i32/shuffle/64K/c1", testgen.RampNoise(1 << 20), 4, Shuffle, 64 << 10, 1, 3.0},
		{"i32/bitshuffle/256K/c1", testgen.RampNoise(1 << 20), 4, BitShuffle, 256 << 10, 1, 3.2},
		{"f64/shuffle/64K/c1", testgen.Sine(1 << 20), 8, Shuffle, 64 << 10, 1, 1.36}, // zstd -1 on these blocks: 1.370
		{"f64/shuffle/256K/c1", testgen.Sine(1 << 20), 8, Shuffle, 256 << 10, 1, 1.38},
		{"f64/shuffle/256K/c5", testgen.Sine(1 << 20), 8, Shuffle, 256 << 10, 5, 1.43},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, format := range []Format{FormatBlosc2, FormatBlosc1} {
				o := encOpts(Zstd, tc.clevel, tc.typesize, tc.filter)
				o.Blocksize, o.SplitMode, o.Format = tc.blocksize, SplitNever, format
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				chunk := encRoundTrip(t, e, tc.data)
				if r := float64(len(tc.data)) / float64(len(chunk)); r < tc.min {
					t.Errorf("%v: ratio %.3f, want at least %.2f", format, r, tc.min)
				}
			}
		})
	}
}

// TestZstdDeterministic checks that the zstd encoders kept from stream to
// stream (zstdStates) do not change the bytes: each input compresses the
// same whatever was compressed before it.
func TestZstdDeterministic(t *testing.T) {
	inputs := [][]byte{testgen.RampNoise(1 << 20), testgen.RampNoise(300001), testgen.Sine(70001), encGenerate("random", 3, 8, 200000), testgen.RampNoise(5000)}
	for _, clevel := range []int{1, 5, 9} {
		for _, f := range []Filter{Shuffle, BitShuffle} {
			o := encOpts(Zstd, clevel, 4, f)
			o.SplitMode, o.Workers = SplitNever, 1
			want := make([][]byte, len(inputs))
			for i, in := range inputs {
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				if want[i], err = e.Compress(nil, in); err != nil {
					t.Fatal(err)
				}
			}
			e, err := NewEncoder(o)
			if err != nil {
				t.Fatal(err)
			}
			for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 4, 1, 3, 0, 2}} {
				for _, i := range order {
					got, err := e.Compress(nil, inputs[i])
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want[i]) {
						t.Fatalf("clevel %d %v: input %d compressed to other bytes after %v", clevel, f, i, order)
					}
				}
			}
		}
	}
}

func TestIsRun(t *testing.T) {
	for _, n := range []int{1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 8191, 8192, 8193, 16384 + 64, 100003} {
		for _, v := range []byte{0, 0xA5} {
			b := bytes.Repeat([]byte{v}, n)
			if !isRun(b) {
				t.Fatalf("isRun(%d x %#x) = false", n, v)
			}
			// A different byte anywhere breaks a run of two bytes or more.
			for _, at := range []int{0, 1, n / 2, n - 1, 63, 64, 65, 8191, 8192, 8256} {
				if at >= n || n == 1 {
					continue
				}
				b[at] ^= 1
				if isRun(b) {
					t.Fatalf("isRun(%d x %#x with byte %d changed) = true", n, v, at)
				}
				b[at] ^= 1
			}
		}
	}
	if isRun(nil) {
		t.Error("isRun(nil) = true")
	}
}
