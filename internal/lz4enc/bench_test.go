package lz4enc

import (
	"fmt"
	"testing"

	"github.com/pierrec/lz4/v4"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// benchSets are the inputs of the benchmarks: each is one Blosc block.
var benchSets = []dataset{
	{"i32ramp", testgen.RampNoise},
	{"i32ramp-shuf4", func(n int) []byte { return testgen.Shuffle(testgen.RampNoise(n), 4) }},
	{"f64sine-shuf8", func(n int) []byte { return testgen.Shuffle(testgen.Sine(n), 8) }},
	{"random", func(n int) []byte { return testgen.Random(n, 2) }},
	{"zeros", func(n int) []byte { return make([]byte, n) }},
}

// BenchmarkCompress compares Compress (impl=lz4enc) with pierrec/lz4's
// CompressorCCompat (impl=pierrec) on the same blocks.
func BenchmarkCompress(b *testing.B) {
	for _, ds := range benchSets {
		for _, size := range []int{32 << 10, 256 << 10} {
			src := ds.gen(size)
			dst := make([]byte, CompressBound(size))
			for _, a := range []int{1, 5} {
				name := fmt.Sprintf("%s/%dK/a%d", ds.name, size>>10, a)
				b.Run(name+"/impl=lz4enc", func(b *testing.B) {
					c := new(Compressor)
					b.SetBytes(int64(size))
					b.ReportAllocs()
					for i := 0; i < b.N; i++ {
						c.Compress(dst, src, a)
					}
				})
				b.Run(name+"/impl=pierrec", func(b *testing.B) {
					c := &lz4.CompressorCCompat{Acceleration: a}
					b.SetBytes(int64(size))
					b.ReportAllocs()
					for i := 0; i < b.N; i++ {
						c.CompressBlock(src, dst)
					}
				})
			}
		}
	}
}
