package frame

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

func BenchmarkOpen(b *testing.B) {
	data := readCorpus(b, "external/example_item_prices.b2nd")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := OpenBytes(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	f, err := OpenBytes(readCorpus(b, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame"))
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, f.Nbytes())
	b.SetBytes(f.Nbytes())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if buf, err = f.Decode(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadSlab(b *testing.B) {
	a, err := OpenArrayFile(filepath.Join(testdataDir, "b2nd/a01_2d_f8.b2nd"))
	if err != nil {
		b.Fatal(err)
	}
	start, stop := []int64{10, 5}, []int64{90, 60}
	buf := make([]byte, 0, 80*55*8)
	b.SetBytes(80 * 55 * 8)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if buf, err = a.ReadSlab(buf[:0], start, stop); err != nil {
			b.Fatal(err)
		}
	}
}

// TestConcurrentReads reads one frame from several goroutines (run with -race).
func TestConcurrentReads(t *testing.T) {
	f, err := OpenFile(filepath.Join(testdataDir, "frames/f11_variable_chunk_sizes.b2frame"))
	must(t, err)
	defer f.Close()
	want, err := f.Decode(nil)
	must(t, err)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			p := make([]byte, 999)
			for off := int64(g); off < f.Nbytes(); off += 5000 {
				n, _ := f.ReadAt(p, off)
				if string(p[:n]) != string(want[off:off+int64(n)]) {
					t.Errorf("ReadAt %d differs", off)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}

// benchFrameMB is the decoded size of the frames BenchmarkDecodeFile
// writes: 64 MiB by default, FRAME_BENCH_MB=256 for the figure.
func benchFrameMB(b *testing.B) int {
	if s := os.Getenv("FRAME_BENCH_MB"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 4096 {
			b.Fatalf("FRAME_BENCH_MB=%q: want 1..4096", s)
		}
		return n
	}
	if testing.Short() {
		return 8
	}
	return 64
}

// f64Smooth returns n bytes of the reference benchmark's f64_smooth data
// set: float64 1000*sin(i*1e-4) + 10*cos(i*3e-3), little endian.
func f64Smooth(n int) []byte {
	b := make([]byte, n)
	for i := 0; 8*i+8 <= n; i++ {
		v := 1000*math.Sin(float64(i)*1e-4) + 10*math.Cos(float64(i)*3e-3)
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
	}
	return b
}

// writeBenchFrame writes data as a frame of 1 MiB chunks compressed with
// codec/clevel and SHUFFLE.
func writeBenchFrame(b *testing.B, path string, data []byte, codec blosc.Codec, clevel int) {
	p := DefaultParams()
	p.Codec, p.Clevel = codec, clevel
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	w, err := NewWriter(out, p)
	if err != nil {
		b.Fatal(err)
	}
	const chunk = 1 << 20
	for off := 0; off < len(data); off += chunk {
		if err := w.AppendData(data[off:min(off+chunk, len(data))]); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkDecodeFile decodes a whole frame file of f64_smooth data
// (shuffle + zstd 1, shuffle + lz4 5; 1 MiB chunks) with 1 worker and with
// 2 (WithWorkers(2): chunks decoded concurrently; w2blocks: one chunk at a
// time, its blocks split across 2 goroutines), next to copy() of the same
// number of bytes (compare ratios to copy, the machines are noisy):
//
//	FRAME_BENCH_MB=256 go test -run '^$' -bench DecodeFile -benchtime 5x ./frame/
func BenchmarkDecodeFile(b *testing.B) {
	n := benchFrameMB(b) << 20
	data := f64Smooth(n)
	dir := b.TempDir()
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, n)
		copy(dst, data) // fault the pages in before timing
		b.SetBytes(int64(n))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			copy(dst, data)
		}
	})
	codecs := []struct {
		name   string
		codec  blosc.Codec
		clevel uint8
	}{{"zstd1", blosc.Zstd, 1}, {"lz4", blosc.LZ4, 5}}
	for _, c := range codecs {
		path := filepath.Join(dir, c.name+".b2frame")
		writeBenchFrame(b, path, data, c.codec, int(c.clevel))
		modes := []struct {
			name string
			opts func() ([]Option, error)
		}{
			{"w1", func() ([]Option, error) { // one goroutine in all
				d, err := blosc.NewDecoder(blosc.WithWorkers(1))
				return []Option{WithDecoder(d)}, err
			}},
			{"w2", func() ([]Option, error) { return []Option{WithWorkers(2)}, nil }}, // 2 chunks at a time
			{"w2blocks", func() ([]Option, error) { // a chunk at a time, its blocks on 2 goroutines
				d, err := blosc.NewDecoder(blosc.WithWorkers(2))
				return []Option{WithDecoder(d)}, err
			}},
		}
		for _, mode := range modes {
			b.Run(c.name+"/"+mode.name, func(b *testing.B) {
				opts, err := mode.opts()
				if err != nil {
					b.Fatal(err)
				}
				f, err := OpenFile(path, opts...)
				if err != nil {
					b.Fatal(err)
				}
				defer f.Close()
				buf := make([]byte, 0, n)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if buf, err = f.Decode(buf[:0]); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				if string(buf) != string(data) {
					b.Fatal("decoded frame differs")
				}
				b.ReportMetric(float64(f.Cbytes())/float64(n), "stored/raw")
			})
		}
	}
}
