package lz4dec

import (
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// benchStreams are the streams C-Blosc2's LZ4 codec sees: shuffled f64 and
// i32 blocks, and i32 ramp+noise without shuffle, compressed as at clevel 5
// (acceleration 5), in blocks of 32 KiB to 512 KiB.
func benchStreams() []struct {
	name string
	raw  []byte
	comp []byte
} {
	var s []struct {
		name string
		raw  []byte
		comp []byte
	}
	for _, size := range []int{32 << 10, 128 << 10, 512 << 10} {
		for _, k := range []struct {
			name string
			data []byte
		}{
			{"f64-shuffle", testgen.Shuffle(testgen.Sine(size), 8)},
			{"i32-shuffle", testgen.Shuffle(testgen.RampNoise(size), 4)},
			{"i32-noshuffle", testgen.RampNoise(size)},
		} {
			s = append(s, struct {
				name string
				raw  []byte
				comp []byte
			}{fmt.Sprintf("%s/%dK", k.name, size>>10), k.data, lz4Compress(k.data, 5)})
		}
	}
	return s
}

func BenchmarkDecompress(b *testing.B) {
	for _, s := range benchStreams() {
		dst := make([]byte, len(s.raw))
		b.Run(s.name+"/lz4dec", func(b *testing.B) {
			b.SetBytes(int64(len(s.raw)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Decompress(dst, s.comp, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(s.name+"/pierrec", func(b *testing.B) {
			b.SetBytes(int64(len(s.raw)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := oracle(dst, s.comp, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
