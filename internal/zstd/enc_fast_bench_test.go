package zstd

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// BenchmarkEncoderFast32K compresses the 32 KiB blocks C-Blosc2 hands zstd
// at clevel 1 for 4-byte items without a shuffle (i32_ramp_noise
// noshuffle), one stream per call, at level 1.
//
//	go test -run '^$' -bench EncoderFast32K -cpu 1 ./internal/zstd
func BenchmarkEncoderFast32K(b *testing.B) {
	src := testgen.RampNoise(1 << 20)
	e := NewEncoder(1)
	dst := make([]byte, 0, 64<<10)
	const bs = 32 << 10
	b.SetBytes(bs)
	i := 0
	runCPU(b, func() {
		o := i % (len(src) / bs) * bs
		e.EncodeAll(dst[:0], src[o:o+bs])
		i++
	})
}
