package frame

import "math"

// End, as a Range's Stop, means "up to the extent of the dimension", like
// an omitted stop in Python's a[start:].
const End = math.MaxInt64

// Range selects the indices Start, Start+Step, ... below Stop along one
// dimension, like Python's start:stop:step. Negative Start and Stop count
// from the end of the dimension (-1 is the last index), as in Python; Stop
// End means the extent; Step 0 means 1 (steps must be positive). Unlike
// Python, indices beyond the extent are an error, not clamped, and a Stop
// before Start is a "reversed range" error; Start == Stop selects nothing.
type Range struct {
	Start, Stop, Step int64
}

// All selects a whole dimension (Python's ":").
func All() Range { return Range{0, End, 1} }

// Span selects start <= i < stop (Python's start:stop).
func Span(start, stop int64) Range { return Range{start, stop, 1} }

// Stride selects start, start+step, ... below stop (Python's
// start:stop:step).
func Stride(start, stop, step int64) Range { return Range{start, stop, step} }

// Index selects the single index i (negative: from the end).
func Index(i int64) Range {
	if i == -1 {
		return Range{-1, End, 1}
	}
	return Range{i, i + 1, 1}
}

// span is a resolved Range: n indices start, start+step, ...
type span struct {
	start, step, n int64
}

// last returns the last selected index (start when n is 0).
func (s span) last() int64 {
	if s.n == 0 {
		return s.start
	}
	return s.start + (s.n-1)*s.step
}

// resolve turns r into indices of a dimension of extent ext.
func (r Range) resolve(dim int, ext int64) (span, error) {
	bad := func(reason string) error {
		return &FormatError{Where: "region", Offset: -1, Reason: "dimension " + itoa(int64(dim)) + ": " + reason, Err: ErrRange}
	}
	step := r.Step
	if step == 0 {
		step = 1
	}
	if step < 0 {
		return span{}, bad("step " + itoa(step) + " is negative (steps must be positive)")
	}
	start, stop := r.Start, r.Stop
	if start < 0 {
		start += ext
	}
	if stop == End {
		stop = ext
	} else if stop < 0 {
		stop += ext
	}
	desc := "[" + itoa(r.Start) + ":" + stopString(r.Stop) + "]"
	if start < 0 || start > ext {
		return span{}, bad(desc + ": start " + itoa(r.Start) + " outside the extent " + itoa(ext))
	}
	if stop < 0 || stop > ext {
		return span{}, bad(desc + ": stop " + stopString(r.Stop) + " outside the extent " + itoa(ext))
	}
	if stop < start {
		return span{}, bad(desc + ": reversed range (stop before start; start == stop selects nothing)")
	}
	return span{start: start, step: step, n: (stop - start + step - 1) / step}, nil
}

func stopString(v int64) string {
	if v == End {
		return ""
	}
	return itoa(v)
}

// resolveRegion resolves a region of up to len(shape) ranges (missing
// trailing ranges select whole dimensions) and returns the spans and the
// number of items selected.
func resolveRegion(shape []int64, region []Range) ([]span, int64, error) {
	if len(region) > len(shape) {
		return nil, 0, &FormatError{Where: "region", Offset: -1, Reason: itoa(int64(len(region))) + " ranges for an array of " + itoa(int64(len(shape))) + " dimensions", Err: ErrRange}
	}
	sp := make([]span, len(shape))
	n := int64(1)
	for i, ext := range shape {
		r := All()
		if i < len(region) {
			r = region[i]
		}
		s, err := r.resolve(i, ext)
		if err != nil {
			return nil, 0, err
		}
		sp[i] = s
		n *= s.n // <= the array's items: no overflow
	}
	return sp, n, nil
}

// unitSteps reports whether every span has step 1 (or selects at most one
// index), so the region is a plain slab.
func unitSteps(sp []span) bool {
	for _, s := range sp {
		if s.step != 1 && s.n > 1 {
			return false
		}
	}
	return true
}

// slabBounds returns the bounding slab [start, stop) of spans.
func slabBounds(sp []span) (start, stop []int64) {
	start = make([]int64, len(sp))
	stop = make([]int64, len(sp))
	for i, s := range sp {
		start[i] = s.start
		stop[i] = s.start
		if s.n > 0 {
			stop[i] = s.last() + 1
		}
	}
	return
}
