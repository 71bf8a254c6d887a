package frame

import "github.com/blosc2go/blosc2/blosc"

// ReadSlab appends to dst, in C order, the hyper-slab of items with
// start[i] <= index[i] < stop[i] in every dimension. Only the chunks that
// intersect the slab are read, and inside a partly covered chunk only the
// blocks that intersect it are decoded.
func (a *Array) ReadSlab(dst []byte, start, stop []int64) ([]byte, error) {
	m, g := &a.meta, &a.geo
	nd := len(m.Shape)
	if a.lazy != nil {
		return dst, &LazyError{Lazy: a.lazy}
	}
	if len(start) != nd || len(stop) != nd {
		return dst, &FormatError{Where: "slab", Offset: -1, Reason: "start/stop need " + itoa(int64(nd)) + " dimensions", Err: ErrRange}
	}
	outShape := make([]int64, nd)
	outItems := int64(1)
	for i := 0; i < nd; i++ {
		if start[i] > stop[i] {
			return dst, &FormatError{Where: "slab", Offset: -1, Reason: "dimension " + itoa(int64(i)) + ": [" + itoa(start[i]) + "," + itoa(stop[i]) + ") is a reversed range (stop before start; start == stop is empty)", Err: ErrRange}
		}
		if start[i] < 0 || stop[i] > m.Shape[i] {
			return dst, &FormatError{Where: "slab", Offset: -1, Reason: "dimension " + itoa(int64(i)) + ": [" + itoa(start[i]) + "," + itoa(stop[i]) + ") outside [0," + itoa(m.Shape[i]) + ")", Err: ErrRange}
		}
		outShape[i] = stop[i] - start[i]
		outItems *= outShape[i] // <= NItems, no overflow
	}
	isz := g.Itemsize
	if err := fitsInt(outItems*isz, len(dst)); err != nil {
		return dst, err
	}
	n0 := len(dst)
	dst = grow(dst, int(outItems*isz))
	out := dst[n0:]
	if outItems == 0 {
		return dst, nil
	}
	if nd == 0 { // a scalar: one item in chunk 0
		b, err := a.f.ReadChunks(nil, 0, 1)
		if err != nil {
			return dst[:n0], err
		}
		if int64(len(b)) < isz {
			return dst[:n0], corrupt("b2nd", -1, "scalar chunk too short")
		}
		copy(out, b[:isz])
		return dst, nil
	}

	// The chunks intersecting the slab, in index order.
	c0 := make([]int64, nd)
	cn := make([]int64, nd)
	for i := 0; i < nd; i++ {
		cs := int64(m.ChunkShape[i])
		c0[i] = start[i] / cs
		cn[i] = (stop[i]-1)/cs - c0[i] + 1
	}
	cstride := stridesOf(g.ChunksPerDim)
	var idx []int
	coords := make([][]int64, 0)
	forEachIndex(cn, func(t []int64) {
		lin := int64(0)
		c := make([]int64, nd)
		for i := range t {
			c[i] = c0[i] + t[i]
			lin += c[i] * cstride[i]
		}
		idx = append(idx, int(lin))
		coords = append(coords, c)
	})

	proto := slabState{a: a, start: start, stop: stop, out: out, dec: a.f.dec,
		ostride: stridesOf(outShape), bstride: stridesOf(int32s(m.BlockShape))}

	// On a reader, chunks the slab covers only in part are read block by
	// block: their header and block starts, then the blocks needed.
	if a.f.blockReads() {
		st := proto
		st.dec = a.f.blockDecoder()
		k := 0
		for j, ci := range idx {
			if a.f.offsets[ci] >= 0 && !a.coversChunk(coords[j], start, stop) {
				lc, err := a.f.lazyChunkAt(ci, g.ChunkNbytes)
				if err != nil {
					return dst[:n0], err
				}
				if lc != nil {
					st.lazy = nil
					if lc.whole == nil {
						st.lazy = lc
					}
					if err := st.chunk(ci, coords[j], lc.whole); err != nil {
						return dst[:n0], err
					}
					continue
				}
			}
			idx[k], coords[k] = ci, coords[j]
			k++
		}
		idx, coords = idx[:k], coords[:k]
	}
	// One state (scratch buffer) per goroutine decoding chunks.
	free := make(chan *slabState, a.f.Workers())
	for w := 0; w < cap(free); w++ {
		st := proto
		free <- &st
	}
	err := a.f.eachChunk(idx, func(j int, raw []byte, d *blosc.Decoder) error {
		st := <-free
		defer func() { free <- st }()
		st.dec = d
		return st.chunk(idx[j], coords[j], raw)
	})
	if err != nil {
		return dst[:n0], err
	}
	return dst, nil
}

