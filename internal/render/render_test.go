package render

import (
	"bytes"
	"errors"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/frame"
)

func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// TestViridisLuminanceGrows checks that brighter means larger: viridis is
// monotone in CAM02-UCS lightness, which relative luminance of the 8-bit
// entries follows up to rounding (a dip below 0.3% between neighbours), and
// strictly over any 4 entries.
func TestViridisLuminanceGrows(t *testing.T) {
	lum := make([]float64, len(viridis))
	for i := range lum {
		lum[i] = luminance(Viridis(float64(i) / float64(len(viridis)-1)))
	}
	for i := 1; i < len(lum); i++ {
		if lum[i] < lum[i-1]*0.997 {
			t.Errorf("luminance of entry %d (%.5f) below entry %d's (%.5f)", i, lum[i], i-1, lum[i-1])
		}
		if i >= 4 && lum[i] <= lum[i-4] {
			t.Errorf("luminance of entry %d (%.5f) not above entry %d's (%.5f)", i, lum[i], i-4, lum[i-4])
		}
	}
	if got := Viridis(-3); got != (color.NRGBA{0x44, 0x01, 0x54, 0xff}) {
		t.Errorf("Viridis(-3) = %v, want the first entry", got)
	}
	if got := Viridis(7); got != (color.NRGBA{0xfd, 0xe7, 0x25, 0xff}) {
		t.Errorf("Viridis(7) = %v, want the last entry", got)
	}
	if got := Viridis(math.NaN()); got != NaNColor {
		t.Errorf("Viridis(NaN) = %v, want NaNColor", got)
	}
}

func TestFloat64s(t *testing.T) {
	dt := func(s string) frame.Dtype {
		d, err := frame.ParseDtype(s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tc := range []struct {
		dtype string
		in    []byte
		want  []float64
	}{
		{"|b1", []byte{0, 1}, []float64{0, 1}},
		{"|u1", []byte{0, 255}, []float64{0, 255}},
		{"|i1", []byte{0x80, 0x7f}, []float64{-128, 127}},
		{"<i2", []byte{0xfe, 0xff, 0x00, 0x01}, []float64{-2, 256}},
		{">i2", []byte{0xff, 0xfe, 0x01, 0x00}, []float64{-2, 256}},
		{"<u4", []byte{0xff, 0xff, 0xff, 0xff}, []float64{4294967295}},
		{">i8", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd}, []float64{-3}},
		{"<f2", []byte{0x00, 0x3c, 0x00, 0xc0, 0x01, 0x00, 0x00, 0x7c, 0xff, 0x7b}, []float64{1, -2, math.Ldexp(1, -24), math.Inf(1), 65504}},
		{">f4", []byte{0x3f, 0xc0, 0x00, 0x00}, []float64{1.5}},
		{"<f8", []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x3f}, []float64{1.5}},
		{"<M8[ns]", []byte{0, 0, 0, 0, 0, 0, 0, 0x80, 5, 0, 0, 0, 0, 0, 0, 0}, []float64{math.NaN(), 5}},
		{"<f2", []byte{0x01, 0x7c}, []float64{math.NaN()}},
	} {
		got, err := Float64s(nil, tc.in, dt(tc.dtype))
		if err != nil {
			t.Errorf("%s: %v", tc.dtype, err)
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.dtype, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] && !(math.IsNaN(got[i]) && math.IsNaN(tc.want[i])) {
				t.Errorf("%s: value %d = %v, want %v", tc.dtype, i, got[i], tc.want[i])
			}
		}
	}
	for _, s := range []string{"<U4", "|S3", "<c16", "|V8", "<f16"} {
		d, err := frame.ParseDtype(s)
		if err != nil {
			continue
		}
		if _, err := Float64s(nil, make([]byte, d.ItemSize), d); !errors.Is(err, ErrDtype) {
			t.Errorf("%s: err %v, want ErrDtype", s, err)
		}
	}
	if _, err := Float64s(nil, make([]byte, 5), dt("<i4")); !errors.Is(err, ErrDtype) {
		t.Errorf("5 bytes of <i4: err %v, want ErrDtype", err)
	}
}

