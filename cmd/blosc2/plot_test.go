package main

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/internal/render"
)

func decodePNG(t *testing.T, b []byte) *image.NRGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewNRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// arrayValues returns the whole array as float64 with its shape.
func arrayValues(t *testing.T, path string) ([]float64, []int64) {
	t.Helper()
	a, err := frame.OpenArrayFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Frame().Close()
	raw, err := a.ReadAll(nil)
	if err != nil {
		t.Fatal(err)
	}
	v, err := render.Float64s(nil, raw, a.Dtype())
	if err != nil {
		t.Fatal(err)
	}
	return v, a.Shape()
}

// TestPlotSlice checks every pixel of plotted slices against the array's
// values read whole: the heatmap is the viridis color of each value between
// the slice's (or the given) min and max, scale×scale pixels per value.
func TestPlotSlice(t *testing.T) {
	path := filepath.Join(testdataDir, "b2nd", "a02_3d_i4.b2nd")
	all, shape := arrayValues(t, path) // 3-D
	for _, tc := range []struct {
		args       []string
		rowAx, col int
		fixed      [3]int64 // index of the axis not drawn
		scale      int
		min, max   float64 // NaN: the slice's
		start      [2]int64
		stop       [2]int64
	}{
		{args: nil, rowAx: 0, col: 1, scale: 1, min: math.NaN()},
		{args: []string{"--axes", "2,0", "--index", "1", "--scale", "3"}, rowAx: 2, col: 0, fixed: [3]int64{0, 1, 0}, scale: 3, min: math.NaN()},
		{args: []string{"--axes", "1,2", "--index", "2,0,0", "--min", "100", "--max", "300"}, rowAx: 1, col: 2, fixed: [3]int64{2, 0, 0}, scale: 1, min: 100, max: 300},
		{args: []string{"--start", "1,2", "--stop", "3,4", "--scale", "2"}, rowAx: 0, col: 1, scale: 2, min: math.NaN(), start: [2]int64{1, 2}, stop: [2]int64{3, 4}},
	} {
		out := filepath.Join(t.TempDir(), "slice.png")
		r := runTool(nil, append(append([]string{"plot", "-o", out}, tc.args...), path)...)
		if r.code != 0 {
			t.Fatalf("%v: %v", tc.args, r)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img := decodePNG(t, b)
		stop := tc.stop
		if stop == [2]int64{} {
			stop = [2]int64{shape[tc.rowAx], shape[tc.col]}
		}
		rows, cols := int(stop[0]-tc.start[0]), int(stop[1]-tc.start[1])
		if img.Bounds().Dx() != cols*tc.scale || img.Bounds().Dy() != rows*tc.scale {
			t.Fatalf("%v: %v, want %dx%d values at scale %d", tc.args, img.Bounds(), cols, rows, tc.scale)
		}
		at := func(r, c int) float64 {
			idx := tc.fixed
			idx[tc.rowAx], idx[tc.col] = tc.start[0]+int64(r), tc.start[1]+int64(c)
			return all[(idx[0]*shape[1]+idx[1])*shape[2]+idx[2]]
		}
		lo, hi := tc.min, tc.max
		if math.IsNaN(lo) {
			lo, hi = math.Inf(1), math.Inf(-1)
			for r := 0; r < rows; r++ {
				for c := 0; c < cols; c++ {
					lo, hi = math.Min(lo, at(r, c)), math.Max(hi, at(r, c))
				}
			}
		}
		for y := 0; y < rows*tc.scale; y++ {
			for x := 0; x < cols*tc.scale; x++ {
				v := at(y/tc.scale, x/tc.scale)
				if got, want := img.NRGBAAt(x, y), render.Viridis((v-lo)/(hi-lo)); got != want {
					t.Fatalf("%v: pixel (%d,%d) of value %v = %v, want %v", tc.args, x, y, v, got, want)
				}
			}
		}
	}
}

func TestPlotStdoutAnd1D(t *testing.T) {
	path := filepath.Join(testdataDir, "b2nd", "a04_1d_f4.b2nd")
	all, shape := arrayValues(t, path)
	r := runTool(nil, "plot", "--start", "5", "--stop", "9", "-o", "-", path)
	if r.code != 0 {
		t.Fatal(r)
	}
	img := decodePNG(t, []byte(r.stdout))
	if img.Bounds().Dx() != 4 || img.Bounds().Dy() != 1 || shape[0] < 9 {
		t.Fatalf("1-D slice 5:9: %v", img.Bounds())
	}
	lo, hi := math.Min(math.Min(all[5], all[6]), math.Min(all[7], all[8])), math.Max(math.Max(all[5], all[6]), math.Max(all[7], all[8]))
	for x := 0; x < 4; x++ {
		if got, want := img.NRGBAAt(x, 0), render.Viridis((all[5+x]-lo)/(hi-lo)); got != want {
			t.Errorf("pixel %d: %v, want %v", x, got, want)
		}
	}
}

func TestPlotChunks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "chunks.png")
	path := filepath.Join(testdataDir, "frames", "f05_special_chunks.b2frame")
	if r := runTool(nil, "plot", "--chunks", "--scale", "10", "-o", out, path); r.code != 0 {
		t.Fatal(r)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, b)
	if img.Bounds().Dx() != 30 || img.Bounds().Dy() != 30 {
		t.Fatalf("9 chunks at 10 pixels: %v, want 30x30", img.Bounds())
	}
	// Chunks 1, 2 and 7 are zeros, 4 NaN, 5 a repeated value, 8 uninit;
	// the others ratio 1.25.
	want := map[int]render.Chunk{0: {Nbytes: 125, Cbytes: 100}, 1: {Special: "zeros"}, 4: {Special: "nan"}, 5: {Special: "value"}, 8: {Special: "uninit"}}
	for i, c := range want {
		x, y := (i%3)*10+1, (i/3)*10+4
		if got := img.NRGBAAt(x, y); got != c.Color() {
			t.Errorf("chunk %d: %v, want %v", i, got, c.Color())
		}
	}
}