type slabState struct {
	a           *Array
	start, stop []int64
	out         []byte
	ostride     []int64 // output strides (items)
	bstride     []int64 // strides inside a block (items)
	buf         []byte  // decoded chunk or block
	dec         *blosc.Decoder
	lazy        *lazyChunk // the chunk is read block by block (see lazyread.go)
}

// coversChunk reports whether the slab [start, stop) touches every block
// of the chunk at grid coordinates c, so that reading it whole costs
// nothing more. Blocks that hold only the padding past the array's edge
// are never touched.
func (a *Array) coversChunk(c, start, stop []int64) bool {
	m := &a.meta
	for i := range c {
		cs, bs := int64(m.ChunkShape[i]), int64(m.BlockShape[i])
		o := c[i] * cs
		lo := max64(start[i], o) - o
		hi := min64(stop[i], o+cs) - o
		if lo >= bs || (hi-1)/bs != (cs-1)/bs {
			return false
		}
	}
	return true
}

// chunk copies the part of chunk ci (grid coordinates c) inside the slab.
func (s *slabState) chunk(ci int, c []int64, raw []byte) error {
	m, g := &s.a.meta, &s.a.geo
	nd := len(c)
	origin := make([]int64, nd)
	lo := make([]int64, nd) // chunk-local intersection [lo, hi)
	hi := make([]int64, nd)
	b0 := make([]int64, nd)
	bn := make([]int64, nd)
	for i := 0; i < nd; i++ {
		cs, bs := int64(m.ChunkShape[i]), int64(m.BlockShape[i])
		origin[i] = c[i] * cs
		lo[i] = max64(s.start[i], origin[i]) - origin[i]
		hi[i] = min64(s.stop[i], origin[i]+cs) - origin[i]
		b0[i] = lo[i] / bs
		bn[i] = (hi[i]-1)/bs - b0[i] + 1
	}
	var special blosc.SpecialValue
	if raw == nil && s.lazy == nil {
		special = s.a.f.specialOf(ci)
	} else if nb, _, _ := chunkSizes(raw); raw != nil && nb != g.ChunkNbytes {
		return corrupt("chunk "+itoa(int64(ci)), -1, "b2nd chunk decodes to "+itoa(nb)+" bytes, expected "+itoa(g.ChunkNbytes))
	}
	// The blocks intersecting the slab come in increasing block order; they
	// are collected in windows of up to slabWindow and each run of
	// consecutive blocks is decoded with one call (the whole chunk when
	// every block is needed), never a block outside the slab.
	parts := make([]blockPart, 0, slabWindow)
	cnts := make([]int64, 0, slabWindow*nd)
	bstrideChunk := stridesOf(g.BlocksPerDim)
	var ferr error
	flush := func() {
		if ferr == nil {
			ferr = s.blocks(ci, raw, special, parts)
		}
		parts, cnts = parts[:0], cnts[:0]
	}
	forEachIndex(bn, func(t []int64) {
		if ferr != nil {
			return
		}
		k := len(cnts)
		cnts = cnts[:k+nd]
		bp := blockPart{cnt: cnts[k : k+nd : k+nd]}
		for i := 0; i < nd; i++ {
			bs := int64(m.BlockShape[i])
			bi := b0[i] + t[i]
			bp.lin += bi * bstrideChunk[i]
			bo := bi * bs // chunk-local block origin
			l := max64(lo[i], bo) - bo
			bp.cnt[i] = min64(hi[i], bo+bs) - bo - l
			bp.dstBase += (origin[i] + bo + l - s.start[i]) * s.ostride[i]
			bp.srcBase += l * s.bstride[i]
		}
		parts = append(parts, bp)
		if len(parts) == slabWindow {
			flush()
		}
	})
	if len(parts) > 0 {
		flush()
	}
	return ferr
}

// slabWindow is how many intersecting blocks slabState.chunk collects
// before decoding them.
const slabWindow = 1024

// blockPart is a block intersecting the slab: its index in the chunk and
// where its part goes (bases in items).
type blockPart struct {
	lin, dstBase, srcBase int64
	cnt                   []int64
}