func TestHeatmap(t *testing.T) {
	g := &Grid{Rows: 2, Cols: 3, Values: []float64{0, 5, 10, math.NaN(), math.Inf(1), -1}}
	lo, hi, ok := g.Range()
	if !ok || lo != -1 || hi != 10 {
		t.Fatalf("Range = %v, %v, %v; want -1, 10, true", lo, hi, ok)
	}
	img, err := Heatmap(g, 3, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 9 || b.Dy() != 6 {
		t.Fatalf("size %v, want 9x6", b)
	}
	want := [][]color.NRGBA{
		{Viridis(0), Viridis(0.5), Viridis(1)},
		{NaNColor, Viridis(1), Viridis(0)},
	}
	for r := 0; r < 6; r++ {
		for c := 0; c < 9; c++ {
			if got := img.NRGBAAt(c, r); got != want[r/3][c/3] {
				t.Fatalf("pixel (%d,%d) = %v, want %v", c, r, got, want[r/3][c/3])
			}
		}
	}
	// A constant grid takes the darkest color.
	img, err = Heatmap(&Grid{Rows: 1, Cols: 1, Values: []float64{4}}, 1, 4, 4)
	if err != nil || img.NRGBAAt(0, 0) != Viridis(0) {
		t.Fatalf("constant grid: %v, %v", err, img)
	}
	// Bounds far apart do not overflow.
	img, err = Heatmap(&Grid{Rows: 1, Cols: 3, Values: []float64{-math.MaxFloat64, 0, math.MaxFloat64}}, 1, -math.MaxFloat64, math.MaxFloat64)
	if err != nil || img.NRGBAAt(0, 0) != Viridis(0) || img.NRGBAAt(1, 0) != Viridis(0.5) || img.NRGBAAt(2, 0) != Viridis(1) {
		t.Fatalf("extreme bounds: %v", err)
	}
	for _, bad := range []struct {
		scale    int
		min, max float64
	}{{0, 0, 1}, {1, 2, 1}, {1, math.NaN(), 1}, {1, 0, math.Inf(1)}} {
		if _, err := Heatmap(g, bad.scale, bad.min, bad.max); !errors.Is(err, ErrSlice) {
			t.Errorf("Heatmap scale %d [%v, %v]: err %v, want ErrSlice", bad.scale, bad.min, bad.max, err)
		}
	}
	if _, err := Heatmap(&Grid{Rows: 1 << 15, Cols: 1 << 15, Values: make([]float64, 1)}, 1, 0, 1); !errors.Is(err, ErrSlice) {
		t.Errorf("inconsistent grid: err %v", err)
	}
}

func openArray(t *testing.T, name string) *frame.Array {
	t.Helper()
	a, err := frame.OpenArrayFile(filepath.Join("..", "..", "testdata", "b2nd", name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Frame().Close() })
	return a
}

// TestReadSlice checks every slice against the values of the whole array.
func TestReadSlice(t *testing.T) {
	for _, name := range []string{"a01_2d_f8.b2nd", "a02_3d_i4.b2nd", "a04_1d_f4.b2nd", "a06_4d_i2.b2nd"} {
		a := openArray(t, name)
		raw, err := a.ReadAll(nil)
		if err != nil {
			t.Fatal(err)
		}
		all, err := Float64s(nil, raw, a.Dtype())
		if err != nil {
			t.Fatal(err)
		}
		shape := a.Shape()
		nd := len(shape)
		strides := make([]int64, nd)
		st := int64(1)
		for d := nd - 1; d >= 0; d-- {
			strides[d] = st
			st *= shape[d]
		}
		var slices []Slice
		if nd == 1 {
			slices = []Slice{{}, {Start: [2]int64{0, 3}, Stop: [2]int64{0, shape[0] - 2}}}
		} else {
			for a0 := 0; a0 < nd; a0++ {
				for a1 := 0; a1 < nd; a1++ {
					if a0 == a1 {
						continue
					}
					idx := make([]int64, nd)
					for d := range idx {
						idx[d] = shape[d] / 2
					}
					slices = append(slices, Slice{Axes: [2]int{a0, a1}, Index: idx},
						Slice{Axes: [2]int{a0, a1}, Start: [2]int64{1, shape[a1] / 3}, Stop: [2]int64{shape[a0] - 1, shape[a1]}})
				}
			}
		}
		for _, s := range slices {
			g, err := ReadSlice(a, s)
			if err != nil {
				t.Fatalf("%s %+v: %v", name, s, err)
			}
			b, _ := s.Bounds(shape)
			if g.Rows != int(b.Stop[0]-b.Start[0]) || g.Cols != int(b.Stop[1]-b.Start[1]) {
				t.Fatalf("%s %+v: %dx%d", name, s, g.Rows, g.Cols)
			}
			for r := 0; r < g.Rows; r++ {
				for c := 0; c < g.Cols; c++ {
					off := int64(0)
					for d := 0; d < nd; d++ {
						off += b.Index[d] * strides[d]
					}
					if nd == 1 {
						off = b.Start[1] + int64(c)
					} else {
						off += (b.Start[0]+int64(r))*strides[s.Axes[0]] + (b.Start[1]+int64(c))*strides[s.Axes[1]]
					}
					if got, want := g.At(r, c), all[off]; got != want {
						t.Fatalf("%s %+v: (%d,%d) = %v, want %v", name, s, r, c, got, want)
					}
				}
			}
		}
	}
}

func TestSliceErrors(t *testing.T) {
	shape := []int64{4, 5, 6}
	for _, s := range []Slice{
		{Axes: [2]int{0, 0}},
		{Axes: [2]int{0, 3}},
		{Axes: [2]int{-1, 1}},
		{Axes: [2]int{0, 1}, Index: []int64{0, 0}},
		{Axes: [2]int{0, 1}, Index: []int64{0, 0, 6}},
		{Axes: [2]int{0, 1}, Index: []int64{0, 0, -1}},
		{Axes: [2]int{0, 1}, Start: [2]int64{0, 6}},
		{Axes: [2]int{0, 1}, Stop: [2]int64{5, 0}},
		{Axes: [2]int{0, 1}, Start: [2]int64{3, 0}, Stop: [2]int64{2, 0}},
	} {
		if _, err := s.Bounds(shape); !errors.Is(err, ErrSlice) {
			t.Errorf("%+v: err %v, want ErrSlice", s, err)
		}
	}
	if _, err := (Slice{Axes: [2]int{0, 1}}).Bounds([]int64{10}); !errors.Is(err, ErrSlice) {
		t.Errorf("1-D with axes 0,1: err %v", err)
	}
	if _, err := (Slice{}).Bounds(nil); !errors.Is(err, ErrSlice) {
		t.Errorf("0-D: err %v", err)
	}
	if _, err := (Slice{Axes: [2]int{0, 1}}).Bounds([]int64{1 << 20, 1 << 20}); !errors.Is(err, ErrSlice) {
		t.Errorf("huge slice: err %v", err)
	}
}

func TestChunks(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "frames", "f05_special_chunks.b2frame")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := frame.OpenBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	withRA, err := Chunks(f, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Chunks(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantSpecial := []string{"", "zeros", "zeros", "", "nan", "value", "", "zeros", "uninit"}
	if len(withRA) != len(wantSpecial) {
		t.Fatalf("%d chunks, want %d", len(withRA), len(wantSpecial))
	}
	for i, c := range withRA {
		if c.Special != wantSpecial[i] {
			t.Errorf("chunk %d: special %q, want %q", i, c.Special, wantSpecial[i])
		}
		if c.Special == "" && (c.Codec != "lz4" || len(c.Filters) != 1 || c.Filters[0] != "shuffle" || c.Nbytes != 32000 || c.Cbytes <= 0) {
			t.Errorf("chunk %d: %+v", i, c)
		}
		w := whole[i]
		if c.Special != w.Special || c.Codec != w.Codec || c.Nbytes != w.Nbytes || c.Cbytes != w.Cbytes {
			t.Errorf("chunk %d: %+v from the header bytes, %+v from the whole chunk", i, c, w)
		}
	}
	// A truncated reader is an error, not a panic.
	if _, err := Chunks(f, bytes.NewReader(b[:200])); err == nil {
		t.Error("truncated reader: no error")
	}
}

func TestDrawChunkMap(t *testing.T) {
	chunks := []Chunk{
		{Nbytes: 100, Cbytes: 100, Codec: "memcpy"},
		{Nbytes: 1600, Cbytes: 100, Codec: "zstd"},
		{Special: "zeros", Nbytes: 100},
		{Special: "nan", Nbytes: 100},
		{Nbytes: 1 << 20, Cbytes: 32, Codec: "zstd"},
	}
	l := NewChunkLayout(len(chunks), 10, 0)
	if l.Cols != 3 || l.Rows != 2 {
		t.Fatalf("layout %+v, want 3x2", l)
	}
	img, err := DrawChunkMap(chunks, l)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := l.Size(); img.Bounds().Dx() != w || img.Bounds().Dy() != h || w != 30 || h != 20 {
		t.Fatalf("size %v", img.Bounds())
	}
	want := []color.NRGBA{Viridis(0), Viridis(0.5), ZerosColor, NaNColor, Viridis(1)}
	for i, w := range want {
		x, y := (i%3)*10+1, (i/3)*10+4 // off the X of special chunks
		if got := img.NRGBAAt(x, y); got != w {
			t.Errorf("chunk %d: color %v, want %v", i, got, w)
		}
		if got := l.At(x, y); got != i {
			t.Errorf("At(%d,%d) = %d, want %d", x, y, got, i)
		}
	}
	if img.NRGBAAt(9, 0) != gapColor {
		t.Error("no gap between cells")
	}
	if got := img.NRGBAAt(2*10+1, 2*10-5); got.A != 0 {
		t.Errorf("place after the last chunk: %v, want transparent", got)
	}
	if l.At(25, 15) != -1 || l.At(-1, 0) != -1 || l.At(30, 0) != -1 {
		t.Error("At outside the chunks")
	}
	if _, err := DrawChunkMap(chunks, NewChunkLayout(len(chunks), 1<<30, 0)); !errors.Is(err, ErrSlice) {
		t.Errorf("huge cells: err %v, want ErrSlice", err)
	}
	if _, err := DrawChunkMap(chunks[:2], l); err == nil {
		t.Error("layout for another number of chunks: no error")
	}
}
