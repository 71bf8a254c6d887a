package lz4hc

import (
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// BenchmarkCompress: shuffled int32 ramp+noise and shuffled float64 sine
// (Blosc's SHUFFLE output, as the codec sees it) in blocks of 32 to 256 KiB,
// at levels 1, 5 and 9. The ratio is reported as a metric.
func BenchmarkCompress(b *testing.B) {
	inputs := []struct {
		name string
		gen  func(int) []byte
	}{
		{"i32noiseShuf", func(n int) []byte { return testgen.Shuffle(testgen.RampNoise(n), 4) }},
		{"f64sineShuf", func(n int) []byte { return testgen.Shuffle(testgen.Sine(n), 8) }},
	}
	for _, in := range inputs {
		for _, size := range []int{32 << 10, 64 << 10, 256 << 10} {
			src := in.gen(size)
			for _, level := range []int{1, 5, 9} {
				b.Run(fmt.Sprintf("%s/%dK/L%d", in.name, size>>10, level), func(b *testing.B) {
					c := NewCompressor()
					dst := make([]byte, len(src))
					n := 0
					b.SetBytes(int64(len(src)))
					b.ReportAllocs()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						n = c.Compress(dst, src, level)
					}
					if n > 0 {
						b.ReportMetric(float64(len(src))/float64(n), "ratio")
					}
				})
			}
		}
	}
}
