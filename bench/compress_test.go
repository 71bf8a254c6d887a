package bench

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/blosc"
)

// Compression is compared on the same work on both sides: Blosc1-format
// chunks (16-byte header) of the same data, with the blocksize and the
// split into streams that C-Blosc 1.21 chose for the workload (read from
// the header of its first chunk), so that Go and C compress the same
// blocks with the same codec and filter. Go's cratio can still differ:
// BloscLZ and LZ4 give C's bytes, zstd is klauspost/compress's.

// goCompressOptions returns the Go options doing the work C-Blosc 1.21 did
// on w: its codec, clevel, filter, blocksize and split.
func goCompressOptions(w *workload, workers int) (blosc.Options, error) {
	b, err := os.ReadFile(w.file)
	if err != nil {
		return blosc.Options{}, err
	}
	h, err := blosc.ReadHeader(b)
	if err != nil {
		return blosc.Options{}, fmt.Errorf("%s: %w", w.name(), err)
	}
	codecs := map[string]blosc.Codec{"blosclz": blosc.BloscLZ, "lz4": blosc.LZ4, "lz4hc": blosc.LZ4HC, "zlib": blosc.Zlib, "zstd": blosc.Zstd}
	o := blosc.DefaultOptions()
	o.Format = blosc.FormatBlosc1
	o.Codec = codecs[w.codec.cname]
	o.Clevel = w.codec.clevel
	o.Typesize = w.ds.typesize
	o.Filters = [blosc.MaxFilters]blosc.Filter{}
	switch w.codec.shuffle {
	case 1:
		o.Filters[blosc.MaxFilters-1] = blosc.Shuffle
	case 2:
		o.Filters[blosc.MaxFilters-1] = blosc.BitShuffle
	}
	o.Blocksize = int(h.Blocksize)
	o.SplitMode = blosc.SplitAlways
	if h.DontSplit() {
		o.SplitMode = blosc.SplitNever
	}
	o.Workers = workers
	return o, nil
}

// compressor is a Go Encoder ready to compress a dataset in chunks.
type compressor struct {
	enc   *blosc.Encoder
	src   []byte
	chunk int
	dst   []byte // MaxCompressedLen(chunk) of room: Compress never allocates
}

func newCompressor(e *env, w *workload, workers int) (*compressor, error) {
	o, err := goCompressOptions(w, workers)
	if err != nil {
		return nil, err
	}
	enc, err := blosc.NewEncoder(o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", w.name(), err)
	}
	c := &compressor{enc: enc, src: e.data[w.ds.name], chunk: w.chunkBytes}
	c.dst = make([]byte, 0, blosc.MaxCompressedLen(c.chunk))
	// Check once that the chunks decode to the dataset.
	var got []byte
	for off := 0; off < len(c.src); off += c.chunk {
		chunk, err := enc.Compress(c.dst[:0], c.src[off:min(off+c.chunk, len(c.src))])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", w.name(), err)
		}
		if got, err = blosc.Decompress(got, chunk); err != nil {
			return nil, fmt.Errorf("%s: Go chunk does not decode: %w", w.name(), err)
		}
	}
	if !bytes.Equal(got, c.src) {
		return nil, fmt.Errorf("%s: Go chunks decode to other bytes", w.name())
	}
	return c, nil
}

// run compresses the whole dataset once and returns the compressed size.
func (c *compressor) run() (int64, error) {
	var total int64
	for off := 0; off < len(c.src); off += c.chunk {
		out, err := c.enc.Compress(c.dst[:0], c.src[off:min(off+c.chunk, len(c.src))])
		if err != nil {
			return 0, err
		}
		total += int64(len(out))
	}
	return total, nil
}

// BenchmarkCompress compresses every workload's dataset (16 MiB by
// default) into Blosc1 chunks with an Encoder of 1 and 2 workers, doing
// C-Blosc 1.21's work (its blocksize and split); C-MB/s is C-Blosc 1.21
// compressing the same data with as many threads. MB/s are of
// uncompressed bytes.
//
//	go test -run '^$' -bench Compress -benchtime 5x ./bench/
func BenchmarkCompress(b *testing.B) {
	e := setup(b)
	for _, w := range e.workloads {
		for _, workers := range workersList {
			w, workers := w, workers
			b.Run(fmt.Sprintf("%s/w%d", w.name(), workers), func(b *testing.B) {
				c, err := newCompressor(e, w, workers)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(c.src)))
				b.ReportAllocs()
				b.ResetTimer()
				var cbytes int64
				for i := 0; i < b.N; i++ {
					if cbytes, err = c.run(); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				b.ReportMetric(float64(len(c.src))/float64(cbytes), "ratio")
				cm, _, err := e.cCompress(w, workers, 3)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(cm, "C-MB/s")
			})
		}
	}
}

// cCompress times C-Blosc 1.21 compressing w's dataset with threads
// threads: best of repeats, MB/s of uncompressed bytes, and the size.
func (e *env) cCompress(w *workload, threads, repeats int) (float64, int64, error) {
	mbps, extra, err := e.c.requestExtra(map[string]any{"op": "compress", "raw": e.rawPath[w.ds.name],
		"typesize": w.ds.typesize, "cname": w.codec.cname, "clevel": w.codec.clevel,
		"shuffle": w.codec.shuffle, "chunk_bytes": w.chunkBytes, "threads": threads, "repeats": repeats})
	return mbps, int64(extra), err
}

