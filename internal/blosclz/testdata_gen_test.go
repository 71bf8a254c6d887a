package blosclz

import (
	"encoding/binary"
	"math"
)

// Realistic test inputs, generated deterministically.

// splitmix64 is a small deterministic PRNG.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// f64Smooth returns n bytes (a multiple of 8) of the reference benchmark's
// f64_smooth data set: float64 1000*sin(i*1e-4) + 10*cos(i*3e-3).
func f64Smooth(n int) []byte {
	out := make([]byte, n)
	for i := 0; i < n/8; i++ {
		v := 1000*math.Sin(float64(i)*1e-4) + 10*math.Cos(float64(i)*3e-3)
		binary.LittleEndian.PutUint64(out[8*i:], math.Float64bits(v))
	}
	return out
}

// shuffle8 is Blosc's byte shuffle for typesize 8: byte k of every element
// goes to plane k.
func shuffle8(in []byte) []byte {
	elems := len(in) / 8
	out := make([]byte, len(in))
	for i := 0; i < elems; i++ {
		for k := 0; k < 8; k++ {
			out[k*elems+i] = in[8*i+k]
		}
	}
	return out
}

// f64Streams returns the eight streams C-Blosc2 hands to BloscLZ at clevel 5
// for the first block of f64_smooth with shuffle: a 512 KiB block (64 Ki
// elements) split into its eight 64 KiB byte planes.
func f64Streams() [][]byte {
	blk := shuffle8(f64Smooth(512 << 10))
	var s [][]byte
	for k := 0; k < 8; k++ {
		s = append(s, blk[k<<16:(k+1)<<16])
	}
	return s
}

// textLike returns n bytes of words separated by spaces and newlines.
func textLike(n int, seed uint64) []byte {
	words := []string{"blosc", "chunk", "frame", "shuffle", "the", "of", "and", "data",
		"compress", "block", "stream", "a", "lz77", "match", "literal", "distance"}
	r := splitmix64(seed)
	out := make([]byte, 0, n+16)
	for len(out) < n {
		out = append(out, words[r.next()%uint64(len(words))]...)
		if r.next()%10 == 0 {
			out = append(out, '\n')
		} else {
			out = append(out, ' ')
		}
	}
	return out[:n]
}

// runsLike returns n bytes of random bytes repeated 1..600 times.
func runsLike(n int, seed uint64) []byte {
	r := splitmix64(seed)
	out := make([]byte, 0, n+600)
	for len(out) < n {
		v := r.next()
		for k := 0; k < 1+int((v>>8)%600); k++ {
			out = append(out, byte(v))
		}
	}
	return out[:n]
}

// randomBytes returns n pseudo-random bytes.
func randomBytes(n int, seed uint64) []byte {
	r := splitmix64(seed)
	out := make([]byte, n+8)
	for i := 0; i < n; i += 8 {
		binary.LittleEndian.PutUint64(out[i:], r.next())
	}
	return out[:n]
}

// farRepeats returns random data in which a 40 KiB random block repeats,
// so that matches need far distances (more than 8191 bytes back).
func farRepeats(n int, seed uint64) []byte {
	blk := randomBytes(40000, seed)
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
		{"text", textLike(100<<10, 1)},
		{"runs", runsLike(100<<10, 2)},
		{"zeros", make([]byte, 70000)},
		{"random", randomBytes(64<<10, 3)},
		{"far", farRepeats(200<<10, 4)},
		{"small", textLike(100, 5)},
	}
}
