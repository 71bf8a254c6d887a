package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/blosc"
)

// refRow is one codec line of the C-Blosc2 reference file.
type refRow struct {
	Dataset    string  `json:"dataset"`
	Typesize   int     `json:"typesize"`
	Codec      string  `json:"codec"`
	Clevel     int     `json:"clevel"`
	Filter     string  `json:"filter"`
	ChunkBytes int     `json:"chunk_bytes"`
	NThreads   int     `json:"nthreads"`
	Ratio      float64 `json:"ratio"`
	CompMBps   float64 `json:"compress_MBps"`
	DecMBps    float64 `json:"decompress_MBps"`
}

// loadReferenceRows reads the codec lines of the C-Blosc2 reference file
// and its memcpy MB/s.
func loadReferenceRows(path string) ([]refRow, float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var rows []refRow
	memcpy := 0.0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		var kind struct {
			Kind  string  `json:"kind"`
			MBps  float64 `json:"MBps"`
			Total int     `json:"total_bytes"`
		}
		if err := json.Unmarshal(sc.Bytes(), &kind); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		switch kind.Kind {
		case "memcpy":
			memcpy = kind.MBps
		case "codec":
			var r refRow
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				return nil, 0, fmt.Errorf("%s: %w", path, err)
			}
			rows = append(rows, r)
		}
	}
	return rows, memcpy, sc.Err()
}

// blosc2Options are the options python-blosc2 and C-Blosc2 use for a
// reference row: the defaults (automatic blocksize, forward-compatible
// split), the row's codec, clevel and typesize, its filter in the last
// slot.
func blosc2Options(r refRow, workers int) (blosc.Options, error) {
	o := blosc.DefaultOptions()
	codecs := map[string]blosc.Codec{"blosclz": blosc.BloscLZ, "lz4": blosc.LZ4, "lz4hc": blosc.LZ4HC, "zlib": blosc.Zlib, "zstd": blosc.Zstd}
	c, ok := codecs[r.Codec]
	if !ok {
		return o, fmt.Errorf("unknown codec %q", r.Codec)
	}
	o.Codec = c
	o.Clevel, o.Typesize, o.Workers = r.Clevel, r.Typesize, workers
	o.Filters = [blosc.MaxFilters]blosc.Filter{}
	switch r.Filter {
	case "shuffle":
		o.Filters[blosc.MaxFilters-1] = blosc.Shuffle
	case "bitshuffle":
		o.Filters[blosc.MaxFilters-1] = blosc.BitShuffle
	case "noshuffle":
	default:
		return o, fmt.Errorf("unknown filter %q", r.Filter)
	}
	return o, nil
}

