package frame

import (
	"github.com/blosc2go/blosc2/blosc"
	"io"
	"os"
	"path/filepath"
)

// ArrayWriter writes a b2nd array: its items arrive through Write in C
// order (any number of bytes per call) and are cut into chunks a chunk row
// at a time (ChunkShape[0] rows of the array), so memory stays within one
// chunk row whatever the array's size. The shape, chunk and block shapes
// and dtype are the writer's, given once at construction.
//
// Any error poisons the writer: later calls return it and Close returns it
// too, also when the data fell short of the shape. CreateArrayFile and
// NewSparseArrayWriter then leave the destination as it was (they write
// to a temporary file or directory renamed into place by a successful
// Close); NewArrayWriter cannot take back what reached its io.Writer, and
// what is there is not a valid frame (its header records no length until
// Close succeeds), so a caller writing to its own file should remove it.
type ArrayWriter struct {
	w    *Writer
	m    NDMeta
	g    Geometry
	dt   Dtype // zero for a structured dtype
	isz  int64
	row  []byte // the current chunk row, filled up to len(row)
	buf  []byte // a chunk being laid out
	rowN int64  // chunk rows completed
	rowB int64  // bytes of a full chunk row
	got  int64  // bytes received
	raw  bool   // chunks come from AppendChunk/AppendSpecial
	err  error

	closed bool
	// File destinations (CreateArrayFile, NewSparseArrayWriter).
	tmp     *os.File
	tmpDir  string
	dstPath string
}

// NewArrayWriter starts a contiguous b2nd array on w (see NewWriter for how
// w is written). The "b2nd" metalayer is recorded first (as C-Blosc2 does)
// and the chunk and block sizes are set in the header. m.Dtype must be a
// NumPy typestring ("<f8", "|u1", ">i4", "<U8"...) or a structured dtype
// ("[('a', '<i4'), ...]"); p.Typesize defaults to the dtype's item size,
// and an explicit typesize that disagrees with it is an error. Missing
// chunk or block shapes (nil) are filled in by AutoShapes. opts are the
// Writer's (WithCompress).
func NewArrayWriter(w io.Writer, m NDMeta, p Params, opts ...Option) (*ArrayWriter, error) {
	aw, p2, err := newArrayWriter(m, p)
	if err != nil {
		return nil, err
	}
	if aw.w, err = NewWriter(w, p2, opts...); err != nil {
		return nil, err
	}
	return aw, nil
}

// CreateArrayFile is NewArrayWriter for the file path: the array is
// written to a temporary file in the same directory, renamed to path by a
// successful Close (after an error the temporary file is removed and path
// is untouched).
func CreateArrayFile(path string, m NDMeta, p Params, opts ...Option) (*ArrayWriter, error) {
	aw, p2, err := newArrayWriter(m, p)
	if err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-*")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file private; the array gets the mode of the
	// file it replaces, or 0644.
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		mode = st.Mode().Perm()
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	if aw.w, err = NewWriter(tmp, p2, opts...); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	aw.tmp, aw.dstPath = tmp, path
	return aw, nil
}

// NewSparseArrayWriter is NewArrayWriter for a sparse frame directory dir:
// it is written as a new directory next to dir that a successful Close
// renames to dir (replacing a previous one).
func NewSparseArrayWriter(dir string, m NDMeta, p Params, opts ...Option) (*ArrayWriter, error) {
	aw, p2, err := newArrayWriter(m, p)
	if err != nil {
		return nil, err
	}
	clean := filepath.Clean(dir)
	tmp, err := os.MkdirTemp(filepath.Dir(clean), ".tmp-"+filepath.Base(clean)+"-*")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	if aw.w, err = NewSparseWriter(tmp, p2, opts...); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	aw.tmpDir, aw.dstPath = tmp, clean
	return aw, nil
}

