package frame

import "github.com/blosc2go/blosc2/blosc"

// ArrayEditor changes a b2nd array file: write regions, resize along any
// axis, append along the first. Changed chunks are decoded, modified and
// recompressed with the frame's own parameters (codec, level, filters,
// split mode, block size); Commit hands the new chunks and the new "b2nd"
// metalayer to an Editor, which writes them. Until Commit the file is not
// touched, and a failed call (a bad region, a dtype mismatch, a codec this
// package cannot encode) changes nothing, so the metalayer and the chunks
// always agree.
type ArrayEditor struct {
	path   string
	a      *Array // the source
	e      *Editor
	m      NDMeta // current
	g      Geometry
	chunks []editArrayChunk
	comp   CompressFunc
	closed bool
}

// editArrayChunk is a chunk of the edited array: source chunk src kept
// as stored, a new compressed chunk, or zeros.
type editArrayChunk struct {
	src  int    // source chunk index, or -1
	data []byte // new compressed chunk
	zero bool
}

// EditArray opens the b2nd array at path (file or sparse directory) for
// changes, with the options of Edit (WithCompress: how changed chunks are
// compressed; default: BloscCompressor of the array's parameters).
// Close (or Commit) releases it.
func EditArray(path string, opts ...Option) (*ArrayEditor, error) {
	st, err := applyOptions(scopeEdit, opts)
	if err != nil {
		return nil, err
	}
	a, err := OpenArrayFile(path)
	if err != nil {
		return nil, err
	}
	if a.lazy != nil {
		a.Close()
		return nil, &LazyError{Lazy: a.lazy}
	}
	e, err := Edit(path, opts...)
	if err != nil {
		a.Close()
		return nil, err
	}
	p := a.f.Params()
	p.Blocksize = int(a.geo.BlockNbytes)
	ae := &ArrayEditor{path: path, a: a, e: e, m: a.meta, g: a.geo, comp: st.compress}
	if ae.comp == nil {
		ae.comp = BloscCompressor(p)
	}
	ae.m.Shape = append([]int64(nil), a.meta.Shape...)
	for i := 0; i < a.f.NChunks(); i++ {
		ae.chunks = append(ae.chunks, editArrayChunk{src: i})
	}
	return ae, nil
}

// Shape returns the current shape (after Resize and Append).
func (ae *ArrayEditor) Shape() []int64 { return append([]int64(nil), ae.m.Shape...) }

// Array returns the array as it was opened (reads do not see the edits).
func (ae *ArrayEditor) Array() *Array { return ae.a }

// SetVLMeta stores a python-blosc2 vlmetalayer value (see MarshalVLMeta).
func (ae *ArrayEditor) SetVLMeta(name string, v any) error {
	if ae.closed {
		return ErrClosed
	}
	return ae.e.SetVLMeta(name, v)
}

// box is a decoded chunk as a C-order box of ChunkShape items.
func (ae *ArrayEditor) box(k int) ([]byte, error) {
	g, m := &ae.g, &ae.m
	nd := len(m.Shape)
	cs := int32s(m.ChunkShape)
	items := int64(1)
	for _, v := range cs {
		items *= v
	}
	box := make([]byte, items*g.Itemsize)
	c := ae.chunks[k]
	var raw []byte
	var err error
	switch {
	case c.zero:
		return box, nil
	case c.data != nil:
		raw, err = decompress(nil, c.data, int(g.ChunkNbytes))
	default:
		raw, err = ae.a.f.Chunk(nil, c.src)
	}
	if err != nil {
		return nil, err
	}
	if int64(len(raw)) != g.ChunkNbytes {
		return nil, corrupt("chunk "+itoa(int64(k)), -1, "b2nd chunk decodes to "+itoa(int64(len(raw)))+" bytes, expected "+itoa(g.ChunkNbytes))
	}
	if nd == 0 {
		copy(box, raw)
		return box, nil
	}
	bstride := stridesOf(int32s(m.BlockShape))
	cstride := stridesOf(g.BlocksPerDim)
	xstride := stridesOf(cs)
	cnt := make([]int64, nd)
	forEachIndex(g.BlocksPerDim, func(b []int64) {
		lin, base := int64(0), int64(0)
		for i := 0; i < nd; i++ {
			bs := int64(m.BlockShape[i])
			lin += b[i] * cstride[i]
			cnt[i] = min64(bs, cs[i]-b[i]*bs)
			if cnt[i] <= 0 {
				return
			}
			base += b[i] * bs * xstride[i]
		}
		copyBox(box, xstride, base, raw[lin*g.BlockNbytes:(lin+1)*g.BlockNbytes], bstride, 0, cnt, g.Itemsize)
	})
	return box, nil
}

// store compresses box as chunk k.
func (ae *ArrayEditor) store(k int, box []byte) error {
	chunk := make([]byte, ae.g.ChunkNbytes)
	packChunk(chunk, &ae.m, &ae.g, box, int32s(ae.m.ChunkShape), make([]int64, len(ae.m.Shape)))
	c, err := ae.comp(nil, chunk, int(ae.g.Itemsize))
	if err != nil {
		return err
	}
	ae.chunks[k] = editArrayChunk{src: -1, data: c}
	return nil
}

