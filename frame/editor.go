package frame

import (
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/blosc"
)

// Editor changes an existing frame on disk: chunks can be appended,
// inserted, replaced, deleted and reordered, and (vl)metalayers changed.
// Edits are kept in memory until Sync (or Commit, which is Sync followed
// by Close) writes them.
//
// On a contiguous frame, Sync works in place and costs the size of the
// change plus the index and the trailer, not the size of the file: the new
// chunks, then a new index and trailer, are written past the end of the
// current frame and synced; the new frame is then published by rewriting
// the few header fields that locate it (one write of less than a disk
// sector) and synced again. At every instant the file holds a complete
// frame, the old one or the new one, which C-Blosc2 and this package read:
// a crash or kill leaves one of the two and loses nothing committed before.
// The space of replaced and deleted chunks and of old indexes stays in the
// file (counted in the header's compressed size) until Compact rewrites
// the frame without it. Changing a fixed metalayer in place needs a new
// content of the same length (as C-Blosc2's blosc2_meta_update); other
// changes, and deleting every chunk, rewrite the frame as Compact does.
//
// On a sparse frame, new chunk files are written and synced first, then
// chunks.b2frame is replaced atomically (temporary file, sync, rename,
// directory sync); chunk files no longer referenced are removed afterwards.
//
// On a frame with a "b2nd" metalayer, every chunk added or replaced must
// decode to the array's chunk size, and Sync refuses a chunk count that
// does not match the shape: a raw edit cannot leave an array that does
// not open.
//
// Sync takes C-Blosc2's cross-process lock (see LockMode) while it writes.
// An Editor is for one goroutine at a time; readers in other goroutines or
// processes keep a consistent snapshot and see the new chunks after
// Frame.Refresh.
type Editor struct {
	path   string
	opts   settings // WithCompress, WithLock, WithNoSync
	fsys   fileSystem
	sparse bool
	file   editFile // contiguous: the frame, opened read-write
	stat   os.FileInfo
	lk     *frameLock
	src    *Frame // the frame as last published
	hdr    []byte // its header bytes as on disk (sparse: all of chunks.b2frame)

	params      Params
	comp        CompressFunc // the default compressor
	chunks      []editChunk
	vlmeta      []Metalayer // decoded contents
	metaChanged bool
	dirty       bool
	closed      bool
	broken      error // set when a failed commit could not restore the header
}

type editChunk struct {
	src     int    // index in the source frame, or -1
	data    []byte // a new compressed chunk
	special blosc.SpecialValue
	nbytes  int64 // decoded size of a new chunk
}

// Edit opens the frame at path (a contiguous frame file or a sparse frame
// directory) for editing. It takes WithCompress (how AppendData's data and
// the vlmetalayers are compressed; default: BloscCompressor of the frame's
// parameters), WithLock and WithNoSync.
func Edit(path string, opts ...Option) (*Editor, error) {
	st, err := applyOptions(scopeEdit, opts)
	if err != nil {
		return nil, err
	}
	if st.noSync {
		return editOn(noSyncFS{}, path, st)
	}
	return editOn(osFS, path, st)
}

// editOn opens an Editor whose file I/O goes through fsys.
func editOn(fsys fileSystem, path string, st settings) (*Editor, error) {
	e := &Editor{path: path, opts: st, fsys: fsys}
	if err := e.open(); err != nil {
		return nil, err
	}
	return e, nil
}

// open (re)opens the file, the lock and the published frame.
func (e *Editor) open() error {
	st, err := os.Stat(e.path)
	if err != nil {
		return err
	}
	e.sparse = st.IsDir()
	if e.lk == nil {
		if e.lk, err = openLock(e.path, e.sparse, e.opts.lock); err != nil {
			return err
		}
	}
	if !e.sparse {
		if e.file, err = e.fsys.OpenRW(e.path); err != nil {
			e.lk.close()
			e.lk = nil
			return err
		}
	}
	if err = e.lk.lock(false); err == nil {
		err = e.load()
		e.lk.unlock()
	}
	if err != nil {
		e.release()
		return err
	}
	return nil
}

