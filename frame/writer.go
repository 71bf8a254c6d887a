package frame

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/blosc"
)

// Writer writes a frame chunk by chunk without knowing the number of
// chunks in advance; Close writes the index and the trailer. The header
// records sizes known only at the end, so how the bytes reach the
// destination depends on what it can do:
//
//   - an io.WriterAt or io.WriteSeeker (a regular *os.File is both): the
//     header goes first, each chunk is written as it is appended, and Close
//     writes the index and trailer and then rewrites the header in place;
//   - any other io.Writer (a pipe, a network connection, a bytes.Buffer,
//     os.Stdout when it is not a regular file, a file opened with
//     O_APPEND): the chunks are spooled to a temporary file (os.CreateTemp
//     in os.TempDir), and Close writes header, chunks, index and trailer
//     to the destination in one pass, in order, then removes the temporary
//     file. Nothing reaches the destination before Close.
//
// Both give the same bytes. Always call Close (also after an error): it
// removes the temporary file. For a sparse frame (NewSparseWriter) each
// chunk goes to its own file.
type Writer struct {
	p     Params
	comp  CompressFunc // WithCompress, else BloscCompressor(p) made on first use
	wa    io.WriterAt
	ws    io.WriteSeeker
	w     io.Writer
	spool *os.File // plain io.Writer: chunks from hdrLen on, until Close
	pos   int64    // next write position, relative to the frame start
	dir   string   // sparse: the directory

	hdrLen   int64
	offsets  []int64
	nbytes   int64
	cbytes   int64
	chunk    int32 // C-Blosc2's chunksize rule: -1 none yet, 0 variable
	lastNb   int64
	vlblocks bool
	vlmeta   []Metalayer   // raw contents
	specNb   map[int]int64 // decoded size of special chunks, by chunk index
	closed   bool
	err      error
}

// newWriter checks p and opts and returns a Writer without a destination.
func newWriter(p Params, opts []Option) (*Writer, error) {
	st, err := applyOptions(scopeWrite, opts)
	if err != nil {
		return nil, err
	}
	wr := &Writer{p: p, chunk: -1, comp: st.compress}
	if err := wr.p.normalize(); err != nil {
		return nil, err
	}
	if wr.p.Chunksize > 0 {
		wr.chunk = int32(wr.p.Chunksize)
	}
	wr.vlmeta = append(wr.vlmeta, wr.p.VLMetalayers...)
	return wr, nil
}

// NewWriter starts a contiguous frame on w. Writing starts at offset 0 for
// an io.WriterAt, at the current position for an io.WriteSeeker, and w
// receives everything at Close through a temporary file for any other
// io.Writer (see Writer). An *os.File that cannot seek (a pipe, a
// terminal) or was opened with O_APPEND is treated as a plain io.Writer.
//
// Params with UseDict and a codec that takes no dictionary (C-Blosc2
// refuses to compress so) are an error before anything is written.
func NewWriter(w io.Writer, p Params, opts ...Option) (*Writer, error) {
	if err := checkUseDict(p); err != nil {
		return nil, err
	}
	return newContiguousWriter(w, p, opts)
}

// checkUseDict refuses UseDict with a codec other than Zstd, LZ4 and
// LZ4HC in the Params of a new frame. Frames rewritten from an existing
// header (Compact, Recover) keep what the header says.
func checkUseDict(p Params) error {
	if p.UseDict && p.Codec != blosc.Zstd && p.Codec != blosc.LZ4 && p.Codec != blosc.LZ4HC {
		return &FormatError{Where: "params", Offset: -1, Reason: "UseDict with codec " + p.Codec.String() +
			": only zstd, lz4 and lz4hc chunks hold dictionaries", Err: ErrRange}
	}
	return nil
}