// WriteRegion writes data, the items region selects in C order (see
// Array.ReadRegion for regions), converted to the array's byte order. T
// must match the dtype.
func WriteRegion[T Element](ae *ArrayEditor, data []T, region ...Range) error {
	if ae.closed {
		return ErrClosed
	}
	if err := typedCheck[T](ae.a); err != nil {
		return err
	}
	return ae.WriteRegionBytes(encodeElems(nil, data, orderOf(ae.a.dt)), region...)
}

// WriteRegionBytes is WriteRegion for items given as bytes (the array's
// item size each, in its byte order), for any dtype.
func (ae *ArrayEditor) WriteRegionBytes(data []byte, region ...Range) error {
	if ae.closed {
		return ErrClosed
	}
	sp, n, err := resolveRegion(ae.m.Shape, region)
	if err != nil {
		return err
	}
	isz := ae.g.Itemsize
	if int64(len(data)) != n*isz {
		return &FormatError{Where: "region", Offset: -1, Reason: "data holds " + itoa(int64(len(data))) + " bytes, the region needs " + itoa(n*isz), Err: ErrRange}
	}
	if n == 0 {
		return nil
	}
	nd := len(sp)
	if nd == 0 {
		box, err := ae.box(0)
		if err != nil {
			return err
		}
		copy(box, data)
		return ae.store(0, box)
	}
	// The chunks holding selected items, dimension by dimension.
	type piece struct{ chunk, first, count, ord int64 }
	pieces := make([][]piece, nd)
	cnt := make([]int64, nd)
	for i, s := range sp {
		cs := int64(ae.m.ChunkShape[i])
		for k := int64(0); k < s.n; {
			idx := s.start + k*s.step
			end := (idx/cs + 1) * cs
			c := min64((end-idx+s.step-1)/s.step, s.n-k)
			pieces[i] = append(pieces[i], piece{chunk: idx / cs, first: idx - idx/cs*cs, count: c, ord: k})
			k += c
		}
		cnt[i] = int64(len(pieces[i]))
	}
	dstride := make([]int64, nd) // strides of the data
	acc := int64(1)
	for i := nd - 1; i >= 0; i-- {
		dstride[i] = acc
		acc *= sp[i].n
	}
	xstride := stridesOf(int32s(ae.m.ChunkShape))
	gstride := stridesOf(ae.g.ChunksPerDim)
	// Work on a copy so that a failure leaves the edit as it was.
	saved := append([]editArrayChunk(nil), ae.chunks...)
	sel := make([]int64, nd)
	var werr error
	forEachIndex(cnt, func(t []int64) {
		if werr != nil {
			return
		}
		k := int64(0)
		for i := range t {
			p := pieces[i][t[i]]
			k += p.chunk * gstride[i]
			sel[i] = p.count
		}
		box, err := ae.box(int(k))
		if err != nil {
			werr = err
			return
		}
		forEachIndex(sel, func(u []int64) {
			x, d := int64(0), int64(0)
			for i, v := range u {
				p := pieces[i][t[i]]
				x += (p.first + v*sp[i].step) * xstride[i]
				d += (p.ord + v) * dstride[i]
			}
			copy(box[x*isz:(x+1)*isz], data[d*isz:(d+1)*isz])
		})
		werr = ae.store(int(k), box)
	})
	if werr != nil {
		ae.chunks = saved
	}
	return werr
}

// Resize changes the shape (same number of dimensions; the chunk and block
// shapes stay). Items inside both shapes keep their values, new items are
// zero, and chunks cut by the new shape have their cut part zeroed so a
// later growth shows zeros there too (as python-blosc2's resize).
func (ae *ArrayEditor) Resize(shape []int64) error {
	if ae.closed {
		return ErrClosed
	}
	nd := len(ae.m.Shape)
	if len(shape) != nd {
		return &FormatError{Where: "resize", Offset: -1, Reason: "new shape has " + itoa(int64(len(shape))) + " dimensions, the array " + itoa(int64(nd)), Err: ErrRange}
	}
	nm := ae.m
	nm.Shape = append([]int64(nil), shape...)
	ng, err := nm.Validate(ae.g.Itemsize)
	if err != nil {
		return err
	}
	old, oldM, oldG := ae.chunks, ae.m, ae.g
	nc := make([]editArrayChunk, ng.NChunks)
	ostride := stridesOf(oldG.ChunksPerDim)
	keep := make([]int64, nd)
	ae.m, ae.g = nm, ng
	var rerr error
	lin := 0
	forEachIndex(ng.ChunksPerDim, func(c []int64) {
		if rerr != nil {
			return
		}
		k := lin
		lin++
		o, inside, same := int64(0), oldG.NChunks > 0, true
		for i := 0; i < nd; i++ {
			cs := int64(nm.ChunkShape[i])
			if c[i] >= oldG.ChunksPerDim[i] {
				inside = false
				break
			}
			o += c[i] * ostride[i]
			ov := min64(cs, oldM.Shape[i]-c[i]*cs)
			nv := min64(cs, shape[i]-c[i]*cs)
			keep[i] = min64(ov, nv)
			if ov != nv {
				same = false
			}
		}
		if !inside {
			nc[k] = editArrayChunk{src: -1, zero: true}
			return
		}
		nc[k] = old[o]
		if same {
			return
		}
		ae.chunks = nc
		box, err := ae.box(k)
		if err != nil {
			rerr = err
			return
		}
		zeroOutside(box, int32s(nm.ChunkShape), keep, ae.g.Itemsize)
		rerr = ae.store(k, box)
	})
	if rerr != nil {
		ae.chunks, ae.m, ae.g = old, oldM, oldG
		return rerr
	}
	ae.chunks = nc
	return nil
}