// TestCompressReport prints the markdown table comparing Go's compression
// with C-Blosc 1.21's on the same data and work, measured in the same run,
// next to copy() and to C-Blosc2's reference ratio to memcpy. It runs only
// when BLOSC2_BENCH_REPORT=1, with the settings of TestReport:
//
//	BLOSC2_BENCH_REPORT=1 go test -run TestCompressReport -v -timeout 30m ./bench/
func TestCompressReport(t *testing.T) {
	if os.Getenv("BLOSC2_BENCH_REPORT") != "1" {
		t.Skip("set BLOSC2_BENCH_REPORT=1 to measure and print the comparison table")
	}
	e := setup(t)
	repeats := envInt("BLOSC2_BENCH_REPEATS", 5)
	rounds := envInt("BLOSC2_BENCH_ROUNDS", 3)
	_, ref, refMemcpy, refErr := loadReference(referencePath())
	if refErr != nil {
		t.Logf("no C-Blosc2 reference column: %v", refErr)
	}
	type row struct {
		w           *workload
		goMB, cMB   map[int]float64
		goCB, cCB   int64
		compressors map[int]*compressor
	}
	rows := make([]*row, len(e.workloads))
	goCopy := map[string]float64{}
	cCopy := map[string]float64{}
	start := time.Now()
	for r := 0; r < rounds; r++ {
		for i, w := range e.workloads {
			if rows[i] == nil {
				rows[i] = &row{w: w, goMB: map[int]float64{}, cMB: map[int]float64{}, compressors: map[int]*compressor{}}
			}
			rw := rows[i]
			for _, n := range workersList {
				c := rw.compressors[n]
				if c == nil {
					var err error
					if c, err = newCompressor(e, w, n); err != nil {
						t.Fatal(err)
					}
					rw.compressors[n] = c
				}
				cm, ccb, err := e.cCompress(w, n, repeats)
				if err != nil {
					t.Fatal(err)
				}
				best := time.Duration(1<<63 - 1)
				for k := 0; k < repeats; k++ {
					t0 := time.Now()
					cb, err := c.run()
					if err != nil {
						t.Fatal(err)
					}
					if el := time.Since(t0); el < best {
						best = el
					}
					rw.goCB = cb
				}
				rw.cCB = ccb
				rw.cMB[n] = maxf(rw.cMB[n], cm)
				rw.goMB[n] = maxf(rw.goMB[n], float64(len(c.src))/best.Seconds()/1e6)
			}
			name := w.ds.name
			goCopy[name] = maxf(goCopy[name], timeCopy(e.data[name], repeats))
			c, err := e.cMemcpy(w.ds, repeats)
			if err != nil {
				t.Fatal(err)
			}
			cCopy[name] = maxf(cCopy[name], c)
		}
		for _, rw := range rows {
			rw.compressors = map[int]*compressor{} // free the codec state between rounds
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "Chunk compression, MB/s of uncompressed bytes (best of %d rounds x %d), %d MiB per dataset, GOMAXPROCS %d, %s; C = C-Blosc %s (python3-blosc); both write Blosc1 chunks with C's blocksize and split; measured in %v.\n\n",
		rounds, repeats, datasetBytes()>>20, runtime.GOMAXPROCS(0), cpuName(), shortVersion(e.cVersion), time.Since(start).Round(time.Second))
	fmt.Fprintln(&b, "| workload | chunk | Go cratio | C cratio | Go w1 | Go w2 | C t1 | C t2 | Go/C t1 | Go/C t2 | copy() | memcpy | Go w1/copy | C t1/memcpy | C-Blosc2 ref t1/memcpy |")
	fmt.Fprintln(&b, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, rw := range rows {
		w := rw.w
		refCol := "n/a"
		if v, ok := ref[refKey{w.ds.name, w.codec.cname, w.codec.clevel, w.codec.filter, w.chunkBytes, 1}]; ok && refMemcpy > 0 {
			refCol = fmt.Sprintf("%.2f", v/refMemcpy)
		}
		nb := float64(datasetBytes())
		fmt.Fprintf(&b, "| %s %s | %d MiB | %.2f | %.2f | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f | %.0f | %.0f | %.2f | %.2f | %s |\n",
			w.ds.name, w.codec.name, w.chunkBytes>>20, nb/float64(rw.goCB), nb/float64(rw.cCB),
			rw.goMB[1], rw.goMB[2], rw.cMB[1], rw.cMB[2],
			rw.goMB[1]/rw.cMB[1], rw.goMB[2]/rw.cMB[2],
			goCopy[w.ds.name], cCopy[w.ds.name],
			rw.goMB[1]/goCopy[w.ds.name], rw.cMB[1]/cCopy[w.ds.name], refCol)
	}
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "w1/w2: blosc.Encoder with Workers 1/2; t1/t2: blosc.set_nthreads(1/2), blosc.compress_ptr (its output is a new Python bytes object per chunk). copy(): Go copy of the dataset; memcpy: numpy.copyto in the python process.")
	fmt.Fprintln(&b, "C-Blosc2 ref: C-Blosc2 3.3.3.dev compress MB/s (1 thread, same dataset/codec/chunk size) / its memcpy, from the reference file (not this run, Blosc2 blocksizes and format).")
	t.Log("\n" + b.String())
	if out := os.Getenv("BLOSC2_BENCH_REPORT_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}