// load reads the published frame and resets the edit list to it.
func (e *Editor) load() error {
	var f *Frame
	var err error
	if e.sparse {
		if f, err = OpenSparse(os.DirFS(e.path)); err == nil {
			e.hdr, err = f.bytesAt(0, f.size, sparseIndexName) // the whole index file
		}
	} else {
		if e.stat, err = os.Stat(e.path); err != nil {
			return err
		}
		if f, err = Open(e.file, e.stat.Size()); err == nil {
			e.hdr = make([]byte, f.hdr.HeaderLen)
			err = f.readAt(e.hdr, 0, "header")
		}
	}
	if err != nil {
		return err
	}
	vl, err := f.VLMetalayers()
	if err != nil {
		return err
	}
	h := f.hdr
	e.src, e.vlmeta = f, vl
	e.params = headerParams(&h, f.Metalayers())
	if e.comp == nil {
		e.comp = e.opts.compress
		if e.comp == nil {
			e.comp = editorCompressor(e.params) // kept across reloads
		}
	}
	e.chunks = make([]editChunk, f.NChunks())
	for i := range e.chunks {
		e.chunks[i] = editChunk{src: i}
	}
	e.metaChanged, e.dirty = false, false
	return nil
}

// release closes the file and the lock.
func (e *Editor) release() error {
	var err error
	if e.file != nil {
		err = e.file.Close()
		e.file = nil
	}
	if err1 := e.lk.close(); err == nil {
		err = err1
	}
	e.lk = nil
	return err
}

func (e *Editor) usable() error {
	if e.closed {
		return ErrClosed
	}
	return e.broken
}

func (e *Editor) rangeErr(i int) error {
	return &FormatError{Where: "edit", Offset: -1, Reason: "chunk " + itoa(int64(i)) + " of " + itoa(int64(len(e.chunks))), Err: ErrRange}
}

// newEditChunk checks a compressed chunk and, for a b2nd array, its size.
func (e *Editor) newEditChunk(chunk []byte) (editChunk, error) {
	nb, cb, ok := chunkSizes(chunk)
	if !ok || cb > int64(len(chunk)) || nb > blosc.MaxNbytes {
		return editChunk{}, &FormatError{Where: "chunk", Offset: -1, Reason: "not a valid Blosc chunk", Err: ErrCorrupt}
	}
	g, isND, err := e.geometry()
	if err != nil {
		return editChunk{}, err
	}
	if isND && nb != g.ChunkNbytes {
		return editChunk{}, &FormatError{Where: "b2nd", Offset: -1, Reason: "chunk decodes to " + itoa(nb) +
			" bytes, the array's chunks hold " + itoa(g.ChunkNbytes), Err: ErrRange}
	}
	c := editChunk{src: -1, nbytes: nb}
	if k, _ := chunkKind(chunk); k == blosc.SpecialZeros || k == blosc.SpecialUninit ||
		(k == blosc.SpecialNaN && (e.params.Typesize == 4 || e.params.Typesize == 8)) {
		c.special = k
		return c, nil
	}
	c.data = append([]byte(nil), chunk[:cb]...)
	return c, nil
}

// geometry returns the b2nd geometry of the edited metalayers, if any.
func (e *Editor) geometry() (Geometry, bool, error) {
	for _, m := range e.params.Metalayers {
		if m.Name != B2NDMetaName && m.Name != legacyB2NDMetaName {
			continue
		}
		nd, err := ParseNDMeta(m.Content)
		if err != nil {
			return Geometry{}, true, err
		}
		g, err := nd.Validate(int64(e.params.Typesize))
		return g, true, err
	}
	return Geometry{}, false, nil
}

// NChunks returns the current number of chunks.
func (e *Editor) NChunks() int { return len(e.chunks) }

// Params returns the frame's parameters (those AppendData compresses with).
func (e *Editor) Params() Params { return e.params }

// AppendChunk appends a compressed chunk.
func (e *Editor) AppendChunk(chunk []byte) error { return e.InsertChunk(len(e.chunks), chunk) }

// AppendData compresses data with the frame's own parameters (codec,
// level, filters, typesize, blocksize, split mode; or WithCompress)
// and appends it as one chunk.
func (e *Editor) AppendData(data []byte) error {
	if err := e.usable(); err != nil {
		return err
	}
	if len(data) > blosc.MaxNbytes {
		return &FormatError{Where: "chunk", Offset: -1, Reason: "more than " + itoa(blosc.MaxNbytes) + " bytes in one chunk", Err: ErrRange}
	}
	c, err := e.comp(nil, data, int(e.params.Typesize))
	if err != nil {
		return err
	}
	return e.AppendChunk(c)
}

// InsertChunk inserts a compressed chunk before chunk i (i == NChunks appends).
func (e *Editor) InsertChunk(i int, chunk []byte) error {
	if err := e.usable(); err != nil {
		return err
	}
	if i < 0 || i > len(e.chunks) {
		return e.rangeErr(i)
	}
	c, err := e.newEditChunk(chunk)
	if err != nil {
		return err
	}
	e.chunks = append(e.chunks, editChunk{})
	copy(e.chunks[i+1:], e.chunks[i:])
	e.chunks[i] = c
	e.dirty = true
	return nil
}

