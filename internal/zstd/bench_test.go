package zstd

import (
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// BenchmarkBlosc decodes streams as Blosc writes them (shuffled f64 and
// i32 blocks of 8 to 256 KiB, one frame each, at the zstd levels of Blosc
// clevels 1 and 9) with this package and with klauspost's decoder.
//
//	go test -run '^$' -bench Blosc -benchmem ./internal/zstd
func BenchmarkBlosc(b *testing.B) {
	kd, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1), kzstd.WithDecodeAllCapLimit(true))
	if err != nil {
		b.Fatal(err)
	}
	defer kd.Close()
	// klauspost decodes on goroutines of its own for large frames: give
	// it one, so that its CPU time is on the benchmark's thread.
	for _, typ := range []struct {
		name string
		size int
		gen  func(int) []byte
	}{{"f64", 8, testgen.Sine}, {"i32", 4, testgen.RampNoise}} {
		for _, kib := range []int{8, 64, 256} {
			in := testgen.Shuffle(typ.gen(kib<<10), typ.size)
			for _, lv := range []struct {
				name string
				lvl  kzstd.EncoderLevel
			}{{"l1", kzstd.SpeedDefault}, {"l9", kzstd.SpeedBestCompression}} {
				f := encode(b, in, lv.lvl, kzstd.WithEncoderCRC(false), kzstd.WithAllLitEntropyCompression(true))
				name := fmt.Sprintf("%s/%dKiB/%s", typ.name, kib, lv.name)
				dst := make([]byte, len(in))
				b.Run(name+"/ours", func(b *testing.B) {
					var d Decoder
					b.SetBytes(int64(len(in)))
					b.ReportAllocs()
					runCPU(b, func() {
						if n, err := d.DecodeInto(dst, f); err != nil || n != len(in) {
							b.Fatal(n, err)
						}
					})
				})
				b.Run(name+"/klauspost", func(b *testing.B) {
					b.SetBytes(int64(len(in)))
					b.ReportAllocs()
					runCPU(b, func() {
						if out, err := kd.DecodeAll(f, dst[:0]); err != nil || len(out) != len(in) {
							b.Fatal(len(out), err)
						}
					})
				})
			}
		}
	}
}
