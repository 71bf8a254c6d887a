package lz4hc

import (
	"encoding/binary"
	"fmt"
	"os"
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

// BenchmarkStreams compresses, at level 5 with dst as large as the input
// (C-Blosc2's call), the codec inputs recorded in the file named by the
// environment variable LZ4_BENCH_STREAMS: records of a little-endian uint32
// length and that many bytes (the streams of Blosc chunks, to compare with
// lz4's LZ4_compress_HC on the same file). Skipped when it is unset.
func BenchmarkStreams(b *testing.B) {
	streams := benchStreams(b)
	c := NewCompressor()
	total := 0
	for _, s := range streams {
		total += len(s)
	}
	dst := make([]byte, 1<<22)
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	out := 0
	for i := 0; i < b.N; i++ {
		out = 0
		for _, s := range streams {
			out += c.Compress(dst[:len(s)], s, 5)
		}
	}
	b.ReportMetric(float64(out), "out-bytes")
}

// benchStreams reads the records of LZ4_BENCH_STREAMS (see BenchmarkStreams).
func benchStreams(b testing.TB) [][]byte {
	name := os.Getenv("LZ4_BENCH_STREAMS")
	if name == "" {
		b.Skip("LZ4_BENCH_STREAMS is not set")
	}
	buf, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	var ss [][]byte
	for len(buf) >= 4 {
		n := int(binary.LittleEndian.Uint32(buf))
		if n > len(buf)-4 {
			b.Fatalf("%s: truncated record", name)
		}
		ss = append(ss, buf[4:4+n])
		buf = buf[4+n:]
	}
	return ss
}
