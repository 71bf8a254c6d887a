package blosc

import (
	"encoding/binary"
	"math"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// encGenerate returns n bytes of the corpus data kind (testdata/README.md)
// with the given seed and typesize, or nil for a kind it cannot make
// ("text" needs the corpus's word list).
func encGenerate(kind string, seed uint64, typesize, n int) []byte {
	b := make([]byte, n)
	r := testgen.SplitMix64(seed)
	switch kind {
	case "zeros":
	case "const":
		for i := range b {
			b[i] = byte(1 + seed%255)
		}
	case "random":
		var w [8]byte
		for i := 0; i < n; i += 8 {
			binary.LittleEndian.PutUint64(w[:], r.Next())
			copy(b[i:], w[:])
		}
	case "i32ramp":
		var w [4]byte
		for i := 0; 4*i < n; i++ {
			binary.LittleEndian.PutUint32(w[:], uint32(int32(seed%1000)+int32(i)*int32(1+seed%5)))
			copy(b[4*i:], w[:])
		}
	case "i32noise":
		var w [4]byte
		for i := 0; 4*i < n; i++ {
			binary.LittleEndian.PutUint32(w[:], uint32(3*i)+uint32(r.Next()&15))
			copy(b[4*i:], w[:])
		}
	case "f64sine":
		var w [8]byte
		for i := 0; 8*i < n; i++ {
			v := 1000*math.Sin(float64(i)*0.01+0.1*float64(seed%100)) + 0.5*math.Sin(float64(i)*0.37)
			binary.LittleEndian.PutUint64(w[:], math.Float64bits(v))
			copy(b[8*i:], w[:])
		}
	case "f32sine":
		var w [4]byte
		for i := 0; 4*i < n; i++ {
			v := float32(100 * math.Sin(float64(i)*0.02+0.1*float64(seed%100)))
			binary.LittleEndian.PutUint32(w[:], math.Float32bits(v))
			copy(b[4*i:], w[:])
		}
	case "runs":
		for i := 0; i < n; {
			x := r.Next()
			l := 1 + int((x>>8)%600)
			for k := 0; k < l && i < n; k++ {
				b[i] = byte(x)
				i++
			}
		}
	case "struct":
		for i := range b {
			e, k := i/typesize, i%typesize
			b[i] = byte((uint64(e)*uint64(k+1) + seed) >> (k % 3))
		}
	case "mixed":
		var w [8]byte
		for i := 0; i < n; i += 8 {
			binary.LittleEndian.PutUint64(w[:], r.Next())
			copy(b[i:], w[:])
		}
		for seg := 16 << 10; seg < n; seg += 32 << 10 {
			for k := seg; k < seg+16<<10 && k+4 <= n; k += 4 {
				binary.LittleEndian.PutUint32(b[k:], uint32(k/4))
			}
		}
	case "text":
		return nil
	default:
		panic("unknown data kind " + kind)
	}
	return b
}

// encText returns n bytes of English-like text (not the corpus's).
func encText(seed uint64, n int) []byte {
	words := []string{"blosc", "chunk", "block", "stream", "shuffle", "the", "of", "and", "a", "to",
		"compress", "data", "frame", "zstd", "lz4", "filter", "delta", "is", "in", "for"}
	r := testgen.SplitMix64(seed)
	b := make([]byte, 0, n+16)
	for len(b) < n {
		b = append(b, words[r.Next()%uint64(len(words))]...)
		if r.Next()%10 == 0 {
			b = append(b, '\n')
		} else {
			b = append(b, ' ')
		}
	}
	return b[:n]
}
