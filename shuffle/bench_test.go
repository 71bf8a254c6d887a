package shuffle

import (
	"flag"
	"fmt"
	"testing"
)

// benchLevel selects the kernel level the benchmarks run, e.g.
// go test -bench . -args -shuffle.level=avx2 (default: the best the CPU has).
var benchLevel = flag.String("shuffle.level", "", "kernel level for the benchmarks: avx512, gfni, avx2, sse2, neon or generic (default: the best available)")

// selectBenchLevel switches to the level named by -shuffle.level and returns
// the function that restores the detected features.
func selectBenchLevel(b *testing.B) func() {
	levels, restore := featureLevels()
	if *benchLevel == "" {
		return restore
	}
	for _, l := range levels {
		if l.name == *benchLevel {
			l.enable()
			return restore
		}
	}
	restore()
	b.Fatalf("kernel level %q is not available on this CPU", *benchLevel)
	return nil
}

// benchSizes are the buffer sizes of the benchmarks: one that fits in the
// L2 cache of common CPUs and one that does not.
var benchSizes = []struct {
	name string
	size int
}{
	{"256KiB", 256 << 10},
	{"4MiB", 4 << 20},
}

var benchTypesizes = []int{1, 2, 4, 8, 16}

// benchKernel runs f over every benchmark typesize and size, as
// sub-benchmarks named like ts8/256KiB.
func benchKernel(b *testing.B, f func(dst, src []byte, typesize int)) {
	defer selectBenchLevel(b)()
	for _, ts := range benchTypesizes {
		for _, s := range benchSizes {
			b.Run(fmt.Sprintf("ts%d/%s", ts, s.name), func(b *testing.B) {
				src := make([]byte, s.size)
				fillRandom(src, 1)
				dst := make([]byte, s.size)
				b.SetBytes(int64(s.size))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					f(dst, src, ts)
				}
			})
		}
	}
}

func BenchmarkShuffle(b *testing.B)      { benchKernel(b, Shuffle) }
func BenchmarkUnshuffle(b *testing.B)    { benchKernel(b, Unshuffle) }
func BenchmarkBitShuffle(b *testing.B)   { benchKernel(b, BitShuffle) }
func BenchmarkBitUnshuffle(b *testing.B) { benchKernel(b, BitUnshuffle) }

// BenchmarkCopy is the baseline: copy() of the same buffers.
func BenchmarkCopy(b *testing.B) {
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			src := make([]byte, s.size)
			fillRandom(src, 1)
			dst := make([]byte, s.size)
			b.SetBytes(int64(s.size))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				copy(dst, src)
			}
		})
	}
}

// BenchmarkUnshuffleColdDst unshuffles a 512 KiB block (in the cache, as a
// codec just wrote it) into successive places of a 64 MiB output, as
// decoding chunk after chunk does: the stores go to lines not in the cache,
// which the 4MiB benchmarks (the same dst every time) do not show.
func BenchmarkUnshuffleColdDst(b *testing.B) {
	defer selectBenchLevel(b)()
	const block, out = 512 << 10, 64 << 20
	for _, ts := range []int{4, 8} {
		b.Run(fmt.Sprintf("ts%d", ts), func(b *testing.B) {
			src := make([]byte, block)
			fillRandom(src, 1)
			dst := make([]byte, out)
			b.SetBytes(block)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				off := i * block % out
				Unshuffle(dst[off:off+block], src, ts)
			}
		})
	}
}
