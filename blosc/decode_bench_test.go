package blosc

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// The benchmark data is the f64_smooth set of the C-Blosc2 reference
// figures (../shared/reference): float64 1000*sin(i*1e-4) +
// 10*cos(i*3e-3). Blocksizes are what C-Blosc2 picks automatically at
// clevel 5 for typesize 8: 512 KiB split for LZ4 and BloscLZ, 256 KiB
// unsplit for Zstd.

type benchCase struct {
	name string
	opts buildOpts
}

func benchCases() []benchCase {
	f := func(x Filter) (a [MaxFilters]Filter) { a[MaxFilters-1] = x; return }
	return []benchCase{
		{"shuffle-lz4", buildOpts{typesize: 8, blocksize: 512 << 10, codec: LZ4, filters: f(Shuffle), split: true}},
		{"shuffle-zstd", buildOpts{typesize: 8, blocksize: 256 << 10, codec: Zstd, filters: f(Shuffle)}},
		{"bitshuffle-zstd", buildOpts{typesize: 8, blocksize: 256 << 10, codec: Zstd, filters: f(BitShuffle)}},
		{"bitshuffle-lz4", buildOpts{typesize: 8, blocksize: 512 << 10, codec: LZ4, filters: f(BitShuffle), split: true}},
		{"noshuffle-lz4", buildOpts{typesize: 8, blocksize: 512 << 10, codec: LZ4, split: true}},
		{"shuffle-zlib", buildOpts{typesize: 8, blocksize: 256 << 10, codec: Zlib, filters: f(Shuffle)}},
	}
}

func benchDecode(b *testing.B, chunk []byte, workers int) {
	d, err := NewDecoder(WithWorkers(workers))
	if err != nil {
		b.Fatal(err)
	}
	h, err := ReadHeader(chunk)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, h.Nbytes)
	if _, err := d.DecompressInto(dst, chunk); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(h.Nbytes))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := d.DecompressInto(dst, chunk); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(h.Nbytes)/float64(len(chunk)), "ratio")
}

func BenchmarkDecompress(b *testing.B) {
	for _, size := range []int{1 << 20, 4 << 20} {
		data := testData("f64", size)
		for _, c := range benchCases() {
			chunk := buildChunk(b, data, c.opts)
			for _, w := range []int{1, 2} {
				name := c.name + "/" + strconv.Itoa(size>>20) + "MiB/w" + strconv.Itoa(w)
				b.Run(name, func(b *testing.B) { benchDecode(b, chunk, w) })
			}
		}
	}
}

// BenchmarkDecompressCorpus decodes corpus chunks written by C-Blosc2 with
// BloscLZ (there is no BloscLZ encoder here yet).
func BenchmarkDecompressCorpus(b *testing.B) {
	for _, name := range []string{
		"G_010_blosclz_c5_shuffle_ts8_f64sine_n300000",
		"C_bs524288_015_blosclz_c5_bitshuffle_ts4_i32noise_n1100000",
		"C_bs1048576_009_lz4_c5_shuffle_ts8_f64sine_n1100001",
		"C_bs262144_008_zstd_c5_bitshuffle_ts4_i32ramp_n600000",
	} {
		chunk, err := os.ReadFile(filepath.Join("..", "testdata", "chunks", name+".b2chunk"))
		if err != nil {
			b.Fatal(err)
		}
		for _, w := range []int{1, 2} {
			b.Run(name+"/w"+strconv.Itoa(w), func(b *testing.B) { benchDecode(b, chunk, w) })
		}
	}
}

// BenchmarkCopy is the copy() baseline the decode figures are compared to.
func BenchmarkCopy(b *testing.B) {
	for _, size := range []int{1 << 20, 4 << 20} {
		src := testData("f64", size)
		dst := make([]byte, size)
		b.Run(strconv.Itoa(size>>20)+"MiB", func(b *testing.B) {
			b.SetBytes(int64(size))
			for i := 0; i < b.N; i++ {
				copy(dst, src)
			}
		})
	}
}

// BenchmarkDecompressRange decodes 1000 items out of a 4 MiB chunk.
func BenchmarkDecompressRange(b *testing.B) {
	data := testData("f64", 4<<20)
	chunk := buildChunk(b, data, benchCases()[0].opts)
	d, _ := NewDecoder()
	dst := make([]byte, 8000)
	b.SetBytes(8000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := d.GetItems(dst, chunk, 300000, 1000); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkZstdFrame decodes single zstd frames with blosc's decoder
// (internal/zstd) and with klauspost's: C-Blosc's frame of 256 KiB of
// zeros (a compressed block and an RLE block), frames with raw literals
// (zstd writes those for noisy bytes) and shuffled integers.
func BenchmarkZstdFrame(b *testing.B) {
	frames := zstdTestFrames(b)
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	for _, name := range []string{"c-zeros", "raw-lits-i32-default", "raw-lits-runs-default", "comp-rle", "shuffled-i32-default"} {
		f := frames[name]
		dst := make([]byte, zstdContentSize(f, 0))
		b.Run(name+"/ours", func(b *testing.B) {
			w := &worker{codecs: &codecs{}}
			b.SetBytes(int64(len(dst)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if n, err := w.zstdDecompress(dst, f, nil); err != nil || n != len(dst) {
					b.Fatal(n, err)
				}
			}
		})
		b.Run(name+"/klauspost", func(b *testing.B) {
			b.SetBytes(int64(len(dst)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if out, err := d.DecodeAll(f, dst[:0]); err != nil || len(out) != len(dst) {
					b.Fatal(len(out), err)
				}
			}
		})
	}
}