// newContiguousWriter is NewWriter without the checks that only concern
// new frames.
func newContiguousWriter(w io.Writer, p Params, opts []Option) (*Writer, error) {
	wr, err := newWriter(p, opts)
	if err != nil {
		return nil, err
	}
	wr.w = w
	seekable := true
	if fh, ok := w.(*os.File); ok {
		// Pipes and terminals are *os.File too, but cannot seek.
		if _, err := fh.Seek(0, io.SeekCurrent); err != nil {
			seekable = false
		}
	}
	if wa, ok := w.(io.WriterAt); ok && seekable {
		wr.wa = wa
	} else if ws, ok := w.(io.WriteSeeker); ok && seekable {
		cur, err := ws.Seek(0, io.SeekCurrent)
		if err != nil {
			return nil, err
		}
		wr.ws = &offsetSeeker{ws, cur}
	} else {
		tmp, err := os.CreateTemp("", "blosc2-frame-*.spool")
		if err != nil {
			return nil, err
		}
		wr.spool = tmp
	}
	hdr := wr.header(0)
	wr.hdrLen = int64(len(hdr))
	if err := wr.writeAt(hdr, 0); err != nil {
		if _, ok := w.(*os.File); !ok || wr.wa == nil {
			wr.dropSpool()
			return nil, err
		}
		// A file opened with O_APPEND refuses WriteAt: spool instead, and
		// the frame is appended at Close.
		tmp, err := os.CreateTemp("", "blosc2-frame-*.spool")
		if err != nil {
			return nil, err
		}
		wr.wa, wr.spool = nil, tmp
	}
	wr.pos = wr.hdrLen
	return wr, nil
}

// dropSpool closes and removes the temporary file of a plain-writer frame.
func (wr *Writer) dropSpool() {
	if wr.spool != nil {
		wr.spool.Close()
		os.Remove(wr.spool.Name())
		wr.spool = nil
	}
}