// blocks decodes (or fills, for a special chunk) the blocks parts of
// chunk ci, given in increasing order, and copies their parts out.
func (s *slabState) blocks(ci int, raw []byte, special blosc.SpecialValue, parts []blockPart) error {
	g := &s.a.geo
	if raw == nil && s.lazy == nil {
		for _, bp := range parts {
			if err := fillBox(s.out, s.ostride, bp.dstBase, bp.cnt, g.Itemsize, special); err != nil {
				return err
			}
		}
		return nil
	}
	bnb := g.BlockNbytes
	var src *blockSource
	if s.lazy != nil && raw == nil {
		// Fetch the chunk's blocks holding the parts' bytes (the chunk's
		// own blocks: its header, not the b2nd block shape, says where
		// they are).
		var need []int64
		for _, bp := range parts {
			for _, j := range s.lazy.blocksOf(bp.lin*bnb, (bp.lin+1)*bnb) {
				if n := len(need); n == 0 || need[n-1] < j {
					need = append(need, j)
				}
			}
		}
		var err error
		if src, err = s.a.f.fetchBlocks(s.lazy, need, "chunk "+itoa(int64(ci))); err != nil {
			return err
		}
	}
	for r := 0; r < len(parts); {
		e := r + 1
		for e < len(parts) && parts[e].lin == parts[e-1].lin+1 {
			e++
		}
		a, b := parts[r].lin*bnb, (parts[e-1].lin+1)*bnb
		if int64(cap(s.buf)) < b-a {
			s.buf = make([]byte, b-a)
		}
		buf := s.buf[:b-a]
		if testHookBlocksDecoded != nil {
			testHookBlocksDecoded(ci, e-r)
		}
		var err error
		if src != nil {
			err = src.decode(s.dec, buf, a, b)
		} else {
			err = decodePart(s.dec, buf, raw, a, b, g.ChunkNbytes)
		}
		if err != nil {
			return wrapChunkErr("chunk "+itoa(int64(ci)), -1, err)
		}
		for _, bp := range parts[r:e] {
			off := bp.lin*bnb - a
			copyBox(s.out, s.ostride, bp.dstBase, buf[off:off+bnb], s.bstride, bp.srcBase, bp.cnt, g.Itemsize)
		}
		r = e
	}
	return nil
}

// testHookBlocksDecoded, when set by a test, is told how many blocks of
// chunk ci ReadSlab is about to decode.
var testHookBlocksDecoded func(ci, nblocks int)

// fitsInt checks that n more bytes after have fit a slice on this
// platform (int is 32 bits on 386, wasm...).
func fitsInt(n int64, have int) error {
	if n > int64(maxInt)-int64(have) {
		return &FormatError{Where: "slab", Offset: -1, Reason: itoa(n) + " bytes do not fit in memory on this platform", Err: ErrRange}
	}
	return nil
}

const maxInt = int(^uint(0) >> 1)

func int32s(v []int32) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

// stridesOf returns C-order strides (in items) of shape.
func stridesOf(shape []int64) []int64 {
	st := make([]int64, len(shape))
	acc := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= shape[i]
	}
	return st
}

// forEachIndex calls fn with every index tuple 0 <= t[i] < n[i] in C order.
// fn must not keep t.
func forEachIndex(n []int64, fn func(t []int64)) {
	for _, v := range n {
		if v <= 0 {
			return
		}
	}
	t := make([]int64, len(n))
	for {
		fn(t)
		i := len(n) - 1
		for ; i >= 0; i-- {
			t[i]++
			if t[i] < n[i] {
				break
			}
			t[i] = 0
		}
		if i < 0 {
			return
		}
	}
}

// copyBox copies a box of cnt items from src to dst; bases and strides are
// in items, rows along the last dimension are contiguous in both.
func copyBox(dst []byte, dstStride []int64, dstBase int64, src []byte, srcStride []int64, srcBase int64, cnt []int64, isz int64) {
	nd := len(cnt)
	row := cnt[nd-1] * isz
	forEachIndex(cnt[:nd-1], func(t []int64) {
		d, s := dstBase, srcBase
		for i, v := range t {
			d += v * dstStride[i]
			s += v * srcStride[i]
		}
		copy(dst[d*isz:d*isz+row], src[s*isz:s*isz+row])
	})
}

// fillBox writes the special value k into a box of dst (items of isz
// bytes, each row starting on an item boundary).
func fillBox(dst []byte, dstStride []int64, dstBase int64, cnt []int64, isz int64, k blosc.SpecialValue) error {
	nd := len(cnt)
	row := cnt[nd-1] * isz
	var err error
	forEachIndex(cnt[:nd-1], func(t []int64) {
		if err != nil {
			return
		}
		d := dstBase
		for i, v := range t {
			d += v * dstStride[i]
		}
		err = fillSpecial(dst[d*isz:d*isz+row], k, int32(isz), 0)
	})
	return err
}
