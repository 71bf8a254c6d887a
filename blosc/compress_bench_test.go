package blosc

import (
	"strconv"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// The compression benchmarks use the workloads of the C-Blosc2 reference
// figures (../shared/reference/README.md), 4 MiB instead of 64 MiB:
// f64_smooth, i32_ramp_noise, random and zeros, compressed in 1 MiB and 4
// MiB chunks with automatic blocksize and split, 1 and 2 workers. MB/s are
// of uncompressed bytes; compare them with BenchmarkCompressCopy of the
// same run.

const encBenchBytes = 4 << 20

func encBenchData(name string) ([]byte, int) {
	switch name {
	case "f64_smooth":
		return testgen.Sine(encBenchBytes), 8
	case "i32_ramp_noise":
		return testgen.RampNoise(encBenchBytes), 4
	case "random":
		return testgen.Random(encBenchBytes, 7), 8
	}
	return make([]byte, encBenchBytes), 8 // zeros
}

func BenchmarkCompressCopy(b *testing.B) {
	src, _ := encBenchData("f64_smooth")
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		copy(dst, src)
	}
}

func BenchmarkCompress(b *testing.B) {
	codecs := []struct {
		name   string
		codec  Codec
		clevel int
	}{
		{"blosclz5", BloscLZ, 5}, {"lz45", LZ4, 5}, {"lz4hc5", LZ4HC, 5},
		{"zstd1", Zstd, 1}, {"zstd5", Zstd, 5}, {"zlib5", Zlib, 5},
	}
	filters := []struct {
		name string
		f    Filter
	}{{"shuffle", Shuffle}, {"bitshuffle", BitShuffle}, {"noshuffle", NoFilter}}
	for _, ds := range []string{"f64_smooth", "i32_ramp_noise", "random", "zeros"} {
		src, ts := encBenchData(ds)
		for _, c := range codecs {
			for _, f := range filters {
				for _, chunk := range []int{1 << 20, 4 << 20} {
					for _, nw := range []int{1, 2} {
						o := encOpts(c.codec, c.clevel, ts, f.f)
						o.Workers = nw
						e, err := NewEncoder(o)
						if err != nil {
							b.Fatal(err)
						}
						name := ds + "/" + c.name + "/" + f.name + "/chunk" + strconv.Itoa(chunk>>20) + "M/w" + strconv.Itoa(nw)
						b.Run(name, func(b *testing.B) {
							var dst []byte
							total := 0
							b.SetBytes(int64(len(src)))
							b.ReportAllocs()
							for i := 0; i < b.N; i++ {
								total = 0
								for off := 0; off < len(src); off += chunk {
									var err error
									dst, err = e.Compress(dst[:0], src[off:off+chunk])
									if err != nil {
										b.Fatal(err)
									}
									total += len(dst)
								}
							}
							b.ReportMetric(float64(len(src))/float64(total), "ratio")
						})
					}
				}
			}
		}
	}
}
