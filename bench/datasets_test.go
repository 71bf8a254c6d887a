package bench

import (
	"encoding/binary"
	"math"
)

// The four datasets of the C-Blosc2 reference benchmark
// (../shared/reference/README.md), little endian.
var datasets = []dataset{
	{name: "f64_smooth", typesize: 8, fill: fillF64Smooth},
	{name: "i32_ramp_noise", typesize: 4, fill: fillI32RampNoise},
	{name: "random", typesize: 8, fill: fillRandom},
	{name: "zeros", typesize: 8, fill: fillZeros},
}

type dataset struct {
	name     string
	typesize int
	fill     func(b []byte) // b is freshly allocated and a multiple of 8 bytes long
}

// fillZeros writes the zeros, so that the pages are really allocated (a
// fresh, never written buffer reads from the shared zero page and would
// make copy() look faster than it is).
func fillZeros(b []byte) {
	for i := range b {
		b[i] = 0
	}
}

// splitmix64 is the generator the reference datasets are defined with.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// fillF64Smooth writes float64 v[i] = 1000*sin(i*1e-4) + 10*cos(i*3e-3).
func fillF64Smooth(b []byte) {
	for i := 0; i+8 <= len(b); i += 8 {
		x := float64(i / 8)
		v := 1000*math.Sin(x*1e-4) + 10*math.Cos(x*3e-3)
		binary.LittleEndian.PutUint64(b[i:], math.Float64bits(v))
	}
}

// fillI32RampNoise writes int32 v[i] = i + (splitmix64(42) & 255).
func fillI32RampNoise(b []byte) {
	s := splitmix64(42)
	for i := 0; i+4 <= len(b); i += 4 {
		v := uint32(i/4) + uint32(s.next()&255)
		binary.LittleEndian.PutUint32(b[i:], v)
	}
}

// fillRandom writes successive splitmix64(7) outputs.
func fillRandom(b []byte) {
	s := splitmix64(7)
	for i := 0; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], s.next())
	}
}
