package zstd

import (
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// BenchmarkEncoder compresses shuffled 256 KiB blocks of floats and
// integers (Blosc's workloads) with this package at levels 1 and 3 and
// with klauspost's encoder at SpeedFastest and SpeedDefault; the
// compressed size is reported as bytes/op-out.
func BenchmarkEncoder(b *testing.B) {
	inputs := map[string][]byte{
		"f64-shuffled": testgen.Shuffle(testgen.Sine(1<<18), 8),
		"i32-shuffled": testgen.Shuffle(testgen.RampNoise(1<<18), 4),
	}
	for _, name := range []string{"f64-shuffled", "i32-shuffled"} {
		src := inputs[name]
		dst := make([]byte, 0, 2*len(src))
		for _, lvl := range []int{1, 3} {
			e := NewEncoder(lvl)
			b.Run(fmt.Sprintf("%s/ours-l%d", name, lvl), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				n := 0
				for i := 0; i < b.N; i++ {
					n = len(e.EncodeAll(dst[:0], src))
				}
				b.ReportMetric(float64(n), "out-bytes")
			})
		}
		for _, lvl := range []kzstd.EncoderLevel{kzstd.SpeedFastest, kzstd.SpeedDefault} {
			k, err := kzstd.NewWriter(nil, kzstd.WithEncoderLevel(lvl), kzstd.WithEncoderConcurrency(1), kzstd.WithWindowSize(1<<19), kzstd.WithEncoderCRC(false))
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/klauspost-%s", name, lvl), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				n := 0
				for i := 0; i < b.N; i++ {
					n = len(k.EncodeAll(src, dst[:0]))
				}
				b.ReportMetric(float64(n), "out-bytes")
			})
		}
	}
}

// BenchmarkEncoderOpt compresses shuffled 1 MiB streams of floats and
// integers (Blosc's chunks at clevels 8 and 9, one block each) at the
// levels C-Blosc2 passes for those clevels: 15 (btopt for streams over
// 256 KB) and 22 (btultra2).
func BenchmarkEncoderOpt(b *testing.B) {
	inputs := map[string][]byte{
		"f64-shuffled": testgen.Shuffle(testgen.Sine(1<<20), 8),
		"i32-shuffled": testgen.Shuffle(testgen.RampNoise(1<<20), 4),
	}
	for _, name := range []string{"f64-shuffled", "i32-shuffled"} {
		src := inputs[name]
		dst := make([]byte, 0, 2*len(src))
		for _, lvl := range []int{15, 22} {
			e := NewEncoder(lvl)
			b.Run(fmt.Sprintf("%s/l%d", name, lvl), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				n := 0
				for i := 0; i < b.N; i++ {
					n = len(e.EncodeAll(dst[:0], src))
				}
				b.ReportMetric(float64(n), "out-bytes")
			})
		}
	}
}
