package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// setArray records the b2nd flags: the dtype (whose item size the
// typesize must be, when given: typesize > 0) and the shapes, checked by
// checkShapes. A shape flag given empty ("--shape=") is a 0-d array, not
// a missing flag.
func (j *compressJob) setArray(dtype string, typesize int, shape, chunkshape, blockshape dimsFlag) error {
	d, err := frame.ParseDtype(dtype)
	if err != nil {
		reason := err.Error()
		var fe *frame.FormatError
		if errors.As(err, &fe) {
			reason = fe.Reason // "\"q8\": unknown kind q"
			if _, r, ok := strings.Cut(reason, ": "); ok {
				reason = r
			}
		}
		return usagef("--dtype %q: %s (want a NumPy dtype string such as <f8, <i4, |u1, <U8, <M8[ns])", dtype, reason)
	}
	j.dtype, j.dtypeStr = d, d.String()
	if typesize > 0 && typesize != d.ItemSize {
		return usagef("--typesize %d differs from the item size of --dtype %s (%d)", typesize, j.dtypeStr, d.ItemSize)
	}
	j.opts.Typesize = chunkTypesize(d.ItemSize)
	if shape.set {
		j.shape = append([]int64{}, shape.dims...)
	}
	if chunkshape.set {
		j.chunks = append([]int64{}, chunkshape.dims...)
	}
	if blockshape.set {
		j.blocks = append([]int64{}, blockshape.dims...)
	}
	return j.checkShapes()
}

// checkShapes checks what the b2nd flags say on their own (exit status 2):
// chunk and block shapes with one positive extent per dimension, blocks no
// larger than chunks, and, when --shape is given, the whole geometry.
func (j *compressJob) checkShapes() error {
	nd := 1 // without --shape the array is 1-D
	if j.shape != nil {
		nd = len(j.shape)
	}
	for _, s := range []struct {
		name string
		dims []int64
	}{{"chunkshape", j.chunks}, {"blockshape", j.blocks}} {
		if s.dims == nil {
			continue
		}
		if len(s.dims) != nd {
			return usagef("--%s %s has %d dimensions, the array %d", s.name, dimsString(s.dims), len(s.dims), nd)
		}
		for i, v := range s.dims {
			if v < 1 || v > math.MaxInt32 {
				return usagef("--%s %s: extent %d of dimension %d not in 1..%d", s.name, dimsString(s.dims), v, i, math.MaxInt32)
			}
		}
	}
	if j.chunks != nil && j.blocks != nil {
		for i := range j.chunks {
			if j.blocks[i] > j.chunks[i] {
				return usagef("--blockshape %s exceeds --chunkshape %s in dimension %d", dimsString(j.blocks), dimsString(j.chunks), i)
			}
		}
	}
	shape := j.shape
	if shape == nil {
		if j.chunks == nil || j.blocks == nil {
			return nil // the defaults depend on the input size
		}
		shape = []int64{0}
	}
	if _, _, err := j.geometry(shape); err != nil {
		return usagef("%s", err)
	}
	return nil
}

// geometry completes the chunk and block shapes for an array of shape and
// checks the layout: it returns the metalayer and its geometry.
func (j *compressJob) geometry(shape []int64) (frame.NDMeta, frame.Geometry, error) {
	chunks, blocks, err := frame.AutoShapes(shape, j.chunks, j.blocks, j.dtype.ItemSize)
	if err != nil {
		return frame.NDMeta{}, frame.Geometry{}, fmt.Errorf("shape %s, chunkshape %s, blockshape %s: %w", dimsString(shape), dimsString(j.chunks), dimsString(j.blocks), err)
	}
	m := frame.NDMeta{Shape: shape, ChunkShape: int32s(chunks), BlockShape: int32s(blocks), Dtype: j.dtypeStr}
	g, err := m.Validate(int64(j.dtype.ItemSize))
	if err != nil {
		return m, g, fmt.Errorf("shape %s, chunkshape %s, blockshape %s: %w", dimsString(shape), dimsString(chunks), dimsString(blocks), err)
	}
	switch {
	case g.ChunkNbytes > blosc.MaxNbytes:
		return m, g, fmt.Errorf("chunkshape %s of %d-byte items makes %d-byte chunks, more than a chunk holds (%d)", dimsString(chunks), g.Itemsize, g.ChunkNbytes, blosc.MaxNbytes)
	case g.BlockNbytes > blosc.MaxBlocksize:
		return m, g, fmt.Errorf("blockshape %s of %d-byte items makes %d-byte blocks, more than the largest block (%d)", dimsString(blocks), g.Itemsize, g.BlockNbytes, blosc.MaxBlocksize)
	}
	return m, g, nil
}