// TestBlosc2Report prints a markdown table comparing this package with
// C-Blosc2 on its own reference workloads, in the Blosc2 format with the
// default options (blocksize, split) both libraries choose: compressed
// ratio next to C-Blosc2's, and compression and decompression speed as a
// ratio to copy() of the same dataset in the same run, next to C-Blosc2's
// speed over its memcpy (from the reference file, another day). It needs
// no peer, and runs only when BLOSC2_BENCH_REPORT=1:
//
//	BLOSC2_BENCH_REPORT=1 go test -run TestBlosc2Report -v -timeout 30m ./bench/
//
// BLOSC2_BENCH_CODECS (a comma-separated list such as "lz4,zstd") keeps
// the rows of those codecs only.
func TestBlosc2Report(t *testing.T) {
	if os.Getenv("BLOSC2_BENCH_REPORT") != "1" {
		t.Skip("set BLOSC2_BENCH_REPORT=1 to measure and print the comparison table")
	}
	rows, refMemcpy, err := loadReferenceRows(referencePath())
	if err != nil {
		t.Skipf("no C-Blosc2 reference file: %v", err)
	}
	keep := map[string]bool{}
	for _, c := range strings.Split(os.Getenv("BLOSC2_BENCH_CODECS"), ",") {
		if c = strings.TrimSpace(c); c != "" {
			keep[c] = true
		}
	}
	// One line per workload: the reference's 1-thread rows, with its
	// 2-thread figures beside them.
	ref2 := map[string]refRow{}
	var work []refRow
	key := func(r refRow) string {
		return fmt.Sprintf("%s/%s:%d/%s/%d", r.Dataset, r.Codec, r.Clevel, r.Filter, r.ChunkBytes)
	}
	for _, r := range rows {
		if len(keep) > 0 && !keep[r.Codec] {
			continue
		}
		if r.NThreads == 2 {
			ref2[key(r)] = r
		} else if r.NThreads == 1 {
			work = append(work, r)
		}
	}
	sort.SliceStable(work, func(i, j int) bool { return work[i].Dataset < work[j].Dataset })
	data := generated()
	repeats := envInt("BLOSC2_BENCH_REPEATS", 3)
	start := time.Now()

	var b strings.Builder
	fmt.Fprintf(&b, "Blosc2 chunks with the default options, %d MiB per dataset, best of %d, GOMAXPROCS %d, %s. Speeds are ratios to copy() of the dataset in the same run (Go) and to memcpy (C-Blosc2 3.3.3.dev reference, %.0f MB/s, another day): compare the ratio columns, not MB/s across machines.\n\n",
		datasetBytes()>>20, repeats, runtime.GOMAXPROCS(0), cpuName(), refMemcpy)
	fmt.Fprintln(&b, "| workload | chunk | Go cratio | C cratio | Go/C cratio | comp Go w1 MB/s | comp Go w1/copy | comp C t1/memcpy | comp Go w2/copy | comp C t2/memcpy | dec Go w1/copy | dec C t1/memcpy | dec Go w2/copy | dec C t2/memcpy |")
	fmt.Fprintln(&b, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range work {
		src := data[r.Dataset]
		if src == nil {
			continue
		}
		cp := timeCopy(src, repeats)
		var comp, dec [3]float64
		var cbytes int
		for _, workers := range []int{1, 2} {
			o, err := blosc2Options(r, workers)
			if err != nil {
				t.Fatal(err)
			}
			enc, err := blosc.NewEncoder(o)
			if err != nil {
				t.Fatal(err)
			}
			chunks := make([][]byte, 0, len(src)/r.ChunkBytes)
			for off := 0; off < len(src); off += r.ChunkBytes {
				chunks = append(chunks, make([]byte, 0, blosc.MaxCompressedLen(r.ChunkBytes)))
			}
			best := time.Duration(1<<63 - 1)
			for k := 0; k < repeats; k++ {
				t0 := time.Now()
				cbytes = 0
				for i := range chunks {
					off := i * r.ChunkBytes
					c, err := enc.Compress(chunks[i][:0], src[off:off+r.ChunkBytes])
					if err != nil {
						t.Fatal(err)
					}
					chunks[i] = c
					cbytes += len(c)
				}
				if el := time.Since(t0); el < best {
					best = el
				}
			}
			comp[workers] = float64(len(src)) / best.Seconds() / 1e6
			d, err := blosc.NewDecoder(blosc.WithWorkers(workers))
			if err != nil {
				t.Fatal(err)
			}
			dst := make([]byte, len(src))
			best = time.Duration(1<<63 - 1)
			for k := 0; k < repeats; k++ {
				t0 := time.Now()
				for i, c := range chunks {
					if _, err := d.DecompressInto(dst[i*r.ChunkBytes:(i+1)*r.ChunkBytes], c); err != nil {
						t.Fatal(err)
					}
				}
				if el := time.Since(t0); el < best {
					best = el
				}
			}
			dec[workers] = float64(len(src)) / best.Seconds() / 1e6
			if string(dst) != string(src) {
				t.Fatalf("%s: round trip differs", key(r))
			}
		}
		r2 := ref2[key(r)]
		ratio := float64(len(src)) / float64(cbytes)
		fmt.Fprintf(&b, "| %s %s+%s:%d | %d MiB | %.3f | %.3f | %.3f | %.0f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n",
			r.Dataset, r.Filter, r.Codec, r.Clevel, r.ChunkBytes>>20, ratio, r.Ratio, ratio/r.Ratio,
			comp[1], comp[1]/cp, r.CompMBps/refMemcpy, comp[2]/cp, r2.CompMBps/refMemcpy,
			dec[1]/cp, r.DecMBps/refMemcpy, dec[2]/cp, r2.DecMBps/refMemcpy)
	}
	fmt.Fprintf(&b, "\nMeasured in %v. C cratio is C-Blosc2's on the 64 MiB datasets (the ratio of a chunk does not depend on the dataset's length).\n", time.Since(start).Round(time.Second))
	t.Log("\n" + b.String())
	if out := os.Getenv("BLOSC2_BENCH_REPORT_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}
