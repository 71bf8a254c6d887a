package frame

import (
	"bytes"
	"encoding/binary"
	"io"
	"io/fs"
	"sort"
	"sync"

	"github.com/blosc2go/blosc2/blosc"
)

// Frame is an open Blosc2 frame (contiguous or sparse). Opening reads only
// the header, the chunk index and the trailer; chunk bytes are read on
// demand. A Frame is safe for concurrent use by multiple goroutines.
type Frame struct {
	hdr  Header
	r    io.ReaderAt    // contiguous frame, or chunks.b2frame of a sparse frame
	mem  []byte         // the frame itself when opened with OpenBytes (no copies)
	size int64          // bytes available in r
	fsys fs.FS          // sparse frames: the directory
	c    io.Closer      // closed by Close (OpenFile)
	path string         // OpenFile's path, for Refresh
	dec  *blosc.Decoder // WithDecoder, or nil (package blosc's default)

	// The decoders, made at open (see blockDecoder and chunkDecoder).
	workers int            // chunks decoded at a time (WithWorkers)
	serial  *blosc.Decoder // single-worker decoder for concurrent chunks
	blocks  *blosc.Decoder // workers-goroutine decoder for lone chunks

	meta   []Metalayer // fixed metalayers, in stored order
	vlmeta []Metalayer // vlmetalayers, Content = the stored Blosc2 chunk

	trailerOff      int64
	trailerLen      int64
	trailerVersion  uint8
	fingerprintType uint8
	fingerprint     [16]byte

	indexOff    int64 // file offset of the index chunk (-1 when none)
	indexCbytes int64

	offsets []int64 // per chunk: offset relative to HeaderLen, sparse file number, or special (<0)
	extents []int64 // contiguous: bytes from the offset to the next stored chunk (upper bound of its size)

	// varSpecial is the one special chunk of a frame with variable chunk
	// sizes (-1: none); its size is derived from the others.
	varSpecial int

	startsOnce sync.Once
	starts     []int64 // decoded offset of each chunk, len nchunks+1 (variable chunk sizes)
	startsErr  error

	fetchGap int64     // block-level reads: coalescing gap (WithFetch)
	fetchers int       // block-level reads: ReadAt calls at once (0: defaults)
	lazy     lazyCache // block-level reads: headers and block starts of chunks read

	// pre holds bytes read ahead while opening (the index and trailer of a
	// frame on a reader, read with one ReadAt), at file offset preOff.
	pre    []byte
	preOff int64
}

// Open reads the header, index and trailer of a contiguous frame of size
// bytes held by r. Bytes after the frame's stored length are ignored.
func Open(r io.ReaderAt, size int64, opts ...Option) (*Frame, error) {
	f := &Frame{r: r, size: size}
	if err := f.open(opts); err != nil {
		return nil, err
	}
	if f.hdr.Type != Contiguous {
		return nil, corrupt("header", posFrameType, "a sparse frame's index file opened as a contiguous frame")
	}
	return f, nil
}

// OpenBytes opens a contiguous frame held in memory. The Frame keeps b.
func OpenBytes(b []byte, opts ...Option) (*Frame, error) {
	f := &Frame{r: bytes.NewReader(b), size: int64(len(b)), mem: b}
	if err := f.open(opts); err != nil {
		return nil, err
	}
	if f.hdr.Type != Contiguous {
		return nil, corrupt("header", posFrameType, "a sparse frame's index file opened as a contiguous frame")
	}
	return f, nil
}

// OpenSparse opens a sparse frame: fsys holds chunks.b2frame (header,
// index, trailer) and one file per stored chunk, named %08X.chunk after the
// file number in the index.
func OpenSparse(fsys fs.FS, opts ...Option) (*Frame, error) {
	if _, err := applyOptions(scopeRead, opts); err != nil {
		return nil, err
	}
	b, err := fs.ReadFile(fsys, sparseIndexName)
	if err != nil {
		return nil, err
	}
	f := &Frame{r: bytes.NewReader(b), size: int64(len(b)), fsys: fsys}
	if err := f.open(opts); err != nil {
		return nil, err
	}
	if f.hdr.Type != Sparse {
		return nil, corrupt("header", posFrameType, sparseIndexName+" is not the index of a sparse frame")
	}
	return f, nil
}

