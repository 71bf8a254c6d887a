package lz4enc

import (
	"encoding/binary"
	"fmt"
	"os"
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

// BenchmarkStreams compresses, with acceleration 5 (C-Blosc2's for clevel
// 5) and dst as large as the input, the codec inputs recorded in the file
// named by the environment variable LZ4_BENCH_STREAMS: records of a
// little-endian uint32 length and that many bytes (the streams of Blosc
// chunks, to compare with lz4's LZ4_compress_fast on the same file).
// Skipped when it is unset.
func BenchmarkStreams(b *testing.B) {
	name := os.Getenv("LZ4_BENCH_STREAMS")
	if name == "" {
		b.Skip("LZ4_BENCH_STREAMS is not set")
	}
	buf, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	var streams [][]byte
	total := 0
	for len(buf) >= 4 {
		n := int(binary.LittleEndian.Uint32(buf))
		if n > len(buf)-4 {
			b.Fatalf("%s: truncated record", name)
		}
		streams = append(streams, buf[4:4+n])
		total += n
		buf = buf[4+n:]
	}
	c := new(Compressor)
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
