package frame

import (
	"os"
	"path/filepath"
)

// Editor changes an existing frame file: chunks can be appended, inserted,
// replaced, deleted and reordered, and (vl)metalayers changed. Commit
// writes the new frame to a temporary file in the same directory and
// renames it over the original, so readers never see a half-written frame.
// Unchanged chunks are copied as stored, without recompression.
type Editor struct {
	path   string
	src    *Frame
	params Params
	chunks []editChunk
	vlmeta []Metalayer // decoded contents
	closed bool
}

type editChunk struct {
	src     int    // index in the source frame, or -1
	data    []byte // a new compressed chunk
	special Special
	nbytes  int64 // for special chunks
}

// Edit opens the frame at path (a contiguous frame file or a sparse frame
// directory) for editing. compress, if not nil, is used for the
// vlmetalayers of the new frame (default: BloscCompressor of its params).
func Edit(path string, compress CompressFunc) (*Editor, error) {
	f, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	vl, err := f.VLMetalayers()
	if err != nil {
		f.Close()
		return nil, err
	}
	h := f.hdr
	e := &Editor{path: path, src: f, vlmeta: vl}
	e.params = Params{
		Typesize: h.Typesize, Codec: h.Codec, CompcodeMeta: h.CompcodeMeta, Clevel: h.Clevel,
		SplitMode: h.SplitMode, Blocksize: h.Blocksize, Filters: h.Filters, FiltersMeta: h.FiltersMeta,
		UseDict: h.UseDict, NThreadsComp: h.NThreadsComp, NThreadsDecomp: h.NThreadsDecomp,
		Metalayers: f.Metalayers(), Compress: compress,
	}
	for i := 0; i < f.NChunks(); i++ {
		e.chunks = append(e.chunks, editChunk{src: i})
	}
	return e, nil
}

func (e *Editor) rangeErr(i int) error {
	return &FormatError{Where: "edit", Offset: -1, Reason: "chunk " + itoa(int64(i)) + " of " + itoa(int64(len(e.chunks))), Err: ErrRange}
}

func newEditChunk(chunk []byte) (editChunk, error) {
	_, _, cb, ok := chunkSizes(chunk)
	if !ok || cb > int64(len(chunk)) {
		return editChunk{}, &FormatError{Where: "chunk", Offset: -1, Reason: "not a valid Blosc chunk", Err: ErrCorrupt}
	}
	return editChunk{src: -1, data: append([]byte(nil), chunk[:cb]...)}, nil
}

// NChunks returns the current number of chunks.
func (e *Editor) NChunks() int { return len(e.chunks) }

// AppendChunk appends a compressed chunk.
func (e *Editor) AppendChunk(chunk []byte) error { return e.InsertChunk(len(e.chunks), chunk) }

// InsertChunk inserts a compressed chunk before chunk i (i == NChunks appends).
func (e *Editor) InsertChunk(i int, chunk []byte) error {
	if i < 0 || i > len(e.chunks) {
		return e.rangeErr(i)
	}
	c, err := newEditChunk(chunk)
	if err != nil {
		return err
	}
	e.chunks = append(e.chunks, editChunk{})
	copy(e.chunks[i+1:], e.chunks[i:])
	e.chunks[i] = c
	return nil
}

// UpdateChunk replaces chunk i.
func (e *Editor) UpdateChunk(i int, chunk []byte) error {
	if i < 0 || i >= len(e.chunks) {
		return e.rangeErr(i)
	}
	c, err := newEditChunk(chunk)
	if err != nil {
		return err
	}
	e.chunks[i] = c
	return nil
}

// DeleteChunk removes chunk i.
func (e *Editor) DeleteChunk(i int) error {
	if i < 0 || i >= len(e.chunks) {
		return e.rangeErr(i)
	}
	e.chunks = append(e.chunks[:i], e.chunks[i+1:]...)
	return nil
}

