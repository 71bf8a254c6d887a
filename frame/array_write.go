package frame

import "io"

// NewArrayWriter starts a contiguous b2nd array: it validates m for
// p.Typesize-byte items, records the "b2nd" metalayer first (as C-Blosc2
// does) and sets the chunk and block sizes in the header. Append the
// chunks in index order (C order over the chunk grid), each holding a
// padded chunk laid out block by block, or use WriteArray.
func NewArrayWriter(w io.Writer, m NDMeta, p Params) (*Writer, error) {
	p2, err := arrayParams(m, p)
	if err != nil {
		return nil, err
	}
	return NewWriter(w, p2)
}

// NewSparseArrayWriter is NewArrayWriter for a sparse frame directory.
func NewSparseArrayWriter(dir string, m NDMeta, p Params) (*Writer, error) {
	p2, err := arrayParams(m, p)
	if err != nil {
		return nil, err
	}
	return NewSparseWriter(dir, p2)
}

func arrayParams(m NDMeta, p Params) (Params, error) {
	if p.Typesize == 0 {
		p.Typesize = 8
	}
	g, err := m.Validate(int64(p.Typesize))
	if err != nil {
		return p, err
	}
	p.Chunksize = int32(g.ChunkNbytes)
	p.Blocksize = int32(g.BlockNbytes)
	ls := []Metalayer{{Name: B2NDMetaName, Content: AppendNDMeta(nil, m)}}
	for _, l := range p.Metalayers {
		if l.Name != B2NDMetaName {
			ls = append(ls, l)
		}
	}
	p.Metalayers = ls
	return p, nil
}

// WriteArray splits data, a whole array in C order, into b2nd chunks
// (padded to the chunk shape, laid out block by block, padding zeroed)
// and appends them with AppendData (so Params.Compress must be set).
func WriteArray(w *Writer, m NDMeta, data []byte) error {
	g, err := m.Validate(int64(w.p.Typesize))
	if err != nil {
		return err
	}
	if int64(len(data)) != g.NItems*g.Itemsize {
		return &FormatError{Where: "b2nd", Offset: -1, Reason: "data holds " + itoa(int64(len(data))) + " bytes, the shape needs " + itoa(g.NItems*g.Itemsize), Err: ErrRange}
	}
	nd := len(m.Shape)
	if g.NChunks == 0 {
		return nil
	}
	astride := stridesOf(m.Shape)
	bstride := stridesOf(int32s(m.BlockShape))
	cstride := stridesOf(g.BlocksPerDim)
	chunk := make([]byte, g.ChunkNbytes)
	if nd == 0 {
		copy(chunk, data)
		return w.AppendData(chunk)
	}
	var werr error
	origin := make([]int64, nd)
	cnt := make([]int64, nd)
	forEachIndex(g.ChunksPerDim, func(c []int64) {
		if werr != nil {
			return
		}
		for j := range chunk {
			chunk[j] = 0
		}
		forEachIndex(g.BlocksPerDim, func(b []int64) {
			lin := int64(0)
			srcBase := int64(0)
			empty := false
			for i := 0; i < nd; i++ {
				bs := int64(m.BlockShape[i])
				lin += b[i] * cstride[i]
				origin[i] = c[i]*int64(m.ChunkShape[i]) + b[i]*bs
				// items of this block inside the chunk and the array
				lim := min64(int64(m.ChunkShape[i])-b[i]*bs, m.Shape[i]-origin[i])
				cnt[i] = min64(bs, lim)
				if cnt[i] <= 0 {
					empty = true
				}
				srcBase += origin[i] * astride[i]
			}
			if empty {
				return
			}
			blk := chunk[lin*g.BlockNbytes : (lin+1)*g.BlockNbytes]
			copyBox(blk, bstride, 0, data, astride, srcBase, cnt, g.Itemsize)
		})
		werr = w.AppendData(chunk)
	})
	return werr
}
