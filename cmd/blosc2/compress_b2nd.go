package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

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
	j.dtype, j.dtypeStr = d, canonicalDtype(d)
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
	chunks, blocks := defaultShapes(shape, j.chunks, j.blocks, int64(j.dtype.ItemSize))
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

// writeB2ND reads the whole array (C order) and writes it as a b2nd frame.
func (j *compressJob) writeB2ND(e *env) error {
	itemsize := int64(j.dtype.ItemSize)
	var data []byte
	var m frame.NDMeta
	var g frame.Geometry
	var err error
	if j.shape != nil {
		if m, g, err = j.geometry(j.shape); err != nil {
			return usagef("%s", err)
		}
		need := g.NItems * itemsize
		if data, err = readExactly(j.in, e.stdin, need, j.describeShape(g)); err != nil {
			return err
		}
	} else {
		if data, err = readCompressInput(j.in, e.stdin, math.MaxInt64-1, "too large"); err != nil {
			return err
		}
		if int64(len(data))%itemsize != 0 {
			return fmt.Errorf("%s: %d bytes is not a whole number of %d-byte %s items (give --shape)", inputName(j.in), len(data), itemsize, j.dtypeStr)
		}
		if m, g, err = j.geometry([]int64{int64(len(data)) / itemsize}); err != nil {
			return fmt.Errorf("%s: %w", inputName(j.in), err)
		}
	}
	o := j.opts
	o.Blocksize = int(g.BlockNbytes)
	p, err := frameParams(o, j.dtype.ItemSize)
	if err != nil {
		return usagef("%s", strings.Replace(flagOptionMessage(err), "--blocksize", "--blockshape", 1))
	}
	return j.writeTo(e, func(w io.Writer) error {
		fw, err := frame.NewArrayWriter(w, m, p)
		if err != nil {
			return err
		}
		if err := frame.WriteArray(fw, m, data); err != nil {
			fw.Close()
			return fmt.Errorf("writing %s: %w", outputName(j.out), err)
		}
		if err := fw.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", outputName(j.out), err)
		}
		return nil
	})
}

// describeShape says what --shape and --dtype need, for size errors.
func (j *compressJob) describeShape(g frame.Geometry) string {
	return fmt.Sprintf("--shape %s of %s needs %d bytes (%d items of %d bytes)", dimsString(j.shape), j.dtypeStr, g.NItems*g.Itemsize, g.NItems, g.Itemsize)
}

// readExactly reads FILE ("-": standard input), which must hold exactly
// need bytes; a file of another size is refused before it is read.
func readExactly(path string, stdin io.Reader, need int64, what string) ([]byte, error) {
	r, size, closeFn, err := openCompressInput(path, stdin)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	if size >= 0 && size != need {
		return nil, fmt.Errorf("%s: %d bytes, but %s", path, size, what)
	}
	b, err := readAllSized(r, size, need+1)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", inputName(path), err)
	}
	if int64(len(b)) != need {
		more := ""
		if int64(len(b)) > need {
			more = "more than "
		}
		return nil, fmt.Errorf("%s: %s%d bytes, but %s", inputName(path), more, len(b), what)
	}
	return b, nil
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
