package viewer

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"math"
	"strconv"

	"github.com/blosc2go/blosc2/internal/render"
)

// SliceRequest is what the page asks for: the slice, the pixels per value
// and optional color bounds.
type SliceRequest struct {
	Axes  [2]int   `json:"axes"`
	Index []int64  `json:"index"` // one per dimension, or empty
	Start [2]int64 `json:"start"`
	Stop  [2]int64 `json:"stop"` // 0: the extent
	Scale int      `json:"scale"`
	Min   *float64 `json:"min"` // nil: the slice's smallest finite value
	Max   *float64 `json:"max"`
}

// SliceView is a drawn heatmap.
type SliceView struct {
	PNG     []byte   `json:"-"`
	Rows    int      `json:"rows"`
	Cols    int      `json:"cols"`
	Start   [2]int64 `json:"start"`
	Stop    [2]int64 `json:"stop"`
	Index   []int64  `json:"index"`
	Scale   int      `json:"scale"`
	Min     float64  `json:"min"` // the colors' bounds
	Max     float64  `json:"max"`
	DataMin *float64 `json:"data_min"` // the slice's finite range (nil: no finite value)
	DataMax *float64 `json:"data_max"`
	NaNs    int      `json:"nans"`
	// NaNColor is the color of NaN values, as RGB.
	NaNColor [3]int `json:"nan_color"`
}

// Slice reads and draws a slice of a b2nd array.
func (s *Session) Slice(req SliceRequest) (*SliceView, error) {
	if s.array == nil {
		return nil, errors.New("not a b2nd array")
	}
	if req.Scale < 1 || req.Scale > 64 {
		return nil, fmt.Errorf("scale %d outside 1..64", req.Scale)
	}
	sl := render.Slice{Axes: req.Axes, Index: req.Index, Start: req.Start, Stop: req.Stop}
	b, err := sl.Bounds(s.array.Shape())
	if err != nil {
		return nil, err
	}
	g, err := render.ReadSlice(s.array, b)
	if err != nil {
		return nil, err
	}
	if g.Rows == 0 {
		return nil, errors.New("the slice is empty")
	}
	v := &SliceView{Rows: g.Rows, Cols: g.Cols, Start: b.Start, Stop: b.Stop, Index: b.Index, Scale: req.Scale,
		NaNColor: rgb(render.NaNColor)}
	lo, hi, ok := g.Range()
	if ok {
		v.DataMin, v.DataMax = &lo, &hi
	} else {
		lo, hi = 0, 0
	}
	if req.Min != nil {
		lo = *req.Min
	}
	if req.Max != nil {
		hi = *req.Max
	}
	if lo > hi {
		if req.Min != nil {
			hi = lo
		} else {
			lo = hi
		}
	}
	for _, x := range g.Values {
		if math.IsNaN(x) {
			v.NaNs++
		}
	}
	v.Min, v.Max = lo, hi
	img, err := render.Heatmap(g, req.Scale, lo, hi)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	v.PNG = buf.Bytes()
	s.mu.Lock()
	s.grid, s.slice = g, b
	s.mu.Unlock()
	return v, nil
}

// ValueTable is the values around a cell of the last slice drawn.
type ValueTable struct {
	Rows   []int64    `json:"rows"` // array indexes along the row axis
	Cols   []int64    `json:"cols"`
	Values [][]string `json:"values"`
	Row    int64      `json:"row"` // the cell asked for
	Col    int64      `json:"col"`
}

// Values returns the values of the last slice drawn within radius cells of
// array position (row, col) along the slice's axes.
func (s *Session) Values(row, col int64, radius int) (*ValueTable, error) {
	s.mu.Lock()
	g, b := s.grid, s.slice
	s.mu.Unlock()
	if g == nil {
		return nil, errors.New("no slice drawn yet")
	}
	if radius < 0 || radius > 16 {
		return nil, errors.New("radius outside 0..16")
	}
	r0, c0 := row-b.Start[0], col-b.Start[1]
	if r0 < 0 || r0 >= int64(g.Rows) || c0 < 0 || c0 >= int64(g.Cols) {
		return nil, fmt.Errorf("cell (%d, %d) outside the slice", row, col)
	}
	format := formatter(s.array.Dtype().Kind, s.array.Dtype().ItemSize)
	t := &ValueTable{Row: row, Col: col}
	for r := max(0, r0-int64(radius)); r <= min(int64(g.Rows)-1, r0+int64(radius)); r++ {
		t.Rows = append(t.Rows, b.Start[0]+r)
		var line []string
		for c := max(0, c0-int64(radius)); c <= min(int64(g.Cols)-1, c0+int64(radius)); c++ {
			if len(t.Rows) == 1 {
				t.Cols = append(t.Cols, b.Start[1]+c)
			}
			line = append(line, format(g.At(int(r), int(c))))
		}
		t.Values = append(t.Values, line)
	}
	return t, nil
}

// formatter returns how values of a dtype are written: integers in full,
// floats with 7 significant digits at most.
func formatter(kind byte, itemsize int) func(float64) string {
	if kind == 'f' {
		bits := 64
		if itemsize <= 4 {
			bits = 32
		}
		return func(v float64) string {
			s := strconv.FormatFloat(v, 'g', -1, bits)
			if short := strconv.FormatFloat(v, 'g', 7, bits); len(short) < len(s) {
				s = short
			}
			return s
		}
	}
	return func(v float64) string {
		if math.IsNaN(v) {
			return "NaT"
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
}