// OpenFile opens a frame on disk: a contiguous frame file (.b2frame, .b2nd,
// ...) or a sparse frame directory. Close releases the file.
//
// While it reads the header, index and trailer it holds C-Blosc2's shared
// .b2lock lock when locking is in use (see LockMode), so a writer that
// locks is never seen half-way; Refresh picks up later commits.
func OpenFile(path string, opts ...Option) (*Frame, error) {
	return openFileLocked(path, LockAuto, opts)
}

// Close releases the file opened by OpenFile; it does nothing for frames
// opened from a reader or bytes.
func (f *Frame) Close() error {
	if f.c != nil {
		c := f.c
		f.c = nil
		return c.Close()
	}
	return nil
}

// readAt reads exactly len(p) bytes at off, with a clean error for short data.
func (f *Frame) readAt(p []byte, off int64, where string) error {
	if off < 0 || off > f.size || int64(len(p)) > f.size-off {
		return corrupt(where, off, "needs "+itoa(int64(len(p)))+" bytes past the end of the data")
	}
	if b := f.preread(off, int64(len(p))); b != nil {
		copy(p, b)
		return nil
	}
	n, err := f.r.ReadAt(p, off)
	if n == len(p) {
		return nil
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// bytesAt returns n bytes at off: a sub-slice for in-memory frames (not to
// be modified), a fresh buffer otherwise.
func (f *Frame) bytesAt(off, n int64, where string) ([]byte, error) {
	if off < 0 || n < 0 || off > f.size || n > f.size-off {
		return nil, corrupt(where, off, "needs "+itoa(n)+" bytes past the end of the data")
	}
	if f.mem != nil {
		return f.mem[off : off+n : off+n], nil
	}
	if b := f.preread(off, n); b != nil {
		return b, nil
	}
	b := make([]byte, n)
	if err := f.readAt(b, off, where); err != nil {
		return nil, err
	}
	return b, nil
}

const headReadSize = 512 // first read: the fixed header and, usually, the metalayers

// maxTailRead bounds the read of a contiguous frame's index and trailer
// made in one go when opening; larger ones are read piece by piece.
const maxTailRead = 16 << 20

// preread returns the bytes [off, off+n) if they were read ahead, else nil.
func (f *Frame) preread(off, n int64) []byte {
	if f.pre == nil || off < f.preOff || off+n > f.preOff+int64(len(f.pre)) {
		return nil
	}
	return f.pre[off-f.preOff : off-f.preOff+n : off-f.preOff+n]
}

// readHead reads the first bytes of the frame (up to headReadSize) and
// parses the fixed part of its header.
func (f *Frame) readHead() (Header, []byte, error) {
	head, err := f.bytesAt(0, min64(f.size, headReadSize), "header")
	if err != nil {
		return Header{}, nil, err
	}
	h, err := parseHeaderFixed(head)
	return h, head, err
}

// open applies the read options and loads the frame.
func (f *Frame) open(opts []Option) error {
	st, err := applyOptions(scopeRead, opts)
	if err != nil {
		return err
	}
	if err := f.load(); err != nil {
		return err
	}
	return f.setDecoders(st)
}

func (f *Frame) load() error {
	if f.size < headerMinLen {
		return corrupt("header", 0, "only "+itoa(f.size)+" bytes: too short for a frame header")
	}
	h, head, err := f.readHead()
	if err != nil {
		return err
	}
	if h.FrameLen > f.size {
		return corrupt("header", posFrameLen, "frame length "+itoa(h.FrameLen)+" exceeds the "+itoa(f.size)+" bytes available")
	}
	if h.FrameLen-int64(h.HeaderLen) < trailerMinLen {
		return corrupt("header", posHeaderLen, "no room for a trailer after the "+itoa(int64(h.HeaderLen))+"-byte header")
	}
	if h.Type == Contiguous && h.Cbytes > h.FrameLen-int64(h.HeaderLen)-trailerMinLen {
		return corrupt("header", posCbytes, "compressed size "+itoa(h.Cbytes)+" does not fit in the frame")
	}
	f.hdr = h
	hbuf := head
	if int64(len(hbuf)) >= int64(h.HeaderLen) {
		hbuf = hbuf[:h.HeaderLen]
	} else {
		if hbuf, err = f.bytesAt(0, int64(h.HeaderLen), "header"); err != nil {
			return err
		}
	}
	if len(hbuf) > headerMinLen {
		if f.meta, err = parseMetaSection(hbuf, posMetalayers, "metalayers", MaxMetalayers); err != nil {
			return err
		}
	}
	// On a reader, the index and the trailer (all that follows the
	// chunks) are read with one ReadAt: opening a remote frame then takes
	// two requests, the head and the tail.
	if f.mem == nil && h.Type == Contiguous {
		start := int64(h.HeaderLen) + h.Cbytes
		if n := h.FrameLen - start; n > 0 && n <= maxTailRead {
			pre := make([]byte, n)
			if err := f.readAt(pre, start, "index"); err != nil {
				return err
			}
			f.pre, f.preOff = pre, start
			defer func() { f.pre = nil }()
		}
	}
	if err := f.loadTrailer(); err != nil {
		return err
	}
	return f.loadIndex()
}

func (f *Frame) loadTrailer() error {
	h := &f.hdr
	var tail [trailerTailLen]byte
	tailOff := h.FrameLen - trailerTailLen
	if err := f.readAt(tail[:], tailOff, "trailer"); err != nil {
		return err
	}
	if tail[0] != 0xce || tail[5] != 0xd8 {
		return corrupt("trailer", tailOff, "frame does not end with a trailer (ce <len> d8 <fingerprint>)")
	}
	tl := int64(binary.BigEndian.Uint32(tail[1:]))
	if tl < trailerMinLen || tl > h.FrameLen-int64(h.HeaderLen) {
		return corrupt("trailer", tailOff+1, "trailer length "+itoa(tl)+" out of range")
	}
	f.trailerLen = tl
	f.trailerOff = h.FrameLen - tl
	f.fingerprintType = tail[6]
	copy(f.fingerprint[:], tail[7:])
	t, err := f.bytesAt(f.trailerOff, tl, "trailer")
	if err != nil {
		return err
	}
	if t[0]&0xf0 != 0x90 || t[0]&0x0f < 4 || t[1] > 0x7f {
		return corrupt("trailer", f.trailerOff, "trailer does not start with a msgpack fixarray and a version")
	}
	f.trailerVersion = t[1]
	if err := newerMajor("trailer", f.trailerOff+1, "trailer", int(t[1]), trailerVersion); err != nil {
		return err
	}
	vl, err := parseMetaSection(t, 2, "vlmetalayers", MaxVLMetalayers)
	if err != nil {
		if fe, ok := err.(*FormatError); ok && fe.Offset >= 0 {
			fe.Offset += f.trailerOff
		}
		return err
	}
	f.vlmeta = vl
	return nil
}

// maxIndexRatio bounds the decoded size of the index against its stored
// size, so a tiny hostile index cannot make us allocate gigabytes.
const maxIndexRatio = 256

func (f *Frame) loadIndex() error {
	h := &f.hdr
	f.indexOff = -1
	dataEnd := int64(h.HeaderLen) // where the index starts
	if h.Type == Contiguous {
		dataEnd += h.Cbytes
	}
	if h.Nbytes == 0 {
		if h.Type == Contiguous && h.Cbytes != 0 {
			return corrupt("header", posCbytes, "compressed bytes without uncompressed bytes")
		}
		return nil
	}
	avail := f.trailerOff - dataEnd
	if avail < blosc.MinHeaderLen {
		return corrupt("index", dataEnd, "no room for the chunk index between the chunks and the trailer")
	}
	idx, err := f.bytesAt(dataEnd, avail, "index")
	if err != nil {
		return err
	}
	inb, icb, ok := chunkSizes(idx)
	if !ok || icb > avail {
		return corrupt("index", dataEnd, "index chunk header is invalid or its size exceeds the "+itoa(avail)+" bytes available")
	}
	if inb%8 != 0 || inb == 0 {
		return corrupt("index", dataEnd+4, "index holds "+itoa(inb)+" bytes, not a positive multiple of 8")
	}
	if inb > maxIndexRatio*icb+1<<20 {
		return corrupt("index", dataEnd+4, "index claims "+itoa(inb)+" bytes from "+itoa(icb)+" stored bytes")
	}
	f.indexOff, f.indexCbytes = dataEnd, icb
	raw, err := decompress(nil, idx[:icb], int(inb))
	if err != nil {
		return wrapChunkErr("index", dataEnd, err)
	}
	n := int(inb / 8)
	if h.fixedChunks() {
		want := h.Nbytes / int64(h.Chunksize)
		if h.Nbytes%int64(h.Chunksize) != 0 {
			want++
		}
		if want != int64(n) {
			return corrupt("index", dataEnd, "index lists "+itoa(int64(n))+" chunks, the header sizes imply "+itoa(want))
		}
	} else if h.Chunksize != 0 {
		return corrupt("header", posChunksize, "chunksize "+itoa(int64(h.Chunksize))+" with data in the frame")
	}
	f.offsets = make([]int64, n)
	f.varSpecial = -1
	for i := range f.offsets {
		o := int64(binary.LittleEndian.Uint64(raw[8*i:]))
		f.offsets[i] = o
		if o < 0 {
			k := offsetSpecial(o)
			switch k {
			case blosc.SpecialZeros, blosc.SpecialUninit:
			case blosc.SpecialNaN:
				if h.Typesize != 4 && h.Typesize != 8 {
					return corrupt("index", dataEnd, "chunk "+itoa(int64(i))+" is a NaN chunk but typesize is "+itoa(int64(h.Typesize)))
				}
			default:
				return corrupt("index", dataEnd, "chunk "+itoa(int64(i))+" has unknown special value "+itoa(int64(k)))
			}
			if !h.fixedChunks() {
				// The index gives no size and C-Blosc2 has no rule for it
				// (its reader divides by the zero chunksize); with one
				// special chunk the size is what the other chunks leave
				// of the frame's uncompressed size (see chunkStarts).
				if f.varSpecial >= 0 {
					return corrupt("index", dataEnd, "special chunks "+itoa(int64(f.varSpecial))+" and "+itoa(int64(i))+" in a frame with variable chunk sizes: their sizes cannot be told apart")
				}
				f.varSpecial = i
			}
			continue
		}
		if h.Type == Sparse {
			if o > 0xffffffff {
				return corrupt("index", dataEnd, "chunk "+itoa(int64(i))+" file number "+itoa(o)+" out of range")
			}
			continue
		}
		if o > h.Cbytes-blosc.MinHeaderLen {
			return corrupt("index", dataEnd, "chunk "+itoa(int64(i))+" offset "+itoa(o)+" outside the "+itoa(h.Cbytes)+" bytes of chunks")
		}
	}
	if h.Type == Contiguous {
		f.computeExtents()
	}
	return nil
}

// computeExtents sets, for each stored chunk, the distance from its offset
// to the next distinct stored offset (or the end of the chunks section).
func (f *Frame) computeExtents() {
	sorted := make([]int64, 0, len(f.offsets))
	for _, o := range f.offsets {
		if o >= 0 {
			sorted = append(sorted, o)
		}
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	f.extents = make([]int64, len(f.offsets))
	for i, o := range f.offsets {
		if o < 0 {
			continue
		}
		j := sort.Search(len(sorted), func(k int) bool { return sorted[k] > o })
		end := f.hdr.Cbytes
		if j < len(sorted) {
			end = sorted[j]
		}
		f.extents[i] = end - o
		if f.hdr.fixedChunks() {
			// Free space may follow the last chunk (Editor leaves some
			// before the index): no chunk is larger than its decoded
			// size plus a header and a repeated value (C-Blosc2's
			// BLOSC2_MAX_OVERHEAD), so do not read more than that.
			f.extents[i] = min64(f.extents[i], 2*int64(f.hdr.Chunksize)+64<<10)
		}
	}
}

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

// Header returns the decoded fixed header.
func (f *Frame) Header() Header { return f.hdr }

// NChunks returns the number of chunks.
func (f *Frame) NChunks() int { return len(f.offsets) }

// Nbytes returns the number of decoded bytes in all chunks.
func (f *Frame) Nbytes() int64 { return f.hdr.Nbytes }

// Cbytes returns the stored bytes of all chunks (the index excluded).
func (f *Frame) Cbytes() int64 { return f.hdr.Cbytes }

// Typesize returns the item size recorded in the header.
func (f *Frame) Typesize() int { return int(f.hdr.Typesize) }

// FrameLen returns the stored length of the frame (of chunks.b2frame for a
// sparse frame).
func (f *Frame) FrameLen() int64 { return f.hdr.FrameLen }

// TrailerLen returns the length of the trailer.
func (f *Frame) TrailerLen() int64 { return f.trailerLen }

// Fingerprint returns the fingerprint type (0: none) and its 16 bytes.
func (f *Frame) Fingerprint() (uint8, [16]byte) { return f.fingerprintType, f.fingerprint }

// IndexLocation returns the file offset and stored size of the index chunk
// (-1, 0 for a frame without chunks).
func (f *Frame) IndexLocation() (off, cbytes int64) { return f.indexOff, f.indexCbytes }

// Metalayers returns the fixed metalayers in stored order. The contents
// must not be modified.
func (f *Frame) Metalayers() []Metalayer { return append([]Metalayer(nil), f.meta...) }

// Metalayer returns the content of the fixed metalayer name. It wraps
// ErrNotFound when there is none (as VLMetalayer, which can also fail to
// decode, and VLMetalayerRaw do).
func (f *Frame) Metalayer(name string) ([]byte, error) {
	for _, m := range f.meta {
		if m.Name == name {
			return m.Content, nil
		}
	}
	return nil, notFound("metalayers", "no metalayer "+name)
}

// VLMetalayerNames returns the names of the variable-length metalayers in
// stored order.
func (f *Frame) VLMetalayerNames() []string {
	out := make([]string, len(f.vlmeta))
	for i, m := range f.vlmeta {
		out[i] = m.Name
	}
	return out
}

// VLMetalayerRaw returns the Blosc2 chunk a vlmetalayer is stored as.
func (f *Frame) VLMetalayerRaw(name string) ([]byte, error) {
	for _, m := range f.vlmeta {
		if m.Name == name {
			return m.Content, nil
		}
	}
	return nil, notFound("vlmetalayers", "no vlmetalayer "+name)
}

// VLMetalayer returns the decoded content of the vlmetalayer name (stored
// as a Blosc2 chunk). It wraps ErrNotFound when there is none.
func (f *Frame) VLMetalayer(name string) ([]byte, error) {
	raw, err := f.VLMetalayerRaw(name)
	if err != nil {
		return nil, err
	}
	nb, cb, ok := chunkSizes(raw)
	if !ok || cb > int64(len(raw)) || nb > maxIndexRatio*cb+1<<20 {
		return nil, corrupt("vlmetalayer "+name, -1, "invalid chunk header")
	}
	out, err := decompress(nil, raw[:cb], int(nb))
	if err != nil {
		return nil, wrapChunkErr("vlmetalayer "+name, -1, err)
	}
	return out, nil
}

// VLMetalayers returns all vlmetalayers with decoded contents.
func (f *Frame) VLMetalayers() ([]Metalayer, error) {
	out := make([]Metalayer, 0, len(f.vlmeta))
	for _, m := range f.vlmeta {
		c, err := f.VLMetalayer(m.Name)
		if err != nil {
			return nil, err
		}
		out = append(out, Metalayer{Name: m.Name, Content: c})
	}
	return out, nil
}