// zeroOutside zeroes the items of a C-order box of shape cs outside the
// box [0, keep).
func zeroOutside(box []byte, cs, keep []int64, isz int64) {
	st := stridesOf(cs)
	forEachIndex(cs, func(t []int64) {
		out := false
		x := int64(0)
		for i, v := range t {
			if v >= keep[i] {
				out = true
			}
			x += v * st[i]
		}
		if out {
			clear(box[x*isz : (x+1)*isz])
		}
	})
}

// Append adds data, whole rows along the first axis (a multiple of the
// items of shape[1:]) in C order, at the end of the array.
func Append[T Element](ae *ArrayEditor, data []T) error {
	if ae.closed {
		return ErrClosed
	}
	if err := typedCheck[T](ae.a); err != nil {
		return err
	}
	return ae.AppendBytes(encodeElems(nil, data, orderOf(ae.a.dt)))
}

// AppendBytes is Append for items given as bytes, for any dtype.
func (ae *ArrayEditor) AppendBytes(data []byte) error {
	if ae.closed {
		return ErrClosed
	}
	nd := len(ae.m.Shape)
	if nd == 0 {
		return &FormatError{Where: "append", Offset: -1, Reason: "a 0-d array has no axis to append along", Err: ErrRange}
	}
	row := ae.g.Itemsize
	for _, s := range ae.m.Shape[1:] {
		row *= s
	}
	if row == 0 || int64(len(data))%row != 0 {
		return &FormatError{Where: "append", Offset: -1, Reason: itoa(int64(len(data))) + " bytes are not whole rows of " + itoa(row) + " bytes", Err: ErrRange}
	}
	if len(data) == 0 {
		return nil
	}
	old := ae.Shape()
	shape := ae.Shape()
	shape[0] += int64(len(data)) / row
	oldChunks, oldM, oldG := ae.chunks, ae.m, ae.g
	if err := ae.Resize(shape); err != nil {
		return err
	}
	if err := ae.WriteRegionBytes(data, Span(old[0], shape[0])); err != nil {
		ae.chunks, ae.m, ae.g = oldChunks, oldM, oldG
		return err
	}
	return nil
}

// Commit writes the edited array over the original (through Editor.Commit)
// and closes the ArrayEditor.
func (ae *ArrayEditor) Commit() error {
	if ae.closed {
		return ErrClosed
	}
	defer ae.Close()
	e := ae.e
	ts := int(ae.g.Itemsize)
	zero, err := specialChunk(blosc.SpecialZeros, ae.g.ChunkNbytes, ts)
	if err != nil {
		return err
	}
	raw := func(c editArrayChunk) ([]byte, error) {
		switch {
		case c.zero:
			return zero, nil
		case c.data != nil:
			return c.data, nil
		}
		b, k, err := ae.a.f.RawChunk(c.src)
		if err != nil {
			return nil, err
		}
		if b == nil {
			return specialChunk(k, ae.g.ChunkNbytes, ts)
		}
		return append([]byte(nil), b...), nil
	}
	// Everything is read from the source before the Editor writes.
	bufs := make([][]byte, len(ae.chunks))
	for k, c := range ae.chunks {
		if c.src == k && c.data == nil && !c.zero {
			continue
		}
		b, err := raw(c)
		if err != nil {
			return err
		}
		bufs[k] = b
	}
	if err := e.SetMetalayer(B2NDMetaName, AppendNDMeta(nil, ae.m)); err != nil {
		return err
	}
	oldN := e.NChunks()
	for k := range ae.chunks {
		var err error
		switch {
		case k >= oldN:
			err = e.AppendChunk(bufs[k])
		case bufs[k] != nil:
			err = e.UpdateChunk(k, bufs[k])
		}
		if err != nil {
			return err
		}
	}
	for e.NChunks() > len(ae.chunks) {
		if err := e.DeleteChunk(e.NChunks() - 1); err != nil {
			return err
		}
	}
	ae.a.Close()
	ae.closed = true
	err = e.Commit()
	if err != nil {
		e.Close()
	}
	return err
}

// Close abandons the edits not committed and releases the files.
func (ae *ArrayEditor) Close() error {
	if ae.closed {
		return nil
	}
	ae.closed = true
	err := ae.e.Close()
	if err1 := ae.a.Close(); err == nil {
		err = err1
	}
	return err
}