// newArrayWriter checks m and p and returns the writer (without its frame
// Writer) and the frame parameters.
func newArrayWriter(m NDMeta, p Params) (*ArrayWriter, Params, error) {
	m.Shape = append([]int64(nil), m.Shape...)
	item := int64(p.Typesize)
	dt, derr := ParseDtype(m.Dtype)
	if item == 0 {
		if derr != nil {
			if err := checkDtypeString(m.Dtype, 0); err != nil {
				return nil, p, err
			}
			return nil, p, &FormatError{Where: "dtype", Offset: -1, Reason: "structured dtype " + m.Dtype + " needs an explicit Params.Typesize", Err: ErrDtype}
		}
		item = int64(dt.ItemSize)
		p.Typesize = int(item)
	}
	if err := checkDtypeString(m.Dtype, item); err != nil {
		return nil, p, err
	}
	if derr != nil {
		dt = Dtype{} // structured
	}
	if m.ChunkShape == nil || m.BlockShape == nil {
		var c, b []int64
		if m.ChunkShape != nil {
			c = int32s(m.ChunkShape)
		}
		if m.BlockShape != nil {
			b = int32s(m.BlockShape)
		}
		c, b, err := AutoShapes(m.Shape, c, b, int(item))
		if err != nil {
			return nil, p, err
		}
		m.ChunkShape, m.BlockShape = toInt32s(c), toInt32s(b)
	}
	p2, err := arrayParams(m, p)
	if err != nil {
		return nil, p, err
	}
	g, _ := m.Validate(item) // checked by arrayParams
	aw := &ArrayWriter{m: m, g: g, dt: dt, isz: item}
	aw.rowB = g.Itemsize
	if len(m.Shape) > 0 {
		aw.rowB = g.NItems / max64(m.Shape[0], 1) * int64(m.ChunkShape[0]) * g.Itemsize
	}
	return aw, p2, nil
}

func toInt32s(v []int64) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(x)
	}
	return out
}

func arrayParams(m NDMeta, p Params) (Params, error) {
	g, err := m.Validate(int64(p.Typesize))
	if err != nil {
		return p, err
	}
	p.Chunksize = int(g.ChunkNbytes)
	p.Blocksize = int(g.BlockNbytes)
	ls := []Metalayer{{Name: B2NDMetaName, Content: AppendNDMeta(nil, m)}}
	for _, l := range p.Metalayers {
		if l.Name != B2NDMetaName {
			ls = append(ls, l)
		}
	}
	p.Metalayers = ls
	return p, nil
}

// Meta returns the array's metalayer (with the chunk and block shapes
// filled in).
func (aw *ArrayWriter) Meta() NDMeta { return aw.m }

// Dtype returns the array's dtype (zero for a structured dtype).
func (aw *ArrayWriter) Dtype() Dtype { return aw.dt }

// SetVLMetalayer adds or replaces a variable-length metalayer (raw
// content; see SetVLMeta for python-blosc2 values).
func (aw *ArrayWriter) SetVLMetalayer(name string, content []byte) error {
	if err := aw.usable(); err != nil {
		return err
	}
	return aw.fail(aw.w.SetVLMetalayer(name, content))
}

// AppendChunk appends the next chunk already compressed (a padded chunk
// laid out block by block, as another b2nd array of the same geometry
// holds it): for copying arrays without recompressing. A chunk that does
// not decode to the chunk size, one beyond the chunk count, or mixing with
// Write is an error (which poisons the writer).
func (aw *ArrayWriter) AppendChunk(chunk []byte) error {
	if err := aw.rawOK(); err != nil {
		return err
	}
	if nb, _, ok := chunkSizes(chunk); !ok || nb != aw.g.ChunkNbytes {
		return aw.fail(&FormatError{Where: "b2nd", Offset: -1, Reason: "chunk " + itoa(int64(aw.w.NChunks())) + " does not decode to the " + itoa(aw.g.ChunkNbytes) + " bytes of a chunk", Err: ErrRange})
	}
	aw.raw = true
	return aw.fail(aw.w.AppendChunk(chunk))
}

// AppendSpecial appends the next chunk as special values (zeros, NaN,
// uninitialized) taking no space; see AppendChunk.
func (aw *ArrayWriter) AppendSpecial(k blosc.SpecialValue) error {
	if err := aw.rawOK(); err != nil {
		return err
	}
	aw.raw = true
	return aw.fail(aw.w.AppendSpecial(k, aw.g.ChunkNbytes))
}

