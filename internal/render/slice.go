package render

import (
	"fmt"

	"github.com/blosc2go/blosc2/frame"
)

// MaxSliceItems bounds the values ReadSlice reads (2^26: 512 MiB as float64).
const MaxSliceItems = 1 << 26

// Slice selects a 2-D slice of an n-dimensional array. Rows run along axis
// Axes[0] and columns along Axes[1] (Axes[0] > Axes[1] transposes); every
// other axis i is fixed at Index[i]. Rows Start[0] <= r < Stop[0] and columns
// Start[1] <= c < Stop[1] are read (a Stop of 0 means the axis' extent).
//
// A 1-D array gives one row: Axes must be {0, 0} and Start[0], Stop[0] are
// ignored.
type Slice struct {
	Axes  [2]int
	Index []int64 // one per dimension (entries of the two axes ignored); nil: all 0
	Start [2]int64
	Stop  [2]int64
}

// DefaultSlice returns the slice of axes 0 and 1 at index 0 of the other
// axes, whole along both (for a 1-D array: the whole array as one row).
func DefaultSlice(ndim int) Slice {
	if ndim == 1 {
		return Slice{}
	}
	return Slice{Axes: [2]int{0, 1}}
}

// Bounds checks s against shape and returns it with Index expanded to one
// entry per dimension and the Stops filled in.
func (s Slice) Bounds(shape []int64) (Slice, error) {
	nd := len(shape)
	switch {
	case nd == 0:
		return s, fmt.Errorf("%w: a 0-dimensional array has no slice to draw", ErrSlice)
	case nd == 1:
		if s.Axes != [2]int{0, 0} {
			return s, fmt.Errorf("%w: axes %d,%d of a 1-D array (want 0)", ErrSlice, s.Axes[0], s.Axes[1])
		}
	default:
		for _, a := range s.Axes {
			if a < 0 || a >= nd {
				return s, fmt.Errorf("%w: axis %d of a %d-D array", ErrSlice, a, nd)
			}
		}
		if s.Axes[0] == s.Axes[1] {
			return s, fmt.Errorf("%w: the two axes are both %d", ErrSlice, s.Axes[0])
		}
	}
	idx := make([]int64, nd)
	switch len(s.Index) {
	case 0:
	case nd:
		copy(idx, s.Index)
	default:
		return s, fmt.Errorf("%w: %d index values for a %d-D array", ErrSlice, len(s.Index), nd)
	}
	for d, i := range idx {
		if d == s.Axes[0] || d == s.Axes[1] {
			idx[d] = 0
			continue
		}
		if i < 0 || i >= shape[d] {
			return s, fmt.Errorf("%w: index %d of axis %d outside [0, %d)", ErrSlice, i, d, shape[d])
		}
	}
	s.Index = idx
	if nd == 1 {
		s.Start[0], s.Stop[0] = 0, 1
	}
	for k, a := range s.Axes {
		if nd == 1 && k == 0 {
			continue
		}
		if s.Stop[k] == 0 {
			s.Stop[k] = shape[a]
		}
		if s.Start[k] < 0 || s.Stop[k] > shape[a] || s.Start[k] > s.Stop[k] {
			return s, fmt.Errorf("%w: rows/columns %d:%d of axis %d outside [0, %d]", ErrSlice, s.Start[k], s.Stop[k], a, shape[a])
		}
	}
	rows, cols := s.Stop[0]-s.Start[0], s.Stop[1]-s.Start[1]
	if rows > 0 && cols > MaxSliceItems/rows {
		return s, fmt.Errorf("%w: %dx%d values exceed %d (narrow it with start/stop)", ErrSlice, rows, cols, MaxSliceItems)
	}
	return s, nil
}

// ReadSlice reads slice s of a: only the chunks and blocks it crosses are
// decoded.
func ReadSlice(a *frame.Array, s Slice) (*Grid, error) {
	shape := a.Shape()
	s, err := s.Bounds(shape)
	if err != nil {
		return nil, err
	}
	dt := a.Dtype()
	if !Plottable(dt) {
		return nil, fmt.Errorf("%w: %s (%q)", ErrDtype, dtypeName(dt), a.Meta().Dtype)
	}
	nd := len(shape)
	start, stop := make([]int64, nd), make([]int64, nd)
	for d := range shape {
		start[d], stop[d] = s.Index[d], s.Index[d]+1
	}
	for k, ax := range s.Axes {
		if nd == 1 && k == 0 {
			continue
		}
		start[ax], stop[ax] = s.Start[k], s.Stop[k]
	}
	g := &Grid{Rows: int(s.Stop[0] - s.Start[0]), Cols: int(s.Stop[1] - s.Start[1])}
	if g.Rows == 0 || g.Cols == 0 {
		g.Rows, g.Cols = 0, 0 // nothing to draw
		return g, nil
	}
	raw, err := a.ReadSlab(nil, start, stop)
	if err != nil {
		return nil, err
	}
	vals, err := Float64s(make([]float64, 0, g.Rows*g.Cols), raw, dt)
	if err != nil {
		return nil, err
	}
	if len(vals) != g.Rows*g.Cols {
		return nil, fmt.Errorf("%w: the slab holds %d values, want %d", ErrSlice, len(vals), g.Rows*g.Cols)
	}
	if nd > 1 && s.Axes[0] > s.Axes[1] {
		// The slab is in C order: the lower axis (the columns) varies slowest.
		t := make([]float64, len(vals))
		for c := 0; c < g.Cols; c++ {
			for r := 0; r < g.Rows; r++ {
				t[r*g.Cols+c] = vals[c*g.Rows+r]
			}
		}
		vals = t
	}
	g.Values = vals
	return g, nil
}