// writeB2ND streams the input (the array in C order) into a b2nd frame,
// holding one chunk row of the array in memory at a time. Without --shape
// the array is 1-D, of as many items as the input holds: standard input is
// then first copied to a temporary file to learn its size.
func (j *compressJob) writeB2ND(e *env) error {
	itemsize := int64(j.dtype.ItemSize)
	r, size, closeFn, err := openCompressInput(j.in, e.stdin)
	if err != nil {
		return err
	}
	defer closeFn()
	shape := j.shape
	if shape == nil {
		if size < 0 {
			sp, n, drop, err := spoolInput(r)
			if err != nil {
				return fmt.Errorf("reading %s: %w", inputName(j.in), err)
			}
			defer drop()
			r, size = sp, n
		}
		if size%itemsize != 0 {
			return fmt.Errorf("%s: %d bytes is not a whole number of %d-byte %s items (give --shape)", inputName(j.in), size, itemsize, j.dtypeStr)
		}
		shape = []int64{size / itemsize}
	}
	m, g, err := j.geometry(shape)
	if err != nil {
		if j.shape != nil {
			return usagef("%s", err)
		}
		return fmt.Errorf("%s: %w", inputName(j.in), err)
	}
	need := g.NItems * itemsize
	if size >= 0 && size != need {
		return fmt.Errorf("%s: %d bytes, but %s", j.in, size, j.describeShape(shape, g))
	}
	o := j.opts
	o.Blocksize = int(g.BlockNbytes)
	p, comp, err := frameParams(o, j.dtype.ItemSize)
	if err != nil {
		return usagef("%s", strings.Replace(flagOptionMessage(err), "--blocksize", "--blockshape", 1))
	}
	j.progress.total = need
	cr := &countingReader{r: r, n: &j.progress.in}
	return j.writeTo(e, func(w io.Writer) error {
		aw, err := frame.NewArrayWriter(w, m, p, comp)
		if err != nil {
			return err
		}
		n, err := io.CopyBuffer(aw, io.LimitReader(cr, need), make([]byte, 1<<20))
		if err == nil && n < need {
			err = fmt.Errorf("%s: %d bytes, but %s", inputName(j.in), n, j.describeShape(shape, g))
		}
		if err == nil {
			var one [1]byte
			if k, _ := io.ReadFull(cr, one[:]); k > 0 {
				err = fmt.Errorf("%s: more than %d bytes, but %s", inputName(j.in), need, j.describeShape(shape, g))
			}
		}
		if err != nil {
			aw.Close()
			if cr.err != nil {
				return fmt.Errorf("reading %s: %w", inputName(j.in), cr.err)
			}
			return err
		}
		if err := aw.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", outputName(j.out), err)
		}
		return nil
	})
}

// spoolInput copies r to a temporary file and returns it rewound, its
// size, and a function removing it.
func spoolInput(r io.Reader) (io.Reader, int64, func(), error) {
	f, err := os.CreateTemp("", "blosc2-input-*")
	if err != nil {
		return nil, 0, nil, err
	}
	registerTemp(f.Name())
	drop := func() { f.Close(); os.Remove(f.Name()); unregisterTemp(f.Name()) }
	n, err := io.Copy(f, r)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		drop()
		return nil, 0, nil, err
	}
	return f, n, drop, nil
}

// countingReader counts what it reads into *n (atomically, for the
// progress line) and keeps the first read error.
type countingReader struct {
	r   io.Reader
	n   *atomic.Int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return k, err
}

// describeShape says what the shape and --dtype need, for size errors.
func (j *compressJob) describeShape(shape []int64, g frame.Geometry) string {
	return fmt.Sprintf("--shape %s of %s needs %d bytes (%d items of %d bytes)", dimsString(shape), j.dtypeStr, g.NItems*g.Itemsize, g.NItems, g.Itemsize)
}

func int32s(v []int64) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(x)
	}
	return out
}

// dimsString writes extents as the flags take them ("123,45"; "()" for
// none).
func dimsString(v []int64) string {
	if len(v) == 0 {
		return "()"
	}
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(s, ",")
}
