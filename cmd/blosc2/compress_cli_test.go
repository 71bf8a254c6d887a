package main

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/frame"
)

// TestCompressRefusesInputAsOutput: -o naming the input (directly or
// through a link) is a usage error that leaves the input untouched.
func TestCompressRefusesInputAsOutput(t *testing.T) {
	dir := t.TempDir()
	data := testBytes(5000)
	in := writeTemp(t, dir, "in.bin", data)
	link := filepath.Join(dir, "link.bin")
	if err := os.Link(in, link); err != nil {
		t.Skip("no hard links:", err)
	}
	for _, out := range []string{in, link, filepath.Join(dir, ".", "in.bin")} {
		for _, format := range []string{"frame", "b2nd", "chunk"} {
			args := []string{"compress", "--format", format, "-o", out, in}
			if format == "b2nd" {
				args = append(args, "--dtype", "|u1")
			}
			r := runTool(nil, args...)
			if r.code != exitUsage || !strings.Contains(r.stderr, "is the input") {
				t.Errorf("%v: %v; want exit 2 saying the output is the input", args, r)
			}
			if b, _ := os.ReadFile(in); string(b) != string(data) {
				t.Fatalf("%v: the input changed", args)
			}
		}
	}
}

// TestCompressToDevice: -o /dev/null is accepted.
func TestCompressToDevice(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/null")
	}
	if _, err := os.Stat("/dev/null"); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	in := writeTemp(t, dir, "in.bin", f64Bytes(1000))
	for _, format := range []string{"frame", "b2nd", "chunk", "blosc1"} {
		args := []string{"compress", "--format", format, "-o", "/dev/null", in}
		if format == "b2nd" {
			args = append(args, "--dtype", "<f8")
		}
		if r := runTool(nil, args...); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("%v: %v", args, r)
		}
	}
}

// TestCompressSummary: --progress prints the one-line summary (standard
// error is not a terminal in tests), --quiet nothing, and the default
// nothing when standard error is not a terminal.
func TestCompressSummary(t *testing.T) {
	dir := t.TempDir()
	in := writeTemp(t, dir, "in.bin", f64Bytes(100000))
	out := filepath.Join(dir, "out.b2frame")
	r := runTool(nil, "compress", "--progress", "-o", out, in)
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	// Progress lines (one a second, when the job is slow) come first, then
	// the summary.
	re := regexp.MustCompile(`(?m)\A(blosc2 compress: [0-9.]+ MB of [0-9.]+ MB \(\d+%\), [0-9.]+ MB/s\n)*blosc2 compress: 800000 bytes in, (\d+) bytes out, ratio [0-9.]+x, [0-9.]+ s, [0-9.]+ MB/s\n\z`)
	m := re.FindStringSubmatch(r.stderr)
	if r.code != 0 || m == nil || m[2] != strconv.FormatInt(st.Size(), 10) {
		t.Errorf("--progress: %v; want the summary line with %d bytes out", r, st.Size())
	}
	for _, args := range [][]string{{"--quiet"}, {}} {
		r := runTool(nil, append(append([]string{"compress"}, args...), "-o", out, in)...)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%v: %v; want no output", args, r)
		}
	}
	if r := runTool(nil, "compress", "--progress", "--quiet", "-o", out, in); r.code != exitUsage {
		t.Errorf("--progress --quiet: %v", r)
	}
}

func TestVersion(t *testing.T) {
	for _, a := range []string{"--version", "version"} {
		r := runTool(nil, a)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "blosc2 ") || !strings.Contains(r.stdout, "go1.") {
			t.Errorf("%s: %v %q", a, r, r.stdout)
		}
	}
}

