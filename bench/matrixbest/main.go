// Command matrixbest merges several runs of the side-by-side matrix
// (../shared/reference/tools/perf_matrix.py, one JSON line per workload with
// C-Blosc2's and our figures) into one table: for each workload and side,
// the best compression and decompression throughput over all runs, as each
// run already keeps the best of its repeats. Figures on a shared VM swing
// 10-30% between runs of the same binary (C's too); the best of several
// alternating runs is what each side can do on the machine.
//
//	for i in 1 2; do for w in zstd zlib:5 lz4:5 lz4hc:5 blosclz:5; do
//	  ../shared/reference/tools/perf_matrix.py /tmp/gobench run$i/m-$w.jsonl $w
//	done; done
//	go run ./bench/matrixbest run1/*.jsonl run2/*.jsonl
//
// It prints, in Markdown: per codec and chunk size the geo-means of ours/C
// and the rows below 1.0; every row below 1.0 with each run's ratios; and
// the 2-worker scaling (t2/t1 on each side) of the workloads where C-Blosc2
// gains at least -scaling (1.6) and we do not. -rows also prints every
// structured row (f64_smooth, i32_ramp_noise).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
)

// side is one side's figures in a perf_matrix.py line.
type side struct {
	Compress   float64 `json:"compress_MBps"`
	Decompress float64 `json:"decompress_MBps"`
	Cbytes     int64   `json:"cbytes"`
}

// line is one perf_matrix.py line.
type line struct {
	Tag string `json:"tag"`
	C   side   `json:"c"`
	Go  side   `json:"go"`
}

// row is one workload merged over runs.
type row struct {
	tag            string
	c, g           side      // best throughputs over the runs; cbytes of the last run
	comp, decomp   []float64 // each run's ours/C
	dataset, codec string    // "f64_smooth", "zstd" (clevel dropped)
	chunk, threads string    // "1M", "t1"
}

func (r *row) compRatio() float64   { return r.g.Compress / r.c.Compress }
func (r *row) decompRatio() float64 { return r.g.Decompress / r.c.Decompress }
func (r *row) sizeRatio() float64   { return float64(r.g.Cbytes) / float64(r.c.Cbytes) }

// merge reads perf_matrix.py lines and merges them per tag, keeping the
// order in which tags first appear.
func merge(rows map[string]*row, order *[]string, rd io.Reader, name string) error {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
		f := strings.Fields(l.Tag)
		if len(f) != 5 || l.C.Compress <= 0 || l.C.Decompress <= 0 || l.Go.Compress <= 0 || l.Go.Decompress <= 0 {
			return fmt.Errorf("%s:%d: not a perf_matrix.py line (tag %q)", name, n, l.Tag)
		}
		r := rows[l.Tag]
		if r == nil {
			r = &row{tag: l.Tag, dataset: f[0], codec: strings.SplitN(f[1], ":", 2)[0], chunk: f[3], threads: f[4]}
			rows[l.Tag] = r
			*order = append(*order, l.Tag)
		}
		r.c.Compress, r.c.Decompress = max(r.c.Compress, l.C.Compress), max(r.c.Decompress, l.C.Decompress)
		r.g.Compress, r.g.Decompress = max(r.g.Compress, l.Go.Compress), max(r.g.Decompress, l.Go.Decompress)
		r.c.Cbytes, r.g.Cbytes = l.C.Cbytes, l.Go.Cbytes
		r.comp = append(r.comp, l.Go.Compress/l.C.Compress)
		r.decomp = append(r.decomp, l.Go.Decompress/l.C.Decompress)
	}
	return sc.Err()
}

func geomean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}

func ratios(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("%.2f", x)
	}
	return strings.Join(s, " ")
}

