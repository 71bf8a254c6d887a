package frame

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// Array is a b2nd n-dimensional array stored in a frame.
type Array struct {
	f     *Frame
	meta  NDMeta
	geo   Geometry
	dt    Dtype     // zero when the dtype string is not a simple NumPy dtype
	dtErr error     // why dt is zero (see Check), nil when it is not
	lazy  *LazyExpr // a python-blosc2 LazyExpr/LazyUDF: no data to read
}

// OpenArray interprets f as a b2nd array. It checks the "b2nd" metalayer
// (or the legacy "caterva" one) against the frame: item size, chunk size,
// number of chunks and total size must all agree, so a shape that lies
// about the data is refused before any chunk is read.
func OpenArray(f *Frame) (*Array, error) {
	raw, err := f.Metalayer(B2NDMetaName)
	if err != nil {
		if raw, err = f.Metalayer(legacyB2NDMetaName); err != nil {
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
		dt, err := ParseDtype(m.Dtype)
		switch {
		case err != nil && strings.HasPrefix(m.Dtype, "["):
			a.dtErr = &FormatError{Where: "b2nd", Offset: -1, Reason: "structured dtype " + m.Dtype + ": read it with the byte-level methods", Err: ErrDtype}
		case err != nil:
			a.dtErr = &FormatError{Where: "b2nd", Offset: -1, Reason: "dtype " + strconv.Quote(m.Dtype) + " is not a NumPy typestring", Err: ErrDtype, Cause: err}
		case int64(dt.ItemSize) != item:
			a.dtErr = &FormatError{Where: "b2nd", Offset: -1, Reason: "dtype " + m.Dtype + " has " + itoa(int64(dt.ItemSize)) + "-byte items but the frame's typesize is " + itoa(item) + " (the typesize is used)", Err: ErrDtype}
		default:
			a.dt = dt
		}
	} else {
		a.dtErr = &FormatError{Where: "b2nd", Offset: -1, Reason: "no NumPy dtype recorded (format " + itoa(int64(m.DtypeFormat)) + ")", Err: ErrDtype}
	}
	if a.lazy, err = lazyOf(f); err != nil {
		return nil, err
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

// OpenArrayFile opens a .b2nd file (or sparse b2nd directory) with the
// read options of OpenFile. Close the array when done.
func OpenArrayFile(path string, opts ...Option) (*Array, error) {
	f, err := OpenFile(path, opts...)
	if err != nil {
		if st, serr := os.Stat(path); serr == nil && st.IsDir() && errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("frame: %s is a directory but not a sparse frame (no %s): %w", path, sparseIndexName, err)
		}
		return nil, err
	}
	a, err := OpenArray(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return a, nil
}

// Close releases the file opened by OpenArrayFile (it closes the Frame).
func (a *Array) Close() error { return a.f.Close() }

// Check reports why the array has no usable Dtype: a dtype string that is
// not a NumPy typestring, a structured dtype, or one whose item size
// disagrees with the frame's typesize (C-Blosc2's
// example_day_month_temp.b2nd says "|u1" for 4-byte items). Typed reads and
// writes fail with this error (wrapping ErrDtype); the byte-level methods
// use the typesize. Check returns nil for a consistent array.
func (a *Array) Check() error { return a.dtErr }

// Lazy returns the saved python-blosc2 LazyExpr/LazyUDF the array is, or
// nil. Reading the data of such an array fails with a *LazyError.
func (a *Array) Lazy() *LazyExpr { return a.lazy }

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