func (aw *ArrayWriter) rawOK() error {
	if err := aw.usable(); err != nil {
		return err
	}
	switch {
	case aw.got > 0:
		return aw.fail(&FormatError{Where: "b2nd", Offset: -1, Reason: "chunks appended after data written with Write", Err: ErrRange})
	case int64(aw.w.NChunks()) >= aw.g.NChunks:
		return aw.fail(&FormatError{Where: "b2nd", Offset: -1, Reason: "more chunks than the shape has (" + itoa(aw.g.NChunks) + ")", Err: ErrRange})
	}
	return nil
}

// SetVLMeta stores a python-blosc2 vlmetalayer value (see MarshalVLMeta).
func (aw *ArrayWriter) SetVLMeta(name string, v any) error {
	if err := aw.usable(); err != nil {
		return err
	}
	return aw.fail(aw.w.SetVLMeta(name, v))
}

func (aw *ArrayWriter) usable() error {
	if aw.closed {
		return ErrClosed
	}
	return aw.err
}

// fail poisons the writer with err (if not nil) and returns it.
func (aw *ArrayWriter) fail(err error) error {
	if err != nil && aw.err == nil {
		aw.err = err
	}
	return err
}

// Write takes the next bytes of the array in C order. Writing more than
// the shape holds is an error.
func (aw *ArrayWriter) Write(p []byte) (int, error) {
	if err := aw.usable(); err != nil {
		return 0, err
	}
	if aw.raw {
		return 0, aw.fail(&FormatError{Where: "b2nd", Offset: -1, Reason: "data written after chunks appended with AppendChunk", Err: ErrRange})
	}
	total := aw.g.NItems * aw.isz
	if int64(len(p)) > total-aw.got {
		return 0, aw.fail(&FormatError{Where: "b2nd", Offset: -1, Reason: "more data than the shape holds (" + itoa(total) + " bytes)", Err: ErrRange})
	}
	n := 0
	for len(p) > 0 {
		room := aw.rowB - int64(len(aw.row))
		k := int64(len(p))
		if k > room {
			k = room
		}
		aw.row = append(aw.row, p[:k]...)
		p = p[k:]
		n += int(k)
		aw.got += k
		if int64(len(aw.row)) == aw.rowB || aw.got == total {
			if err := aw.flushRow(); err != nil {
				return n, aw.fail(err)
			}
		}
	}
	return n, nil
}

// WriteItems writes data, the next items of the array in C order,
// converted to the array's byte order. T must match the dtype.
func WriteItems[T Element](aw *ArrayWriter, data []T) error {
	if err := aw.usable(); err != nil {
		return err
	}
	if !matchesElem[T](aw.dt) {
		return aw.fail(&FormatError{Where: "b2nd", Offset: -1, Reason: "the array holds " + dtypeName(aw.dt, aw.m.Dtype) + " items, not " + DtypeOf[T]().String(), Err: ErrDtype})
	}
	const batch = 1 << 16
	buf := make([]byte, 0, min(len(data), batch)*int(aw.isz))
	for len(data) > 0 {
		k := min(len(data), batch)
		buf = encodeElems(buf[:0], data[:k], orderOf(aw.dt))
		if _, err := aw.Write(buf); err != nil {
			return err
		}
		data = data[k:]
	}
	return nil
}

func dtypeName(d Dtype, s string) string {
	if d.IsZero() {
		return s
	}
	return d.String()
}

// flushRow cuts the buffered chunk row into chunks and appends them.
func (aw *ArrayWriter) flushRow() error {
	m, g := &aw.m, &aw.g
	nd := len(m.Shape)
	defer func() { aw.row = aw.row[:0]; aw.rowN++ }()
	if aw.buf == nil {
		aw.buf = make([]byte, g.ChunkNbytes)
	}
	chunk := aw.buf
	if nd == 0 {
		copy(chunk, aw.row)
		return aw.w.AppendData(chunk)
	}
	rshape := append([]int64(nil), m.Shape...)
	rshape[0] = int64(len(aw.row)) / max64(aw.rowB/int64(m.ChunkShape[0]), 1)
	var err error
	origin := make([]int64, nd)
	forEachIndex(g.ChunksPerDim[1:], func(c []int64) {
		if err != nil {
			return
		}
		for i := 1; i < nd; i++ {
			origin[i] = c[i-1] * int64(m.ChunkShape[i])
		}
		packChunk(chunk, m, g, aw.row, rshape, origin)
		err = aw.w.AppendData(chunk)
	})
	return err
}

