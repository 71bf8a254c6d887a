package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/render"
	"github.com/blosc2go/blosc2/store"
)

var screenshots = flag.String("screenshots", "", "also save the screenshots of the README into `DIR` (e.g. ../screenshots)")

const testdata = "../../../testdata"

// TestBrowser builds the site, serves it with a corpus b2nd array, a
// corpus frame and an array with NaNs on a loopback server, and loads each
// in headless Chromium: the page must show the header fields and values,
// and its heatmaps and chunk map must hold exactly the pixels of the blosc2
// command's plot of the same slice.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the headless Chromium test in -short mode")
	}
	peertest.SkipIfDisabled(t, "chromium")
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		peertest.Missing(t, "the browser test needs chromium (Debian package chromium)")
	}

	tmp := t.TempDir()
	site, data := filepath.Join(tmp, "site"), filepath.Join(tmp, "site", "data")
	var log bytes.Buffer
	if err := Build(site, &log); err != nil {
		t.Fatalf("building the site: %v\n%s", err, log.String())
	}
	for _, want := range []string{"index.html", "viewer.js", "viewer.css", "wasm_exec.js", "blosc2view.wasm"} {
		if _, err := os.Stat(filepath.Join(site, want)); err != nil {
			t.Fatalf("the site lacks %s", want)
		}
	}
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"b2nd/a02_3d_i4.b2nd", "frames/f05_special_chunks.b2frame", "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame"} {
		b, err := os.ReadFile(filepath.Join(testdata, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(data, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeWaves(t, filepath.Join(data, "waves.b2nd"))
	writeStore(t, filepath.Join(data, "s.b2z"))

	cli := filepath.Join(tmp, "blosc2")
	if out, err := exec.Command(goBin(t), "build", "-o", cli, "github.com/blosc2go/blosc2/cmd/blosc2").CombinedOutput(); err != nil {
		t.Fatalf("building blosc2: %v\n%s", err, out)
	}
	plot := func(args ...string) *image.NRGBA {
		out := filepath.Join(tmp, "plot.png")
		args = append([]string{"plot", "-o", out}, args...)
		if b, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
			t.Fatalf("blosc2 %v: %v\n%s", args, err, b)
		}
		return readPNG(t, out)
	}

	// The server answers range requests (http.FileServer), as the page
	// reads files with them; it counts the bytes it sends of big.b2nd.
	writeNoise(t, filepath.Join(data, "big.b2nd"))
	files := http.FileServer(http.Dir(site))
	var bigMu sync.Mutex
	var bigSent int64
	var bigWhole []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/data/big.b2nd" {
			files.ServeHTTP(w, r)
			return
		}
		cw := &countingWriter{ResponseWriter: w}
		files.ServeHTTP(cw, r)
		bigMu.Lock()
		bigSent += cw.n
		if r.Header.Get("Range") == "" {
			bigWhole = append(bigWhole, r.Method)
		}
		bigMu.Unlock()
	}))
	defer srv.Close()
	chrome := &chrome{t: t, path: browser, profile: filepath.Join(tmp, "profile"), base: srv.URL + "/index.html?"}

	// A corpus b2nd array: header and array text, the values table, and
	// a transposed slice against plot's.
	dom := chrome.dom("url=data/a02_3d_i4.b2nd&view=slice&axes=2,0&index=0,4,0&scale=5&pick=3,2")
	a, err := frame.OpenArrayFile(filepath.Join(data, "a02_3d_i4.b2nd"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Frame().Close()
	raw, err := a.ReadSlab(nil, []int64{2, 4, 3}, []int64{3, 5, 4}) // row 3 of axis 2, column 2 of axis 0
	if err != nil {
		t.Fatal(err)
	}
	picked := int32(binary.LittleEndian.Uint32(raw))
	for _, want := range []string{
		`data-state="ready"`,
		"<th>codec</th><td>lz4</td>", "<th>filters</th><td>shuffle</td>", "<th>chunks</th><td>24</td>",
		"<th>nbytes</th><td>103680</td>", "<th>shape</th><td>20 × 33 × 17</td>", "<th>dtype</th><td>&lt;i4</td>",
		"17 × 20 values", fmt.Sprintf(`class="center">%d</td>`, picked),
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("a02_3d_i4.b2nd: the page lacks %q", want)
		}
	}
	shot := chrome.screenshot("url=data/a02_3d_i4.b2nd&view=slice&axes=2,0&index=0,4,0&scale=5", 1000, 700, "")
	findImage(t, "a02_3d_i4.b2nd slice", shot, plot("--axes", "2,0", "--index", "4", "--scale", "5", filepath.Join(data, "a02_3d_i4.b2nd")))

	// An array with NaNs: the heatmap marks them as plot does.
	dom = chrome.dom("url=data/waves.b2nd&view=slice&scale=6")
	for _, want := range []string{`data-state="ready"`, "<th>dtype</th><td>&lt;f8</td>", "48 × 64 values", "36 NaNs"} {
		if !strings.Contains(dom, want) {
			t.Errorf("waves.b2nd: the page lacks %q", want)
		}
	}
	shot = chrome.screenshot("url=data/waves.b2nd&view=slice&scale=6&pick=20,30", 1100, 640, "slice.png")
	want := plot("--scale", "6", filepath.Join(data, "waves.b2nd"))
	if want.NRGBAAt(6*30, 6*10) != render.NaNColor {
		t.Fatal("plot does not mark the NaN at row 10, column 30")
	}
	findImage(t, "waves.b2nd slice", shot, want)

	// A corpus frame with special chunks: the chunk map, and the header.
	dom = chrome.dom("url=data/f05_special_chunks.b2frame&view=chunks&cell=16&chunk=5")
	for _, want := range []string{`data-state="ready"`, "<th>codec</th><td>lz4</td>", "<th>chunks</th><td>9</td>", "9 chunks, 3 per row", "<td>special: value</td>"} {
		if !strings.Contains(dom, want) {
			t.Errorf("f05_special_chunks.b2frame: the page lacks %q", want)
		}
	}
	shot = chrome.screenshot("url=data/f05_special_chunks.b2frame&view=chunks&cell=16", 1000, 640, "")
	findImage(t, "f05 chunk map", shot, plot("--chunks", "--scale", "16", filepath.Join(data, "f05_special_chunks.b2frame")))

	// A frame with vlmetalayers: decoded from msgpack.
	dom = chrome.dom("url=data/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	for _, want := range []string{`data-state="ready"`, `"unit": "m"`, `"scale": 1.5`, "Golden corpus frame f01"} {
		if !strings.Contains(dom, want) {
			t.Errorf("f01: the page lacks %q", want)
		}
	}
	// A big array is read lazily: header, index, chunk headers and the
	// chunk of the slice drawn, never the whole file.
	dom = chrome.dom("url=data/big.b2nd&view=slice&stop=40,50&pick=39,49")
	st, err := os.Stat(filepath.Join(data, "big.b2nd"))
	if err != nil {
		t.Fatal(err)
	}
	bigMu.Lock()
	sent, whole := bigSent, bigWhole
	bigMu.Unlock()
	if !strings.Contains(dom, "40 × 50 values") || !strings.Contains(dom, `class="center">`) {
		t.Errorf("big.b2nd: no slice or value table drawn")
	}
	if len(whole) != 0 || sent <= 0 || sent > st.Size()/4 {
		t.Errorf("big.b2nd: %d of %d bytes sent, %d requests without a range", sent, st.Size(), len(whole))
	}
	t.Logf("big.b2nd: %d of %d bytes read by the page", sent, st.Size())

	// A file opened as a local File (what picking or dropping gives).
	dom = chrome.dom("asfile=data/a02_3d_i4.b2nd&view=chunks")
	for _, want := range []string{"<th>codec</th><td>lz4</td>", "24 chunks, 5 per row", "a02_3d_i4.b2nd (b2nd, 37629 bytes)"} {
		if !strings.Contains(dom, want) {
			t.Errorf("a02_3d_i4.b2nd as a File: the page lacks %q", want)
		}
	}

	// A store: its keys as a tree, then a member in the views.
	dom = chrome.dom("url=data/s.b2z")
	for _, want := range []string{
		"s.b2z (store, ", "<th>store form</th><td>b2z</td>", "<th>store flavor</th><td>tree</td>",
		"<th>keys</th><td>3 (1 embedded, 2 external)</td>",
		`data-key="/grid/x"`, ">x</td><td>ndarray</td><td>(6, 8)</td><td>&lt;i4</td><td>192</td><td>external (grid/x.b2nd)</td><td><button>open</button>",
		`data-key="/grid"`, ">grid/</td>",
		">notes</td><td>schunk</td><td></td><td></td><td>13</td><td>external (notes.b2f)</td>",
		">ref</td><td>c2array</td><td></td><td></td><td></td><td>embedded</td><td></td>",
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("s.b2z: the page lacks %q", want)
		}
	}
	dom = chrome.dom("url=data/s.b2z&key=/grid/x&view=slice&scale=4&pick=2,3")
	for _, want := range []string{"Member /grid/x of the store s.b2z.", "<th>shape</th><td>6 × 8</td>", "6 × 8 values", `class="center">19</td>`} {
		if !strings.Contains(dom, want) {
			t.Errorf("s.b2z member /grid/x: the page lacks %q", want)
		}
	}
	dom = chrome.dom("asfile=data/s.b2z&key=/grid/x&view=chunks")
	if !strings.Contains(dom, "4 chunks, 2 per row") {
		t.Errorf("s.b2z as a File, member /grid/x: no chunk map of 4 chunks")
	}

	if *screenshots != "" {
		chrome.screenshot("url=data/f01_lz4_shuffle_f64_meta_vlmeta.b2frame&view=info", 1000, 760, "info.png")
		chrome.screenshot("url=data/f05_special_chunks.b2frame&view=chunks&chunk=5", 1000, 520, "chunks.png")
		chrome.screenshot("url=data/s.b2z", 1000, 420, "store.png")
	}
}

