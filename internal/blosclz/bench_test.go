package blosclz

import (
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// benchBlock is the size of the synthetic benchmark streams.
const benchBlock = 256 << 10

func benchInputs() []testInput {
	return []testInput{
		{"text", testgen.Text(benchBlock, 1)},
		{"runs", testgen.Runs(benchBlock, 2)},
		{"random", testgen.Random(benchBlock, 3)},
	}
}

// BenchmarkF64Smooth measures the codec on the streams C-Blosc2's own
// benchmark feeds it (f64_smooth, shuffle, blosclz:5): the eight 64 KiB byte
// planes of a block. Streams the compressor refuses are stored raw, so
// decompressing them is a copy, as in Blosc.
func BenchmarkF64Smooth(b *testing.B) {
	streams := f64Streams()
	total := 0
	for _, s := range streams {
		total += len(s)
	}
	for _, clevel := range []int{1, 5, 9} {
		b.Run(fmt.Sprintf("compress/c%d", clevel), func(b *testing.B) {
			dst := make([]byte, len(streams[0]))
			b.SetBytes(int64(total))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, s := range streams {
					Compress(dst, s, clevel)
				}
			}
		})
		packed := make([][]byte, len(streams))
		csize := 0
		for k, s := range streams {
			buf := make([]byte, len(s))
			n := Compress(buf, s, clevel)
			if n == 0 {
				n = copy(buf, s)
			}
			packed[k] = buf[:n]
			csize += n
		}
		b.Run(fmt.Sprintf("decompress/c%d", clevel), func(b *testing.B) {
			dst := make([]byte, len(streams[0]))
			b.SetBytes(int64(total))
			b.ReportAllocs()
			b.ReportMetric(float64(total)/float64(csize), "ratio")
			for i := 0; i < b.N; i++ {
				for k, p := range packed {
					if len(p) == len(streams[k]) {
						copy(dst, p)
					} else if _, err := Decompress(dst, p); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func BenchmarkCompress(b *testing.B) {
	for _, in := range benchInputs() {
		for _, clevel := range []int{1, 5, 9} {
			b.Run(fmt.Sprintf("%s/c%d", in.name, clevel), func(b *testing.B) {
				dst := make([]byte, len(in.data))
				b.SetBytes(int64(len(in.data)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					Compress(dst, in.data, clevel)
				}
			})
		}
	}
}

func BenchmarkDecompress(b *testing.B) {
	for _, in := range benchInputs() {
		for _, clevel := range []int{1, 5, 9} {
			buf := make([]byte, len(in.data))
			n := Compress(buf, in.data, clevel)
			if n == 0 {
				continue // stored raw: nothing to decode
			}
			b.Run(fmt.Sprintf("%s/c%d", in.name, clevel), func(b *testing.B) {
				dst := make([]byte, len(in.data))
				b.SetBytes(int64(len(in.data)))
				b.ReportAllocs()
				b.ReportMetric(float64(len(in.data))/float64(n), "ratio")
				for i := 0; i < b.N; i++ {
					if _, err := Decompress(dst, buf[:n]); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
