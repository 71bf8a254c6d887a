package lz4hc

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Test and benchmark inputs.

// splitmix64 is a small deterministic generator.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// shuffleBytes returns b with its elements of size ts split into byte
// planes (Blosc's SHUFFLE); a tail shorter than an element stays in place.
func shuffleBytes(b []byte, ts int) []byte {
	out := make([]byte, len(b))
	n := len(b) / ts
	for i := 0; i < n; i++ {
		for k := 0; k < ts; k++ {
			out[k*n+i] = b[i*ts+k]
		}
	}
	copy(out[n*ts:], b[n*ts:])
	return out
}

// int32Noise is the int32 "ramp + noise" series: uint32(i) + a random byte.
func int32Noise(size int) []byte {
	b := make([]byte, size/4*4)
	s := splitmix64(42)
	for i := 0; i < len(b)/4; i++ {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(i)+uint32(s.next()&255))
	}
	return b
}

// f64Sine is the float64 series 1000 sin(i 1e-4) + 10 cos(i 3e-3).
func f64Sine(size int) []byte {
	b := make([]byte, size/8*8)
	for i := 0; i < len(b)/8; i++ {
		v := 1000*math.Sin(float64(i)*1e-4) + 10*math.Cos(float64(i)*3e-3)
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
	}
	return b
}

// textLike is words drawn from a small vocabulary.
func textLike(size int, seed uint64) []byte {
	words := []string{"blosc", "chunk", "frame", "the", "of", "compress", "a", "lz4", "block", "hash",
		"chain", "match", "literal", "offset", "\n", "level", "zstd", "data", "is", "and"}
	s := splitmix64(seed)
	b := make([]byte, 0, size+16)
	for len(b) < size {
		b = append(b, words[s.next()%uint64(len(words))]...)
		b = append(b, ' ')
	}
	return b[:size]
}

// runsData is runs of random bytes of random lengths (1..300), with some
// two-byte patterns: it exercises level 9's run detection.
func runsData(size int, seed uint64) []byte {
	s := splitmix64(seed)
	b := make([]byte, 0, size+300)
	for len(b) < size {
		r := s.next()
		n := int(r%300) + 1
		v := byte(r >> 16)
		if r>>40&3 == 0 {
			w := byte(r >> 24)
			for i := 0; i < n; i++ {
				if i&1 == 0 {
					b = append(b, v)
				} else {
					b = append(b, w)
				}
			}
			continue
		}
		if r>>44&7 == 0 {
			v = 0
			n *= 20
		}
		for i := 0; i < n; i++ {
			b = append(b, v)
		}
	}
	return b[:size]
}

// randomData is incompressible.
func randomData(size int, seed uint64) []byte {
	s := splitmix64(seed)
	b := make([]byte, size+8)
	for i := 0; i < size; i += 8 {
		binary.LittleEndian.PutUint64(b[i:], s.next())
	}
	return b[:size]
}

// mixedData alternates stretches of the other kinds.
func mixedData(size int, seed uint64) []byte {
	s := splitmix64(seed)
	b := make([]byte, 0, size+4096)
	for len(b) < size {
		r := s.next()
		n := int(r%4096) + 1
		switch r >> 32 % 5 {
		case 0:
			b = append(b, textLike(n, r)...)
		case 1:
			b = append(b, runsData(n, r)...)
		case 2:
			b = append(b, randomData(n, r)...)
		case 3:
			b = append(b, shuffleBytes(int32Noise(n), 4)...)
		default:
			// Repeat an earlier stretch, near or far.
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

// dataset is a named input.
type dataset struct {
	name string
	data []byte
}

// testInputs returns the inputs of the round-trip and peer tests, of sizes
// up to max bytes.
func testInputs(max int) []dataset {
	var ds []dataset
	for _, n := range []int{0, 1, 4, 12, 13, 14, 15, 16, 19, 20, 31, 64, 100, 255, 256, 270, 1000} {
		if n <= max {
			ds = append(ds, dataset{fmt.Sprintf("text%d", n), textLike(n, uint64(n))}, dataset{fmt.Sprintf("runs%d", n), runsData(n, uint64(n))})
		}
	}
	sizes := []int{4 << 10, 32 << 10, 65536 + 11, 256 << 10, 1 << 20, 4 << 20}
	for _, n := range sizes {
		if n > max {
			continue
		}
		ds = append(ds,
			dataset{fmt.Sprintf("zeros%d", n), make([]byte, n)},
			dataset{fmt.Sprintf("text%d", n), textLike(n, 7)},
			dataset{fmt.Sprintf("runs%d", n), runsData(n, 8)},
			dataset{fmt.Sprintf("random%d", n), randomData(n, 9)},
			dataset{fmt.Sprintf("i32noise%d", n), int32Noise(n)},
			dataset{fmt.Sprintf("i32noiseShuf%d", n), shuffleBytes(int32Noise(n), 4)},
			dataset{fmt.Sprintf("f64sineShuf%d", n), shuffleBytes(f64Sine(n), 8)},
			dataset{fmt.Sprintf("mixed%d", n), mixedData(n, uint64(n))},
		)
	}
	return ds
}