// writeStore writes a TreeStore .b2z: /grid/x a 6x8 int32 ramp, /notes a
// super-chunk, /ref a C2Array reference.
func writeStore(t *testing.T, path string) {
	w, err := store.Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := frame.DefaultParams()
	p.Typesize = 4
	var ramp []byte
	for i := 0; i < 48; i++ {
		ramp = binary.LittleEndian.AppendUint32(ramp, uint32(i))
	}
	m := frame.NDMeta{Shape: []int64{6, 8}, ChunkShape: []int32{3, 4}, BlockShape: []int32{3, 2}, Dtype: "<i4"}
	if err := w.AddArray("/grid/x", m, p, ramp); err != nil {
		t.Fatal(err)
	}
	if err := w.AddSChunk("/notes", frame.DefaultParams(), []byte("hello, store!")); err != nil {
		t.Fatal(err)
	}
	if err := w.AddC2Array("/ref", "https://cat2.cloud/demo", "@public/x.b2nd"); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// writeWaves writes a 48x64 float64 array of waves with a 6x6 square of NaNs
// at rows 8..13, columns 28..33.
func writeWaves(t *testing.T, path string) {
	const rows, cols = 48, 64
	data := make([]byte, 0, rows*cols*8)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			v := math.Sin(float64(c)/6)*math.Cos(float64(r)/5) + float64(r+c)/40
			if r >= 8 && r < 14 && c >= 28 && c < 34 {
				v = math.NaN()
			}
			data = binary.LittleEndian.AppendUint64(data, math.Float64bits(v))
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := frame.NDMeta{Shape: []int64{rows, cols}, ChunkShape: []int32{16, 32}, BlockShape: []int32{8, 8}, Dtype: "<f8"}
	p := frame.DefaultParams()
	p.Typesize = 8
	w, err := frame.NewArrayWriter(f, m, p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// writeNoise writes a 1024x1024 float64 array of noise (8 MiB that do not
// compress) in 16 chunks of 256x256.
func writeNoise(t *testing.T, path string) {
	const n = 1024
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 0, n*n*8)
	for i := 0; i < n*n; i++ {
		data = binary.LittleEndian.AppendUint64(data, math.Float64bits(rng.NormFloat64()))
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := frame.NDMeta{Shape: []int64{n, n}, ChunkShape: []int32{256, 256}, BlockShape: []int32{32, 32}, Dtype: "<f8"}
	p := frame.DefaultParams()
	p.Typesize = 8
	w, err := frame.NewArrayWriter(f, m, p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// countingWriter counts the body bytes written.
type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.ResponseWriter.Write(p)
	c.n += int64(n)
	return n, err
}

func goBin(t *testing.T) string {
	p, err := goCommand()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// chrome runs headless Chromium on pages of the test server.
type chrome struct {
	t       *testing.T
	path    string
	profile string
	base    string
	n       int
}

func (c *chrome) run(args ...string) []byte {
	c.t.Helper()
	c.n++
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args = append([]string{
		"--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
		"--force-device-scale-factor=1", "--force-color-profile=srgb",
		"--user-data-dir=" + fmt.Sprintf("%s-%d", c.profile, c.n),
		"--virtual-time-budget=60000",
	}, args...)
	cmd := exec.CommandContext(ctx, c.path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		c.t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return stdout.Bytes()
}

// dom loads the page with the given query and returns the DOM.
func (c *chrome) dom(query string) string {
	c.t.Helper()
	dom := string(c.run("--window-size=1000,700", "--dump-dom", c.base+query))
	if !strings.Contains(dom, `data-state="ready"`) {
		status := dom
		if i := strings.Index(dom, `id="status"`); i >= 0 {
			status = dom[i:min(len(dom), i+300)]
		}
		c.t.Errorf("%s: the page is not ready: %s", query, status)
	}
	return dom
}

// screenshot loads the page and returns its screenshot, also saved as
// save in -screenshots DIR when both are given.
func (c *chrome) screenshot(query string, w, h int, save string) *image.NRGBA {
	c.t.Helper()
	out := filepath.Join(filepath.Dir(c.profile), fmt.Sprintf("shot%d.png", c.n+1))
	c.run(fmt.Sprintf("--window-size=%d,%d", w, h), "--screenshot="+out, c.base+query)
	if save != "" && *screenshots != "" {
		b, err := os.ReadFile(out)
		if err != nil {
			c.t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshots, save), b, 0o644); err != nil {
			c.t.Fatal(err)
		}
	}
	return readPNG(c.t, out)
}

func readPNG(t *testing.T, path string) *image.NRGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := image.NewNRGBA(img.Bounds().Sub(img.Bounds().Min))
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

// findImage fails t unless needle appears in hay pixel for pixel.
func findImage(t *testing.T, what string, hay, needle *image.NRGBA) {
	t.Helper()
	hw, hh := hay.Bounds().Dx(), hay.Bounds().Dy()
	nw, nh := needle.Bounds().Dx(), needle.Bounds().Dy()
	for y := 0; y+nh <= hh; y++ {
		for x := 0; x+nw <= hw; x++ {
			if matchAt(hay, needle, x, y) {
				return
			}
		}
	}
	t.Errorf("%s: the screenshot (%dx%d) does not hold plot's %dx%d picture", what, hw, hh, nw, nh)
}

func matchAt(hay, needle *image.NRGBA, x, y int) bool {
	nw, nh := needle.Bounds().Dx(), needle.Bounds().Dy()
	for dy := 0; dy < nh; dy++ {
		a := hay.Pix[hay.PixOffset(x, y+dy) : hay.PixOffset(x, y+dy)+4*nw]
		b := needle.Pix[needle.PixOffset(0, dy) : needle.PixOffset(0, dy)+4*nw]
		if !bytes.Equal(a, b) {
			return false
		}
	}
	return true
}
