package frame

// Array is a b2nd n-dimensional array stored in a frame.
type Array struct {
	f    *Frame
	meta NDMeta
	geo  Geometry
	dt   Dtype // zero when the dtype string is not a simple NumPy dtype
}

// OpenArray interprets f as a b2nd array. It checks the "b2nd" metalayer
// (or the legacy "caterva" one) against the frame: item size, chunk size,
// number of chunks and total size must all agree, so a shape that lies
// about the data is refused before any chunk is read.
func OpenArray(f *Frame) (*Array, error) {
	raw, ok := f.Metalayer(B2NDMetaName)
	if !ok {
		if raw, ok = f.Metalayer(legacyB2NDMetaName); !ok {
			return nil, ErrNotB2ND
		}
	}
	m, err := ParseNDMeta(raw)
	if err != nil {
		return nil, err
	}
	a := &Array{f: f, meta: m}
	item := int64(f.hdr.Typesize)
	if m.Dtype != "" && m.DtypeFormat == 0 {
		// C-Blosc2 takes the item size from the frame's typesize; some
		// files (e.g. C-Blosc2's example_day_month_temp.b2nd: "|u1" with
		// 4-byte items) carry a dtype string that disagrees. The typesize
		// wins and Dtype() stays zero for those.
		if dt, err := ParseDtype(m.Dtype); err == nil && int64(dt.ItemSize) == item {
			a.dt = dt
		}
	}
	if a.geo, err = m.Validate(item); err != nil {
		return nil, err
	}
	g := &a.geo
	if g.NChunks != int64(f.NChunks()) {
		return nil, corrupt("b2nd", -1, "the shape needs "+itoa(g.NChunks)+" chunks, the frame holds "+itoa(int64(f.NChunks())))
	}
	if g.NChunks > 0 {
		if int64(f.hdr.Chunksize) != g.ChunkNbytes {
			return nil, corrupt("b2nd", -1, "chunks of "+itoa(g.ChunkNbytes)+" bytes expected, the frame has chunksize "+itoa(int64(f.hdr.Chunksize)))
		}
		if f.hdr.Nbytes != g.NChunks*g.ChunkNbytes {
			return nil, corrupt("b2nd", -1, "the frame's uncompressed size does not match the shape")
		}
	}
	return a, nil
}

// OpenArrayFile opens a .b2nd file (or sparse b2nd directory). Close the
// array's Frame when done.
func OpenArrayFile(path string) (*Array, error) {
	f, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	a, err := OpenArray(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return a, nil
}

// Frame returns the underlying frame.
func (a *Array) Frame() *Frame { return a.f }

// Meta returns the decoded b2nd metalayer.
func (a *Array) Meta() NDMeta { return a.meta }

// Geometry returns the derived layout.
func (a *Array) Geometry() Geometry { return a.geo }

// Shape returns the array shape.
func (a *Array) Shape() []int64 { return append([]int64(nil), a.meta.Shape...) }

// Dtype returns the decoded dtype: zero when the string is not a simple
// NumPy dtype or disagrees with the frame's typesize (Meta().Dtype holds
// the string; Itemsize is always the frame's typesize).
func (a *Array) Dtype() Dtype { return a.dt }

// Itemsize returns the bytes per item.
func (a *Array) Itemsize() int { return int(a.geo.Itemsize) }

// Nbytes returns the size of the whole array in C order, in bytes.
func (a *Array) Nbytes() int64 { return a.geo.NItems * a.geo.Itemsize }

// ReadAll appends the whole array in C order to dst.
func (a *Array) ReadAll(dst []byte) ([]byte, error) {
	nd := len(a.meta.Shape)
	return a.ReadSlab(dst, make([]int64, nd), a.Shape())
}