// packChunk lays out the chunk whose first item is at origin in data (a
// C-order box of dshape items) block by block, zeroing the padding.
func packChunk(chunk []byte, m *NDMeta, g *Geometry, data []byte, dshape, origin []int64) {
	nd := len(dshape)
	for j := range chunk {
		chunk[j] = 0
	}
	astride := stridesOf(dshape)
	bstride := stridesOf(int32s(m.BlockShape))
	cstride := stridesOf(g.BlocksPerDim)
	cnt := make([]int64, nd)
	forEachIndex(g.BlocksPerDim, func(b []int64) {
		lin, srcBase := int64(0), int64(0)
		for i := 0; i < nd; i++ {
			bs := int64(m.BlockShape[i])
			lin += b[i] * cstride[i]
			o := origin[i] + b[i]*bs
			lim := min64(int64(m.ChunkShape[i])-b[i]*bs, dshape[i]-o)
			cnt[i] = min64(bs, lim)
			if cnt[i] <= 0 {
				return
			}
			srcBase += o * astride[i]
		}
		blk := chunk[lin*g.BlockNbytes : (lin+1)*g.BlockNbytes]
		copyBox(blk, bstride, 0, data, astride, srcBase, cnt, g.Itemsize)
	})
}

// Close checks that the whole array was written, then writes the index
// and trailer (and renames a file or directory destination into place).
// It returns the first error the writer met; the destination is then
// left as described on ArrayWriter.
func (aw *ArrayWriter) Close() error {
	if aw.closed {
		return aw.err
	}
	aw.closed = true
	switch {
	case aw.err != nil:
	case aw.raw && int64(aw.w.NChunks()) != aw.g.NChunks:
		aw.err = &FormatError{Where: "b2nd", Offset: -1, Reason: "the array was closed after " + itoa(int64(aw.w.NChunks())) + " of its " + itoa(aw.g.NChunks) + " chunks", Err: ErrRange}
	case !aw.raw && aw.got != aw.g.NItems*aw.isz:
		aw.err = &FormatError{Where: "b2nd", Offset: -1, Reason: "the array was closed after " + itoa(aw.got) + " of its " + itoa(aw.g.NItems*aw.isz) + " bytes", Err: ErrRange}
	}
	if aw.err != nil {
		// Poison the frame Writer too: its Close then writes no index or
		// trailer (a plain io.Writer receives nothing) and drops its
		// temporary file.
		if aw.w.err == nil {
			aw.w.err = aw.err
		}
		aw.w.Close()
		aw.discard()
		return aw.err
	}
	if err := aw.w.Close(); err != nil {
		aw.err = err
		aw.discard()
		return err
	}
	aw.err = aw.commit()
	return aw.err
}

func (aw *ArrayWriter) discard() {
	if aw.tmp != nil {
		aw.tmp.Close()
		os.Remove(aw.tmp.Name())
	}
	if aw.tmpDir != "" {
		os.RemoveAll(aw.tmpDir)
	}
}

func (aw *ArrayWriter) commit() error {
	switch {
	case aw.tmp != nil:
		err := aw.tmp.Sync()
		if err1 := aw.tmp.Close(); err == nil {
			err = err1
		}
		if err == nil {
			err = os.Rename(aw.tmp.Name(), aw.dstPath)
		}
		if err != nil {
			os.Remove(aw.tmp.Name())
		}
		return err
	case aw.tmpDir != "":
		old := aw.tmpDir + ".old"
		_, serr := os.Stat(aw.dstPath)
		if serr == nil {
			if err := os.Rename(aw.dstPath, old); err != nil {
				os.RemoveAll(aw.tmpDir)
				return err
			}
		}
		if err := os.Rename(aw.tmpDir, aw.dstPath); err != nil {
			if serr == nil {
				os.Rename(old, aw.dstPath)
			}
			os.RemoveAll(aw.tmpDir)
			return err
		}
		if serr == nil {
			return os.RemoveAll(old)
		}
	}
	return nil
}
