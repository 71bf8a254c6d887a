// Package testgen generates the deterministic inputs that the codec
// packages' tests, fuzz seeds and benchmarks share: numeric series like the
// reference datasets, text, runs, random bytes and mixtures of them. Every
// generator returns exactly the number of bytes asked for, and the same
// bytes for the same arguments on every platform but Sine, whose last bits
// follow the platform's math.Sin and math.Cos.
package testgen

import (
	"encoding/binary"
	"math"
)

// SplitMix64 is a small deterministic generator (Steele, Lea and Flood's
// SplitMix64); its zero value is a valid seed.
type SplitMix64 uint64

// Next returns the next 64 random bits.
func (s *SplitMix64) Next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Intn returns a number in [0, n) for n > 0.
func (s *SplitMix64) Intn(n int) int {
	return int(s.Next() % uint64(n))
}

// Shuffle returns b with its elements of typesize bytes split into byte
// planes, as Blosc's SHUFFLE filter does; a tail shorter than an element
// stays in place.
func Shuffle(b []byte, typesize int) []byte {
	out := make([]byte, len(b))
	n := len(b) / typesize
	for i := 0; i < n; i++ {
		for k := 0; k < typesize; k++ {
			out[k*n+i] = b[i*typesize+k]
		}
	}
	copy(out[n*typesize:], b[n*typesize:])
	return out
}

// RampNoise is the reference "i32_ramp_noise" series: little-endian int32
// i + (a random byte), the random bytes from SplitMix64(42).
func RampNoise(size int) []byte {
	b := make([]byte, size+3)
	s := SplitMix64(42)
	for i := 0; i*4 < size; i++ {
		binary.LittleEndian.PutUint32(b[i*4:], uint32(i)+uint32(s.Next()&255))
	}
	return b[:size]
}

// Sine is a smooth float64 series, 1000 sin(i 1e-4) + 10 cos(i 3e-3),
// little-endian.
func Sine(size int) []byte {
	b := make([]byte, size+7)
	for i := 0; i*8 < size; i++ {
		x := float64(i)
		binary.LittleEndian.PutUint64(b[i*8:], math.Float64bits(1000*math.Sin(x*1e-4)+10*math.Cos(x*3e-3)))
	}
	return b[:size]
}

// Random is incompressible bytes.
func Random(size int, seed uint64) []byte {
	s := SplitMix64(seed)
	b := make([]byte, size+8)
	for i := 0; i < size; i += 8 {
		binary.LittleEndian.PutUint64(b[i:], s.Next())
	}
	return b[:size]
}

// Text is words from a small vocabulary with a few stray bytes: matches at
// short and long distances and literal runs of all lengths.
func Text(size int, seed uint64) []byte {
	words := []string{"the ", "blosc ", "chunk ", "frame ", "lz4 ", "of ", "compress ", "a ",
		"block\n", "data, ", "shuffle ", "and ", "in ", "Zarr ", "array ", "hash ",
		"chain ", "match ", "literal ", "offset "}
	s := SplitMix64(seed)
	b := make([]byte, 0, size+16)
	for len(b) < size {
		r := s.Next()
		if r>>32%20 == 0 {
			b = append(b, byte(r>>8), byte(r>>16))
		}
		b = append(b, words[r%uint64(len(words))]...)
	}
	return b[:size]
}

// Runs is runs of one byte of random lengths (1..300, some 20 times
// longer and zero), two-byte patterns and short random stretches.
func Runs(size int, seed uint64) []byte {
	s := SplitMix64(seed)
	b := make([]byte, 0, size+6000)
	for len(b) < size {
		r := s.Next()
		n := int(r%300) + 1
		v := byte(r >> 16)
		switch {
		case r>>40&3 == 0: // two-byte pattern
			w := byte(r >> 24)
			for i := 0; i < n; i++ {
				if i&1 == 0 {
					b = append(b, v)
				} else {
					b = append(b, w)
				}
			}
		case r>>42&3 == 0: // random stretch
			for i := 0; i < n; i++ {
				b = append(b, byte(s.Next()))
			}
		default:
			if r>>44&7 == 0 {
				v, n = 0, n*20
			}
			for i := 0; i < n; i++ {
				b = append(b, v)
			}
		}
	}
	return b[:size]
}

// Mixed alternates stretches of up to 4 KiB of text, runs, random bytes,
// shuffled int32 noise and repeats of earlier stretches, near or far.
func Mixed(size int, seed uint64) []byte {
	s := SplitMix64(seed)
	b := make([]byte, 0, size+4096)
	for len(b) < size {
		r := s.Next()
		n := int(r%4096) + 1
		switch r >> 32 % 5 {
		case 0:
			b = append(b, Text(n, r)...)
		case 1:
			b = append(b, Runs(n, r)...)
		case 2:
			b = append(b, Random(n, r)...)
		case 3:
			b = append(b, Shuffle(RampNoise(n), 4)...)
		default:
			if len(b) > 0 {
				from := int((r >> 8) % uint64(len(b)))
				for i := 0; i < n && from+i < len(b); i++ {
					b = append(b, b[from+i])
				}
			}
		}
	}
	return b[:size]
}
