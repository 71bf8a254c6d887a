package lz4enc

import (
	"encoding/binary"
	"math"
	"math/rand"
)

// splitmix64 is the generator the benchmarks' "ramp + noise" data uses.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// shuffle splits src into its typesize byte planes, as Blosc's shuffle
// filter does (trailing bytes that do not fill an element are kept).
func shuffle(src []byte, typesize int) []byte {
	dst := make([]byte, len(src))
	n := len(src) / typesize
	for i := 0; i < n; i++ {
		for j := 0; j < typesize; j++ {
			dst[j*n+i] = src[i*typesize+j]
		}
	}
	copy(dst[n*typesize:], src[n*typesize:])
	return dst
}

// rampNoise is int32 i + (splitmix64(42) & 255), little-endian.
func rampNoise(size int) []byte {
	b := make([]byte, size+3)
	s := splitmix64(42)
	for i := 0; i*4 < size; i++ {
		binary.LittleEndian.PutUint32(b[i*4:], uint32(i)+uint32(s.next()&255))
	}
	return b[:size]
}

// sine is float64 1000*sin(i*1e-4) + 10*cos(i*3e-3), little-endian.
func sine(size int) []byte {
	b := make([]byte, size+7)
	for i := 0; i*8 < size; i++ {
		x := float64(i)
		binary.LittleEndian.PutUint64(b[i*8:], math.Float64bits(1000*math.Sin(x*1e-4)+10*math.Cos(x*3e-3)))
	}
	return b[:size]
}

func randomBytes(size int, seed int64) []byte {
	b := make([]byte, size)
	rand.New(rand.NewSource(seed)).Read(b)
	return b
}

// runs has runs of 1 to 300 repeated bytes, some long enough to need
// extra length bytes, mixed with short random stretches.
func runs(size int, seed int64) []byte {
	r := rand.New(rand.NewSource(seed))
	b := make([]byte, 0, size)
	for len(b) < size {
		c := byte(r.Intn(4))
		n := 1 + r.Intn(300)
		if r.Intn(3) == 0 {
			for i := 0; i < n && len(b) < size; i++ {
				b = append(b, byte(r.Intn(256)))
			}
			continue
		}
		for i := 0; i < n && len(b) < size; i++ {
			b = append(b, c)
		}
	}
	return b
}

// text is words from a small vocabulary: many matches at short and long
// distances, literal runs of all lengths.
func text(size int, seed int64) []byte {
	words := []string{"the ", "blosc ", "chunk ", "frame ", "lz4 ", "of ", "compressor ", "a ",
		"block\n", "data, ", "shuffle ", "and ", "in ", "Zarr ", "array ", "metadata. "}
	r := rand.New(rand.NewSource(seed))
	b := make([]byte, 0, size+16)
	for len(b) < size {
		if r.Intn(20) == 0 {
			b = append(b, byte(r.Intn(256)), byte(r.Intn(256)))
		}
		b = append(b, words[r.Intn(len(words))]...)
	}
	return b[:size]
}

// dataset is one generator of test and benchmark inputs.
type dataset struct {
	name string
	gen  func(size int) []byte
}

var datasets = []dataset{
	{"zeros", func(n int) []byte { return make([]byte, n) }},
	{"runs", func(n int) []byte { return runs(n, 1) }},
	{"random", func(n int) []byte { return randomBytes(n, 2) }},
	{"text", func(n int) []byte { return text(n, 3) }},
	{"i32ramp", rampNoise},
	{"i32ramp-shuf4", func(n int) []byte { return shuffle(rampNoise(n), 4) }},
	{"f64sine-shuf8", func(n int) []byte { return shuffle(sine(n), 8) }},
	{"f64sine", sine},
	// Random with a copy of its start 70000 bytes later: beyond the
	// 64 KiB window, so the byU32 distance check must reject it.
	{"far-repeat", func(n int) []byte {
		b := randomBytes(n, 4)
		for i := 70000; i < n; i++ {
			b[i] = b[i-70000]
		}
		return b
	}},
	// Repeats at exactly the window's edge.
	{"edge-repeat", func(n int) []byte {
		b := randomBytes(n, 5)
		for i := maxDistance; i < n; i++ {
			b[i] = b[i-maxDistance]
		}
		return b
	}},
}
