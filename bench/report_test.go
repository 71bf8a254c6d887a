package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/blosc"
)

// TestReport prints a markdown table comparing Go's decoding with C-Blosc
// 1.21's on the same chunks, measured in the same run, next to copy() and
// to C-Blosc2's reference ratio to memcpy. It runs only when
// BLOSC2_BENCH_REPORT=1:
//
//	BLOSC2_BENCH_REPORT=1 go test -run TestReport -v -timeout 30m ./bench/
//
// Settings: BLOSC2_BENCH_MB (dataset size, MiB, default 16),
// BLOSC2_BENCH_REPEATS (timed decodes per round, default 5),
// BLOSC2_BENCH_ROUNDS (rounds, default 3), BLOSC2_BENCH_REFERENCE (the
// C-Blosc2 figures, default ../shared/reference/c-blosc2-bench.jsonl beside the checkout).
// Every figure is the best over rounds x repeats; within a round Go and C
// alternate on each workload, so both see the same machine load.
func TestReport(t *testing.T) {
	if os.Getenv("BLOSC2_BENCH_REPORT") != "1" {
		t.Skip("set BLOSC2_BENCH_REPORT=1 to measure and print the comparison table")
	}
	e := setup(t)
	repeats := envInt("BLOSC2_BENCH_REPEATS", 5)
	rounds := envInt("BLOSC2_BENCH_ROUNDS", 3)
	ref, _, refMemcpy, refErr := loadReference(referencePath())
	if refErr != nil {
		t.Logf("no C-Blosc2 reference column: %v", refErr)
	}

	type row struct {
		w     *workload
		goMB  map[int]float64
		cMB   map[int]float64
		ready bool
	}
	rows := make([]*row, len(e.workloads))
	goCopy := map[string]float64{}
	cCopy := map[string]float64{}
	start := time.Now()
	for r := 0; r < rounds; r++ {
		for i, w := range e.workloads {
			if rows[i] == nil {
				rows[i] = &row{w: w, goMB: map[int]float64{}, cMB: map[int]float64{}}
			}
			rw := rows[i]
			for _, n := range workersList {
				chunks, d, dst, err := prepare(e, w, n)
				if err != nil {
					t.Fatal(err)
				}
				c, err := e.cDecompress(w, n, repeats)
				if err != nil {
					t.Fatal(err)
				}
				g, err := timeGo(d, dst, chunks, repeats)
				if err != nil {
					t.Fatal(err)
				}
				rw.cMB[n] = maxf(rw.cMB[n], c)
				rw.goMB[n] = maxf(rw.goMB[n], g)
			}
			name := w.ds.name
			goCopy[name] = maxf(goCopy[name], timeCopy(e.data[name], repeats))
			c, err := e.cMemcpy(w.ds, repeats)
			if err != nil {
				t.Fatal(err)
			}
			cCopy[name] = maxf(cCopy[name], c)
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "Chunk decoding, MB/s of decoded bytes (best of %d rounds x %d), %d MiB per dataset, GOMAXPROCS %d, %s; C = C-Blosc %s (python3-blosc) on the same Blosc1-format chunks; measured in %v.\n\n",
		rounds, repeats, datasetBytes()>>20, runtime.GOMAXPROCS(0), cpuName(), shortVersion(e.cVersion), time.Since(start).Round(time.Second))
	fmt.Fprintln(&b, "| workload | chunk | cratio | Go w1 | Go w2 | C t1 | C t2 | Go/C t1 | Go/C t2 | copy() | memcpy | Go w1/copy | C t1/memcpy | C-Blosc2 ref t1/memcpy |")
	fmt.Fprintln(&b, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, rw := range rows {
		w := rw.w
		refCol := "n/a"
		if v, ok := ref[refKey{w.ds.name, w.codec.cname, w.codec.clevel, w.codec.filter, w.chunkBytes, 1}]; ok && refMemcpy > 0 {
			refCol = fmt.Sprintf("%.2f", v/refMemcpy)
		}
		fmt.Fprintf(&b, "| %s %s | %d MiB | %.2f | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f | %.0f | %.0f | %.2f | %.2f | %s |\n",
			w.ds.name, w.codec.name, w.chunkBytes>>20, float64(datasetBytes())/float64(w.cbytes),
			rw.goMB[1], rw.goMB[2], rw.cMB[1], rw.cMB[2],
			rw.goMB[1]/rw.cMB[1], rw.goMB[2]/rw.cMB[2],
			goCopy[w.ds.name], cCopy[w.ds.name],
			rw.goMB[1]/goCopy[w.ds.name], rw.cMB[1]/cCopy[w.ds.name], refCol)
	}
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "w1/w2: blosc.Decoder with WithWorkers(1/2); t1/t2: blosc.set_nthreads(1/2). copy(): Go copy of the dataset; memcpy: numpy.copyto in the python process.")
	fmt.Fprintln(&b, "C-Blosc2 ref: C-Blosc2 3.3.3.dev decompress MB/s (1 thread, same dataset/codec/chunk size) / its memcpy, from the reference file (not this run, Blosc2 blocksizes).")
	t.Log("\n" + b.String())
	if out := os.Getenv("BLOSC2_BENCH_REPORT_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}

func maxf(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

// timeGo returns the best of repeats decodes of all chunks, in MB/s.
func timeGo(d *blosc.Decoder, dst []byte, chunks [][]byte, repeats int) (float64, error) {
	best := time.Duration(1<<63 - 1)
	for i := 0; i < repeats; i++ {
		t0 := time.Now()
		if err := decodeAll(d, dst, chunks); err != nil {
			return 0, err
		}
		if el := time.Since(t0); el < best {
			best = el
		}
	}
	return float64(len(dst)) / best.Seconds() / 1e6, nil
}

// timeCopy returns the best of repeats copy() of src, in MB/s.
func timeCopy(src []byte, repeats int) float64 {
	dst := make([]byte, len(src))
	copy(dst, src)
	best := time.Duration(1<<63 - 1)
	for i := 0; i < repeats; i++ {
		t0 := time.Now()
		copy(dst, src)
		if el := time.Since(t0); el < best {
			best = el
		}
	}
	return float64(len(src)) / best.Seconds() / 1e6
}

func cpuName() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "model name") {
			if i := strings.IndexByte(l, ':'); i >= 0 {
				return strings.TrimSpace(l[i+1:])
			}
		}
	}
	return "unknown CPU"
}

// refKey selects one figure of the C-Blosc2 reference benchmark.
type refKey struct {
	dataset    string
	codec      string
	clevel     int
	filter     string
	chunkBytes int
	nthreads   int
}

func referencePath() string {
	if p := os.Getenv("BLOSC2_BENCH_REFERENCE"); p != "" {
		return p
	}
	return "../../shared/reference/c-blosc2-bench.jsonl" // shared/ beside the checkout
}

// loadReference reads the C-Blosc2 reference figures (one JSON object per
// line): decompression and compression MB/s per workload and the memcpy
// MB/s.
func loadReference(path string) (dec, comp map[refKey]float64, memcpy float64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, 0, err
	}
	defer f.Close()
	dec, comp = map[refKey]float64{}, map[refKey]float64{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		var r struct {
			Kind       string  `json:"kind"`
			Dataset    string  `json:"dataset"`
			Codec      string  `json:"codec"`
			Clevel     int     `json:"clevel"`
			Filter     string  `json:"filter"`
			ChunkBytes int     `json:"chunk_bytes"`
			NThreads   int     `json:"nthreads"`
			MBps       float64 `json:"MBps"`
			Decompress float64 `json:"decompress_MBps"`
			Compress   float64 `json:"compress_MBps"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		switch r.Kind {
		case "memcpy":
			memcpy = r.MBps
		case "codec":
			k := refKey{r.Dataset, r.Codec, r.Clevel, r.Filter, r.ChunkBytes, r.NThreads}
			dec[k], comp[k] = r.Decompress, r.Compress
		}
	}
	return dec, comp, memcpy, sc.Err()
}

// shortVersion drops the "($Date:: ...)" part of C-Blosc's version string.
func shortVersion(v string) string {
	if i := strings.Index(v, " ("); i > 0 {
		return v[:i]
	}
	return v
}
