package deflate

import (
	"bytes"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzlib "github.com/klauspost/compress/zlib"
)

// encBenchInputs are Blosc-like streams: the reference datasets' blocks,
// shuffled or not.
var encBenchInputs = []struct {
	name string
	data func() []byte
}{
	{"i32shuffle", func() []byte { return testgen.Shuffle(testgen.RampNoise(1<<18), 4) }},
	{"i32noshuffle", func() []byte { return testgen.RampNoise(1 << 18) }},
	{"f64shuffle", func() []byte { return testgen.Shuffle(testgen.Sine(1<<18), 8) }},
	{"f64noshuffle", func() []byte { return testgen.Sine(1 << 18) }},
}

// BenchmarkCompressZlib compresses 256 KiB Blosc-like blocks at level 5,
// ours against klauspost/compress's zlib at level 7 (the level blosc used).
func BenchmarkCompressZlib(b *testing.B) {
	for _, in := range encBenchInputs {
		data := in.data()
		b.Run(in.name+"/ours", func(b *testing.B) {
			var c Compressor
			var out []byte
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				out = c.CompressZlib(out[:0], data, 5)
			}
			b.ReportMetric(float64(len(out)), "bytes")
		})
		b.Run(in.name+"/klauspost7", func(b *testing.B) {
			var buf bytes.Buffer
			w, _ := kzlib.NewWriterLevel(&buf, 7)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				buf.Reset()
				w.Reset(&buf)
				w.Write(data)
				w.Close()
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}
