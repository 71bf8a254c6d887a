package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/frame"
)

// dimsFlag is a comma-separated list of integers (--shape 123,45). The
// empty string is a list of no dimensions (a 0-d array).
type dimsFlag struct {
	dims []int64
	set  bool
}

func (d *dimsFlag) String() string {
	s := make([]string, len(d.dims))
	for i, v := range d.dims {
		s[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(s, ",")
}

func (d *dimsFlag) Set(s string) error {
	var dims []int64
	if strings.TrimSpace(s) != "" {
		for _, f := range strings.Split(s, ",") {
			v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				return fmt.Errorf("%q is not a comma-separated list of integers", s)
			}
			if v < 0 {
				return fmt.Errorf("%q: negative extent %d", s, v)
			}
			dims = append(dims, v)
		}
	}
	if len(dims) > frame.MaxDim {
		return fmt.Errorf("%q: %d dimensions, at most %d", s, len(dims), frame.MaxDim)
	}
	d.dims, d.set = dims, true
	return nil
}

// Targets of the automatic b2nd chunk and block shapes, in bytes. They
// follow python-blosc2's compute_chunks_blocks with its host-dependent
// inputs fixed: the block hint is 128 KiB (C-Blosc2's automatic blocksize
// for BloscLZ at clevel 5 without splitting) and the chunk is 16 blocks,
// python-blosc2's choice when it cannot read the cache sizes, which is also
// its 2 MiB minimum.
const (
	b2ndBlockTarget = 128 << 10
	b2ndChunkTarget = 16 * b2ndBlockTarget
)

// partition grows start, doubling the extents from the last dimension to
// the first, each capped by max, while the product stays within target
// items (python-blosc2's compute_partition rule). It stops when no extent
// can grow.
func partition(target int64, start, max []int64) []int64 {
	parts := append([]int64(nil), start...)
	for {
		grew := false
		for i := len(parts) - 1; i >= 0; i-- {
			next := parts[i] * 2
			if next > max[i] {
				next = max[i]
			}
			if next <= parts[i] {
				continue
			}
			if prodOr(parts, i, next) <= target {
				parts[i] = next
				grew = true
			}
		}
		if !grew || prodOr(parts, -1, 0) >= target {
			return parts
		}
	}
}

// prodOr returns the product of parts with parts[i] replaced by v (i < 0:
// none), saturating at math.MaxInt64.
func prodOr(parts []int64, i int, v int64) int64 {
	p := int64(1)
	for j, x := range parts {
		if j == i {
			x = v
		}
		if x != 0 && p > math.MaxInt64/x {
			return math.MaxInt64
		}
		p *= x
	}
	return p
}

// defaultShapes fills in the chunk and block shapes the user left out
// (nil) for an array of shape with itemsize-byte items. Blocks start at 2
// per dimension (1 where the chunk or array extent is 1) and grow within
// the chunk and the array up to b2ndBlockTarget bytes; chunks start at the
// block shape and grow within the array up to b2ndChunkTarget bytes.
// Zero extents count as 1.
func defaultShapes(shape, chunks, blocks []int64, itemsize int64) (c, b []int64) {
	nd := len(shape)
	ext := make([]int64, nd)
	for i, s := range shape {
		ext[i] = s
		if s < 1 {
			ext[i] = 1
		}
	}
	if blocks == nil {
		limit := ext
		if chunks != nil {
			limit = make([]int64, nd)
			for i := range limit {
				limit[i] = min64(ext[i], chunks[i])
			}
		}
		start := make([]int64, nd)
		for i := range start {
			start[i] = min64(2, limit[i])
		}
		blocks = partition(max64(1, b2ndBlockTarget/itemsize), start, limit)
	}
	if chunks == nil {
		limit := make([]int64, nd)
		for i := range limit {
			limit[i] = max64(ext[i], blocks[i])
		}
		chunks = partition(max64(1, b2ndChunkTarget/itemsize), blocks, limit)
	}
	return chunks, blocks
}

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// canonicalDtype writes d the way NumPy's dtype.str does: a byte-order
// character ('<' for multi-byte numbers given without one or with '=',
// '|' where order does not apply), the kind and the item size (characters
// for 'U'), and the unit of datetimes.
func canonicalDtype(d frame.Dtype) string {
	order := d.Order
	switch {
	case d.ItemSize == 1 || d.Kind == 'S' || d.Kind == 'V' || d.Kind == 'b':
		order = '|'
	case order == '|':
		order = '<'
	}
	n := d.ItemSize
	if d.Kind == 'U' {
		n /= 4
	}
	s := string([]byte{order, d.Kind}) + strconv.Itoa(n)
	if d.Unit != "" {
		s += "[" + d.Unit + "]"
	}
	return s
}