// flushSpool writes the final header and then the spooled chunks, index
// and trailer (total bytes in all) to the destination.
func (wr *Writer) flushSpool(hdr []byte, total int64) error {
	if _, err := wr.w.Write(hdr); err != nil {
		return err
	}
	n, err := io.Copy(wr.w, io.NewSectionReader(wr.spool, 0, total-wr.hdrLen))
	if err == nil && n != total-wr.hdrLen {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// NewSparseWriter starts a sparse frame in directory dir (created if
// needed): chunks go to %08X.chunk files and Close writes chunks.b2frame.
//
// Params with UseDict and a codec that takes no dictionary are an error
// before anything is written.
func NewSparseWriter(dir string, p Params, opts ...Option) (*Writer, error) {
	if err := checkUseDict(p); err != nil {
		return nil, err
	}
	wr, err := newWriter(p, opts)
	if err != nil {
		return nil, err
	}
	wr.dir = dir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return wr, nil
}

type offsetSeeker struct {
	io.WriteSeeker
	base int64
}

func (wr *Writer) writeAt(b []byte, off int64) error {
	if wr.spool != nil {
		// The header (offset 0) is written by flushSpool at Close.
		if off == 0 {
			return nil
		}
		_, err := wr.spool.WriteAt(b, off-wr.hdrLen)
		return err
	}
	if wr.wa != nil {
		_, err := wr.wa.WriteAt(b, off)
		return err
	}
	s := wr.ws.(*offsetSeeker)
	if _, err := s.Seek(s.base+off, io.SeekStart); err != nil {
		return err
	}
	_, err := s.Write(b)
	return err
}

func (wr *Writer) header(frameLen int64) []byte {
	return appendHeader(nil, headerFields{
		p: &wr.p, frameLen: frameLen, nbytes: wr.nbytes, cbytes: wr.cbytes,
		chunksize: wr.chunk, variable: wr.chunk == 0, vlblocks: wr.vlblocks,
		hasVLMeta: len(wr.vlmeta) > 0, sparse: wr.dir != "",
	})
}

// NChunks returns the number of chunks appended so far.
func (wr *Writer) NChunks() int { return len(wr.offsets) }

func (wr *Writer) usable() error {
	if wr.closed {
		return ErrClosed
	}
	return wr.err
}

// account applies C-Blosc2's chunksize rule for a new chunk of nb bytes.
func (wr *Writer) account(nb int64) {
	switch {
	case wr.chunk == -1:
		wr.chunk = int32(nb)
	case wr.chunk > 0 && ((len(wr.offsets) > 1 && wr.lastNb < int64(wr.chunk)) || nb > int64(wr.chunk)):
		wr.chunk = 0
	}
	wr.lastNb = nb
	wr.nbytes += nb
}

// AppendChunk appends one compressed Blosc2 chunk (as produced by a Blosc2
// encoder). A chunk whose header marks it as all zeros, NaN or
// uninitialized is recorded in the index as a special value and takes no
// space, as C-Blosc2 does.
func (wr *Writer) AppendChunk(chunk []byte) error {
	if err := wr.usable(); err != nil {
		return err
	}
	nb, cb, ok := chunkSizes(chunk)
	if !ok || cb > int64(len(chunk)) || nb > 1<<31-1 {
		return &FormatError{Where: "chunk", Offset: -1, Reason: "not a valid Blosc chunk", Err: ErrCorrupt}
	}
	k, vl := chunkKind(chunk)
	if k == blosc.SpecialZeros || k == blosc.SpecialUninit ||
		(k == blosc.SpecialNaN && (wr.p.Typesize == 4 || wr.p.Typesize == 8)) {
		return wr.AppendSpecial(k, nb)
	}
	if vl {
		wr.vlblocks = true
	}
	var off int64
	if wr.dir != "" {
		off = wr.nextFile()
		if err := os.WriteFile(filepath.Join(wr.dir, sparseChunkName(off)), chunk[:cb], 0o644); err != nil {
			wr.err = err
			return err
		}
	} else {
		off = wr.pos - wr.hdrLen
		if err := wr.writeAt(chunk[:cb], wr.pos); err != nil {
			wr.err = err
			return err
		}
		wr.pos += cb
	}
	wr.offsets = append(wr.offsets, off)
	wr.cbytes += cb
	wr.account(nb)
	return nil
}

func (wr *Writer) nextFile() int64 {
	n := int64(0)
	for _, o := range wr.offsets {
		if o >= n {
			n = o + 1
		}
	}
	return n
}

// AppendSpecial appends a chunk of nbytes special values (zeros, NaN for
// typesize 4 or 8, or uninitialized) that takes no space in the frame.
func (wr *Writer) AppendSpecial(k blosc.SpecialValue, nbytes int64) error {
	if err := wr.usable(); err != nil {
		return err
	}
	switch k {
	case blosc.SpecialZeros, blosc.SpecialUninit:
	case blosc.SpecialNaN:
		if wr.p.Typesize != 4 && wr.p.Typesize != 8 {
			return &FormatError{Where: "chunk", Offset: -1, Reason: "NaN chunks need typesize 4 or 8", Err: ErrRange}
		}
	default:
		return &FormatError{Where: "chunk", Offset: -1, Reason: "unknown special value", Err: ErrRange}
	}
	if nbytes < 0 || nbytes > 1<<31-1 {
		return &FormatError{Where: "chunk", Offset: -1, Reason: "chunk size out of range", Err: ErrRange}
	}
	if wr.specNb == nil {
		wr.specNb = map[int]int64{}
	}
	wr.specNb[len(wr.offsets)] = nbytes
	wr.offsets = append(wr.offsets, int64(uint64(specialFlag|byte(k))<<56))
	wr.account(nbytes)
	return nil
}

// AppendData compresses data with the WithCompress function (or package
// blosc with the frame's parameters) and appends the chunk.
func (wr *Writer) AppendData(data []byte) error {
	if err := wr.usable(); err != nil {
		return err
	}
	c, err := wr.compress(data, int(wr.p.Typesize))
	if err != nil {
		return err
	}
	return wr.AppendChunk(c)
}

// SetVLMetalayer adds or replaces a variable-length metalayer.
func (wr *Writer) SetVLMetalayer(name string, content []byte) error {
	if err := wr.usable(); err != nil {
		return err
	}
	if err := checkMetaName(name); err != nil {
		return err
	}
	wr.vlmeta = setLayer(wr.vlmeta, name, content)
	if len(wr.vlmeta) > MaxVLMetalayers {
		wr.vlmeta = wr.vlmeta[:len(wr.vlmeta)-1]
		return &FormatError{Where: "vlmetalayers", Offset: -1, Reason: "too many vlmetalayers", Err: ErrRange}
	}
	return nil
}

// DeleteVLMetalayer removes a variable-length metalayer.
func (wr *Writer) DeleteVLMetalayer(name string) error {
	var ok bool
	if wr.vlmeta, ok = deleteLayer(wr.vlmeta, name); !ok {
		return &FormatError{Where: "vlmetalayers", Offset: -1, Reason: "no vlmetalayer " + name, Err: ErrNotFound}
	}
	return nil
}

func setLayer(ls []Metalayer, name string, content []byte) []Metalayer {
	c := append([]byte(nil), content...)
	for i := range ls {
		if ls[i].Name == name {
			ls[i].Content = c
			return ls
		}
	}
	return append(ls, Metalayer{Name: name, Content: c})
}

func deleteLayer(ls []Metalayer, name string) ([]Metalayer, bool) {
	for i := range ls {
		if ls[i].Name == name {
			return append(ls[:i:i], ls[i+1:]...), true
		}
	}
	return ls, false
}

func (wr *Writer) compress(data []byte, typesize int) ([]byte, error) {
	if wr.comp == nil {
		wr.comp = BloscCompressor(wr.p)
	}
	return wr.comp(nil, data, typesize)
}

// Close writes the index and the trailer, then the final header (for a
// plain io.Writer: the whole frame, see Writer). It does not close the
// underlying writer. It removes the temporary file, if any, also when an
// earlier call failed.
func (wr *Writer) Close() error {
	if wr.closed {
		return wr.err
	}
	wr.closed = true
	if wr.err == nil {
		wr.err = wr.finish()
	}
	wr.dropSpool()
	return wr.err
}

// storeSpecials turns special index entries into stored 32-byte special
// chunks: in a frame with variable chunk sizes an index entry cannot tell
// a special chunk's size (C-Blosc2 divides by zero on such frames).
func (wr *Writer) storeSpecials() error {
	for i, o := range wr.offsets {
		if o >= 0 {
			continue
		}
		c, err := specialChunk(offsetSpecial(o), wr.specNb[i], int(wr.p.Typesize))
		if err != nil {
			return err
		}
		var off int64
		if wr.dir != "" {
			off = wr.nextFile()
			if err := os.WriteFile(filepath.Join(wr.dir, sparseChunkName(off)), c, 0o644); err != nil {
				return err
			}
		} else {
			off = wr.pos - wr.hdrLen
			if err := wr.writeAt(c, wr.pos); err != nil {
				return err
			}
			wr.pos += int64(len(c))
		}
		wr.offsets[i] = off
		wr.cbytes += int64(len(c))
	}
	return nil
}

func (wr *Writer) finish() error {
	if wr.chunk == 0 {
		if err := wr.storeSpecials(); err != nil {
			return err
		}
	}
	var tail []byte
	if len(wr.offsets) > 0 && wr.nbytes > 0 {
		raw := make([]byte, 8*len(wr.offsets))
		for i, o := range wr.offsets {
			binary.LittleEndian.PutUint64(raw[8*i:], uint64(o))
		}
		tail = compressIndex(raw)
	} else if len(wr.offsets) > 0 {
		return errEmptyChunks
	}
	vl := make([]Metalayer, len(wr.vlmeta))
	for i, m := range wr.vlmeta {
		c, err := wr.compress(m.Content, 1)
		if err != nil {
			return err
		}
		vl[i] = Metalayer{Name: m.Name, Content: c}
	}
	tail = appendTrailer(tail, vl)
	if wr.dir != "" {
		hdrLen := int64(len(wr.header(0)))
		hdr := wr.header(hdrLen + int64(len(tail)))
		return writeFileAtomic(filepath.Join(wr.dir, sparseIndexName), append(hdr, tail...))
	}
	if err := wr.writeAt(tail, wr.pos); err != nil {
		return err
	}
	total := wr.pos + int64(len(tail))
	hdr := wr.header(total)
	if int64(len(hdr)) != wr.hdrLen {
		return errors.New("frame: internal error: header size changed")
	}
	if wr.spool != nil {
		return wr.flushSpool(hdr, total)
	}
	if err := wr.writeAt(hdr, 0); err != nil {
		return err
	}
	if wr.ws != nil { // leave a seeker at the end of the frame
		s := wr.ws.(*offsetSeeker)
		if _, err := s.Seek(s.base+total, io.SeekStart); err != nil {
			return err
		}
	}
	return nil
}

// writeFileAtomic replaces path with data durably: the bytes go to a
// temporary file in the same directory, which is synced, renamed over
// path, and the directory synced, so that after a crash path holds either
// its old contents or all of data.
func writeFileAtomic(path string, data []byte) error {
	if err := writeFileDurable(osFS, path, data); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}