// report writes the tables for the merged rows.
func report(w io.Writer, rows map[string]*row, order []string, scaling float64, all bool) {
	type group struct{ codec, chunk string }
	var groups []group
	byGroup := map[group][]*row{}
	for _, t := range order {
		r := rows[t]
		g := group{r.codec, r.chunk}
		if byGroup[g] == nil {
			groups = append(groups, g)
		}
		byGroup[g] = append(byGroup[g], r)
	}
	runs := 0
	for _, r := range rows {
		runs = max(runs, len(r.comp))
	}
	fmt.Fprintf(w, "Best of up to %d runs per side.\n\n", runs)
	fmt.Fprintln(w, "| codec, chunk | rows | compress geo-mean ours/C | decompress geo-mean ours/C | size geo-mean | rows below 1.0 (comp / decomp) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, g := range groups {
		rs := byGroup[g]
		var c, d, s []float64
		bc, bd := 0, 0
		for _, r := range rs {
			c, d, s = append(c, r.compRatio()), append(d, r.decompRatio()), append(s, r.sizeRatio())
			if r.compRatio() < 1 {
				bc++
			}
			if r.decompRatio() < 1 {
				bd++
			}
		}
		fmt.Fprintf(w, "| %s %s | %d | %.2f | %.2f | %.3f | %d / %d |\n", g.codec, g.chunk, len(rs), geomean(c), geomean(d), geomean(s), bc, bd)
	}
	if all {
		fmt.Fprintln(w, "\nThe structured rows and every row below 1.0 (best of runs; each run's ours/C after it):")
	} else {
		fmt.Fprintln(w, "\nRows below 1.0 (best of runs; each run's ours/C after it):")
	}
	fmt.Fprintln(w, "\n| workload | compress ours/C | decompress ours/C | C best MB/s (comp / decomp) | ours best | runs: compress | runs: decompress |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, t := range order {
		r := rows[t]
		if r.compRatio() < 1 || r.decompRatio() < 1 || all && (r.dataset == "f64_smooth" || r.dataset == "i32_ramp_noise") {
			fmt.Fprintf(w, "| %s | %.2f | %.2f | %.0f / %.0f | %.0f / %.0f | %s | %s |\n", t, r.compRatio(), r.decompRatio(),
				r.c.Compress, r.c.Decompress, r.g.Compress, r.g.Decompress, ratios(r.comp), ratios(r.decomp))
		}
	}
	// Scaling: pairs of t1 and t2 rows of one workload.
	fmt.Fprintf(w, "\n2-worker scaling where C-Blosc2 gains at least %.2fx and we do not:\n\n", scaling)
	fmt.Fprintln(w, "| workload | phase | C t2/t1 | ours t2/t1 | t2 ours/C |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	n, miss, behind := 0, 0, 0
	var keys []string
	for _, t := range order {
		if strings.HasSuffix(t, " t1") {
			keys = append(keys, strings.TrimSuffix(t, " t1"))
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		r1, r2 := rows[k+" t1"], rows[k+" t2"]
		if r2 == nil {
			continue
		}
		for _, ph := range []struct {
			name string
			f    func(s side) float64
		}{{"compress", func(s side) float64 { return s.Compress }}, {"decompress", func(s side) float64 { return s.Decompress }}} {
			cs, gs := ph.f(r2.c)/ph.f(r1.c), ph.f(r2.g)/ph.f(r1.g)
			if cs < scaling {
				continue
			}
			n++
			if gs >= scaling {
				continue
			}
			miss++
			t2 := ph.f(r2.g) / ph.f(r2.c)
			if t2 < 1 {
				behind++
			}
			fmt.Fprintf(w, "| %s | %s | %.2f | %.2f | %.2f |\n", k, ph.name, cs, gs, t2)
		}
	}
	fmt.Fprintf(w, "\n%d workload phases where C-Blosc2 scales by %.2fx or more; we scale less in %d, and of those our 2-worker throughput is below C-Blosc2's in %d.\n",
		n, scaling, miss, behind)
}

func main() {
	scaling := flag.Float64("scaling", 1.6, "2-worker gain of C-Blosc2 from which ours is checked")
	all := flag.Bool("rows", false, "print every structured row, not only those below 1.0")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: matrixbest [-rows] [-scaling X] RUN.jsonl...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	rows := map[string]*row{}
	var order []string
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "matrixbest:", err)
			os.Exit(1)
		}
		err = merge(rows, &order, f, name)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, "matrixbest:", err)
			os.Exit(1)
		}
	}
	report(os.Stdout, rows, order, *scaling, *all)
}