// Reorder permutes the chunks: new chunk k is old chunk order[k].
func (e *Editor) Reorder(order []int) error {
	if len(order) != len(e.chunks) {
		return e.rangeErr(len(order))
	}
	seen := make([]bool, len(order))
	out := make([]editChunk, len(order))
	for k, o := range order {
		if o < 0 || o >= len(order) || seen[o] {
			return e.rangeErr(o)
		}
		seen[o] = true
		out[k] = e.chunks[o]
	}
	e.chunks = out
	return nil
}

// SetMetalayer adds or replaces a fixed metalayer.
func (e *Editor) SetMetalayer(name string, content []byte) error {
	if err := checkMetaName(name); err != nil {
		return err
	}
	ls := setLayer(append([]Metalayer(nil), e.params.Metalayers...), name, content)
	if len(ls) > MaxMetalayers {
		return &FormatError{Where: "metalayers", Offset: -1, Reason: "more than 16 metalayers", Err: ErrRange}
	}
	e.params.Metalayers = ls
	return nil
}

// SetVLMetalayer adds or replaces a variable-length metalayer.
func (e *Editor) SetVLMetalayer(name string, content []byte) error {
	if err := checkMetaName(name); err != nil {
		return err
	}
	e.vlmeta = setLayer(e.vlmeta, name, content)
	return nil
}

// DeleteVLMetalayer removes a variable-length metalayer.
func (e *Editor) DeleteVLMetalayer(name string) error {
	var ok bool
	if e.vlmeta, ok = deleteLayer(e.vlmeta, name); !ok {
		return &FormatError{Where: "vlmetalayers", Offset: -1, Reason: "no vlmetalayer " + name, Err: ErrNotFound}
	}
	return nil
}

// Commit writes the edited frame over the original file (through a
// temporary file and a rename) and closes the Editor. A sparse frame is
// written to a new directory next to the original, which then takes the
// original's name (the old directory is renamed away and removed).
func (e *Editor) Commit() (err error) {
	if e.closed {
		return ErrClosed
	}
	if e.src.hdr.Type == Sparse {
		return e.commitSparse()
	}
	tmp, err := os.CreateTemp(filepath.Dir(e.path), ".tmp-"+filepath.Base(e.path)+"-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	p := e.params
	p.VLMetalayers = e.vlmeta
	w, err := NewWriter(tmp, p)
	if err != nil {
		return err
	}
	if err = e.copyChunks(w); err != nil {
		return err
	}
	if err = w.Close(); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	e.src.Close()
	e.closed = true
	return os.Rename(tmp.Name(), e.path)
}

func (e *Editor) commitSparse() error {
	parent, base := filepath.Dir(e.path), filepath.Base(e.path)
	newDir, err := os.MkdirTemp(parent, ".tmp-"+base+"-*")
	if err != nil {
		return err
	}
	p := e.params
	p.VLMetalayers = e.vlmeta
	w, err := NewSparseWriter(newDir, p)
	if err == nil {
		if err = e.copyChunks(w); err == nil {
			err = w.Close()
		}
	}
	if err != nil {
		os.RemoveAll(newDir)
		return err
	}
	oldDir := newDir + ".old"
	if err := os.Rename(e.path, oldDir); err != nil {
		os.RemoveAll(newDir)
		return err
	}
	if err := os.Rename(newDir, e.path); err != nil {
		os.Rename(oldDir, e.path)
		os.RemoveAll(newDir)
		return err
	}
	e.src.Close()
	e.closed = true
	return os.RemoveAll(oldDir)
}

// copyChunks appends the edited chunk list to w.
func (e *Editor) copyChunks(w *Writer) (err error) {
	for _, c := range e.chunks {
		switch {
		case c.data != nil:
			err = w.AppendChunk(c.data)
		case c.src >= 0:
			var raw []byte
			var k Special
			if raw, k, err = e.src.RawChunk(c.src); err != nil {
				return err
			}
			if raw == nil {
				var n int64
				if n, err = e.src.chunkNbytes(c.src); err == nil {
					err = w.AppendSpecial(k, n)
				}
			} else {
				err = w.AppendChunk(raw)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Close abandons the edits and releases the source frame.
func (e *Editor) Close() error {
	if e.closed {
		return nil
	}
	e.closed = true
	return e.src.Close()
}
