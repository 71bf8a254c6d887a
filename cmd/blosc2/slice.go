package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/frame"
)

// parseSlice parses a selection as Python writes one, an item per axis
// separated by commas: an index (negative counts from the end) or
// start:stop[:step] with each part optional ("10:20,3,:", "::-2,-1").
// Missing trailing axes select everything. It returns, per axis, the
// indices selected, in order.
func parseSlice(spec string, shape []int64) ([][]int64, error) {
	parts := strings.Split(spec, ",")
	if len(parts) > len(shape) {
		return nil, fmt.Errorf("--slice %q has %d items, the array has %d dimensions", spec, len(parts), len(shape))
	}
	sel := make([][]int64, len(shape))
	for ax := range shape {
		item := ":"
		if ax < len(parts) {
			item = strings.TrimSpace(parts[ax])
		}
		idx, err := sliceIndices(item, shape[ax])
		if err != nil {
			return nil, fmt.Errorf("--slice %q, axis %d: %w", spec, ax, err)
		}
		sel[ax] = idx
	}
	return sel, nil
}

// maxSelected bounds the indices one axis of a selection lists.
const maxSelected = 1 << 30

// sliceIndices lists the indices item selects on an axis of length n,
// with Python's rules.
func sliceIndices(item string, n int64) ([]int64, error) {
	if !strings.Contains(item, ":") {
		i, err := strconv.ParseInt(item, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not an index or start:stop[:step]", item)
		}
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			return nil, fmt.Errorf("index %s out of range for length %d", item, n)
		}
		return []int64{i}, nil
	}
	f := strings.Split(item, ":")
	if len(f) > 3 {
		return nil, fmt.Errorf("%q has more than two colons", item)
	}
	num := func(s string) (int64, bool, error) {
		s = strings.TrimSpace(s)
		if s == "" {
			return 0, false, nil
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, false, fmt.Errorf("%q is not an integer", s)
		}
		return v, true, nil
	}
	step := int64(1)
	if len(f) == 3 {
		v, ok, err := num(f[2])
		if err != nil {
			return nil, err
		}
		if ok {
			if v == 0 {
				return nil, fmt.Errorf("step cannot be zero")
			}
			step = v
		}
	}
	start, hasStart, err := num(f[0])
	if err != nil {
		return nil, err
	}
	stop, hasStop, err := num(f[1])
	if err != nil {
		return nil, err
	}
	// Python's slice.indices.
	clamp := func(v int64, lo, hi int64) int64 {
		if v < 0 {
			v += n
			if v < lo {
				v = lo
			}
		} else if v > hi {
			v = hi
		}
		return v
	}
	var lo, hi int64 = 0, n
	if step < 0 {
		lo, hi = -1, n-1
	}
	if !hasStart {
		start = lo
		if step > 0 {
			start = 0
		} else {
			start = hi
		}
	} else {
		start = clamp(start, lo, hi)
	}
	if !hasStop {
		if step > 0 {
			stop = n
		} else {
			stop = -1
		}
	} else {
		stop = clamp(stop, lo, hi)
	}
	var out []int64
	for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
		if len(out) >= maxSelected {
			return nil, fmt.Errorf("selection too large")
		}
		out = append(out, i)
	}
	return out, nil
}

// writeSelection writes the items of a selected by sel (indices per
// axis), in C order, reading a group of first-axis indices at a time:
// those within one chunk row.
func writeSelection(w io.Writer, a *frame.Array, sel [][]int64) error {
	nd := len(sel)
	for _, s := range sel {
		if len(s) == 0 {
			return nil
		}
	}
	isz := int64(a.Itemsize())
	if nd == 0 {
		b, err := a.ReadAll(nil)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
	// Bounding box of the other axes.
	lo := make([]int64, nd)
	hi := make([]int64, nd)
	for ax := 1; ax < nd; ax++ {
		lo[ax], hi[ax] = sel[ax][0], sel[ax][0]+1
		for _, i := range sel[ax] {
			lo[ax] = min(lo[ax], i)
			hi[ax] = max(hi[ax], i+1)
		}
	}
	rows := int64(a.Meta().ChunkShape[0])
	var buf, out []byte
	first := sel[0]
	for g := 0; g < len(first); {
		// A group: following first-axis indices spanning at most one
		// chunk row's length.
		e := g + 1
		lo[0], hi[0] = first[g], first[g]+1
		for e < len(first) {
			l, h := min(lo[0], first[e]), max(hi[0], first[e]+1)
			if h-l > rows {
				break
			}
			lo[0], hi[0] = l, h
			e++
		}
		var err error
		if buf, err = a.ReadSlab(buf[:0], lo, hi); err != nil {
			return err
		}
		box := make([]int64, nd)
		for ax := range box {
			box[ax] = hi[ax] - lo[ax]
		}
		stride := make([]int64, nd)
		stride[nd-1] = isz
		for ax := nd - 2; ax >= 0; ax-- {
			stride[ax] = stride[ax+1] * box[ax+1]
		}
		out = out[:0]
		var walk func(ax int, base int64)
		walk = func(ax int, base int64) {
			list := sel[ax]
			if ax == 0 {
				list = first[g:e]
			}
			for _, i := range list {
				o := base + (i-lo[ax])*stride[ax]
				if ax == nd-1 {
					out = append(out, buf[o:o+isz]...)
				} else {
					walk(ax+1, o)
				}
			}
		}
		walk(0, 0)
		if _, err := w.Write(out); err != nil {
			return err
		}
		g = e
	}
	return nil
}