// UpdateChunk replaces chunk i.
func (e *Editor) UpdateChunk(i int, chunk []byte) error {
	if err := e.usable(); err != nil {
		return err
	}
	if i < 0 || i >= len(e.chunks) {
		return e.rangeErr(i)
	}
	c, err := e.newEditChunk(chunk)
	if err != nil {
		return err
	}
	e.chunks[i] = c
	e.dirty = true
	return nil
}

// DeleteChunk removes chunk i.
func (e *Editor) DeleteChunk(i int) error {
	if err := e.usable(); err != nil {
		return err
	}
	if i < 0 || i >= len(e.chunks) {
		return e.rangeErr(i)
	}
	e.chunks = append(e.chunks[:i], e.chunks[i+1:]...)
	e.dirty = true
	return nil
}

// Reorder permutes the chunks: new chunk k is old chunk order[k].
func (e *Editor) Reorder(order []int) error {
	if err := e.usable(); err != nil {
		return err
	}
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
	e.dirty = true
	return nil
}

// SetMetalayer adds or replaces a fixed metalayer. A "b2nd" metalayer must
// decode and describe a valid geometry for the frame's typesize.
func (e *Editor) SetMetalayer(name string, content []byte) error {
	if err := e.usable(); err != nil {
		return err
	}
	if err := checkMetaName(name); err != nil {
		return err
	}
	if name == B2NDMetaName || name == legacyB2NDMetaName {
		nd, err := ParseNDMeta(content)
		if err != nil {
			return err
		}
		if _, err := nd.Validate(int64(e.params.Typesize)); err != nil {
			return err
		}
	}
	ls := setLayer(append([]Metalayer(nil), e.params.Metalayers...), name, content)
	if len(ls) > MaxMetalayers {
		return &FormatError{Where: "metalayers", Offset: -1, Reason: "more than 16 metalayers", Err: ErrRange}
	}
	e.params.Metalayers = ls
	e.metaChanged, e.dirty = true, true
	return nil
}

// SetVLMetalayer adds or replaces a variable-length metalayer.
func (e *Editor) SetVLMetalayer(name string, content []byte) error {
	if err := e.usable(); err != nil {
		return err
	}
	if err := checkMetaName(name); err != nil {
		return err
	}
	vl := setLayer(e.vlmeta, name, content)
	if len(vl) > MaxVLMetalayers {
		return &FormatError{Where: "vlmetalayers", Offset: -1, Reason: "too many vlmetalayers", Err: ErrRange}
	}
	e.vlmeta, e.dirty = vl, true
	return nil
}

// DeleteVLMetalayer removes a variable-length metalayer.
func (e *Editor) DeleteVLMetalayer(name string) error {
	if err := e.usable(); err != nil {
		return err
	}
	var ok bool
	if e.vlmeta, ok = deleteLayer(e.vlmeta, name); !ok {
		return &FormatError{Where: "vlmetalayers", Offset: -1, Reason: "no vlmetalayer " + name, Err: ErrNotFound}
	}
	e.dirty = true
	return nil
}

// Commit writes the edits (see Sync) and closes the Editor. After an
// error the file holds the previous frame and the Editor stays open (call
// Close to abandon the edits).
func (e *Editor) Commit() error {
	if err := e.Sync(); err != nil {
		return err
	}
	return e.Close()
}

// Close abandons the edits not yet synced and releases the file and lock.
func (e *Editor) Close() error {
	if e.closed {
		return nil
	}
	e.closed = true
	return e.release()
}

// Path returns the path of the frame being edited.
func (e *Editor) Path() string { return e.path }

func (e *Editor) dir() string { return filepath.Dir(e.path) }

// Frame returns the frame as last published (opened or synced): its
// header, chunks and metalayers without the pending edits. It is replaced
// by the next Sync or Compact and closed with the Editor; do not Close it.
func (e *Editor) Frame() *Frame { return e.src }

// editorCompressor is BloscCompressor with an Encoder of its own for the
// frame's typesize, which keeps its codec state between AppendData calls.
func editorCompressor(p Params) CompressFunc {
	any := BloscCompressor(p)
	enc, err := blosc.NewEncoder(chunkOptions(p, int(p.Typesize)))
	if err != nil {
		return any
	}
	return func(dst, src []byte, typesize int) ([]byte, error) {
		if typesize != int(p.Typesize) {
			return any(dst, src, typesize)
		}
		return enc.Compress(dst, src)
	}
}