func TestPlotErrors(t *testing.T) {
	b2nd := filepath.Join(testdataDir, "b2nd", "a02_3d_i4.b2nd")
	frameFile := filepath.Join(testdataDir, "frames", "f05_special_chunks.b2frame")
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{b2nd}, exitUsage, "-o OUT.png is required"},
		{[]string{"-o", out}, exitUsage, "want one FILE"},
		{[]string{"-o", out, "--scale", "0", b2nd}, exitUsage, "--scale 0"},
		{[]string{"-o", out, "--axes", "1", b2nd}, exitUsage, "want 2 axes"},
		{[]string{"-o", out, "--axes", "1,1", b2nd}, exitUsage, "both 1"},
		{[]string{"-o", out, "--axes", "0,3", b2nd}, exitUsage, "axis 3 of a 3-D array"},
		{[]string{"-o", out, "--index", "1,2", b2nd}, exitUsage, "--index: want 1 values"},
		{[]string{"-o", out, "--stop", "1,1", "--start", "1,0", b2nd}, exitUsage, "not above"},
		{[]string{"-o", out, "--min", "3", "--max", "2", b2nd}, exitUsage, "above --max"},
		{[]string{"-o", out, "--min", "NaN", b2nd}, exitUsage, "finite"},
		{[]string{"-o", out, "--chunks", "--axes", "0,1", b2nd}, exitUsage, "--axes does not apply"},
		{[]string{"-o", out, "--index", "99", b2nd}, exitError, "index 99 of axis 2"},
		{[]string{"-o", out, "--stop", "1,99", b2nd}, exitError, "outside"},
		{[]string{"-o", out, frameFile}, exitError, "not a b2nd array"},
		{[]string{"-o", out, filepath.Join(testdataDir, "b2nd", "a07_2d_empty_f8.b2nd")}, exitError, "empty"},
		{[]string{"-o", out, "--chunks", filepath.Join(testdataDir, "frames", "f03_empty.b2frame")}, exitError, "no chunks"},
		{[]string{"-o", out, filepath.Join(dir, "missing.b2nd")}, exitError, "no such file"},
	} {
		r := runTool(nil, append([]string{"plot"}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("%v: %v, want exit %d and %q", tc.args, r, tc.code, tc.msg)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: left %s behind", tc.args, out)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("temporary files left: %v", ents)
	}
	r := runTool(nil, "plot", "--help")
	if r.code != 0 || !strings.Contains(r.stdout, "#ff0000") || !strings.Contains(r.stdout, "--chunks") {
		t.Errorf("plot --help: %v\n%s", r, r.stdout)
	}
}