// TestCompressB2NDStreams: compress --format b2nd holds about one chunk
// row in memory, not the input: the allocations of a 64 MiB array with
// 1 MiB chunk rows stay far below the input size.
func TestCompressB2NDStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MiB input")
	}
	dir := t.TempDir()
	const rows, cols = 8192, 1024 // 64 MiB of <f8
	f, err := os.Create(filepath.Join(dir, "in.bin"))
	if err != nil {
		t.Fatal(err)
	}
	row := f64Bytes(cols)
	for i := 0; i < rows; i++ {
		if _, err := f.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	out := filepath.Join(dir, "out.b2nd")
	var r result
	peak := peakHeap(func() {
		r = runTool(nil, "compress", "--format", "b2nd", "--dtype", "<f8", "--shape", "8192,1024",
			"--chunkshape", "128,1024", "--blockshape", "16,1024", "--codec", "lz4", "-o", out, f.Name())
	})
	if r.code != 0 {
		t.Fatalf("%v", r)
	}
	t.Logf("peak heap %d MiB for a 64 MiB array", peak>>20)
	if peak > 32<<20 {
		t.Errorf("compressing a 64 MiB array peaked at %d MiB of heap; want a bounded amount (chunk rows of 1 MiB)", peak>>20)
	}
	a, err := frame.OpenArrayFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	got, err := frame.Read[float64](a, frame.Index(-1))
	if err != nil || len(got) != cols {
		t.Fatalf("last row: %v", err)
	}
	for i, v := range got {
		if math.Float64bits(v) != binary.LittleEndian.Uint64(row[8*i:]) {
			t.Fatalf("last row differs at %d", i)
		}
	}
}

// peakHeap returns the largest heap in use, above what it was before,
// sampled every millisecond while fn runs.
func peakHeap(fn func()) uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	base := m.HeapAlloc
	done := make(chan struct{})
	res := make(chan uint64)
	go func() {
		var peak uint64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			var s runtime.MemStats
			runtime.ReadMemStats(&s)
			if s.HeapAlloc > base && s.HeapAlloc-base > peak {
				peak = s.HeapAlloc - base
			}
			select {
			case <-done:
				res <- peak
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(done)
	return <-res
}

// TestProgressLine: a job running over a second shows progress lines
// (one a second when standard error is not a terminal) before the summary.
func TestProgressLine(t *testing.T) {
	if testing.Short() {
		t.Skip("waits over a second")
	}
	var buf strings.Builder
	var p progress
	p.total = 1000
	stop := p.start(&buf, true)
	p.in.Store(500)
	time.Sleep(progressDelay + 300*time.Millisecond)
	p.in.Store(1000)
	p.out = 250
	stop(true)
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) < 2 || !strings.Contains(lines[0], "0.0 MB of 0.0 MB (50%)") ||
		!strings.HasPrefix(lines[len(lines)-1], "blosc2 compress: 1000 bytes in, 250 bytes out, ratio 4.00x") {
		t.Errorf("progress output %q", buf.String())
	}
}

// TestInfoArrayProblems: info names a saved LazyExpr and its operands, and
// a dtype that disagrees with the typesize, in text and JSON.
func TestInfoArrayProblems(t *testing.T) {
	lazy := filepath.Join(testdataDir, "external/pyb2_legacy_lazyexpr_v1_expr.b2nd")
	odd := filepath.Join(testdataDir, "external/example_day_month_temp.b2nd")
	for _, c := range []struct {
		file string
		want []string
	}{
		{lazy, []string{"lazy expr", `LazyExpr "a + b"`, "a=a.b2nd", "b=b.b2nd"}},
		{odd, []string{"dtype problem", "|u1", "typesize is 4"}},
	} {
		r := runTool(nil, "info", c.file)
		for _, w := range c.want {
			if r.code != 0 || !strings.Contains(r.stdout, w) {
				t.Errorf("info %s: %v; want %q in:\n%s", c.file, r, w, r.stdout)
			}
		}
	}
	r := runTool(nil, "info", "--json", lazy)
	if r.code != 0 || !strings.Contains(r.stdout, `"lazy_expr"`) {
		t.Errorf("info --json: %v", r)
	}
}
