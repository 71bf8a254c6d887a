package frame

import (
	"encoding/binary"
	"github.com/blosc2go/blosc2/blosc"
	"io"
	"os"
	"path/filepath"
)

// sectorSize is the write size assumed to reach the disk whole: the header
// fields that publish a commit are rewritten by one write inside it.
const sectorSize = 512

// commitPlan is the frame a Sync is about to publish.
type commitPlan struct {
	offsets   []int64  // index entries
	writes    [][]byte // stored chunks to write, in order, from the frame's end (contiguous)
	nbytes    int64
	chunksize int32
	variable  bool
	vlblocks  bool
	dropped   []int // source chunks no longer referenced
	fresh     []int // index entries of the writes, relative to their start until place
	total     int64 // bytes of the writes
}

// place makes the offsets of the new chunks start at base.
func (p *commitPlan) place(base int64) {
	for _, k := range p.fresh {
		p.offsets[k] += base
	}
}

// check verifies the edited frame before anything is written.
func (e *Editor) check() error {
	g, isND, err := e.geometry()
	if err != nil {
		return err
	}
	if !isND {
		return nil
	}
	if int64(len(e.chunks)) != g.NChunks {
		return &FormatError{Where: "b2nd", Offset: -1, Reason: "the shape needs " + itoa(g.NChunks) +
			" chunks, the edited frame would hold " + itoa(int64(len(e.chunks))), Err: ErrRange}
	}
	for k, c := range e.chunks {
		var nb int64
		if c.src >= 0 {
			if nb, err = e.srcNbytes(c.src); err != nil {
				return err
			}
		} else {
			nb = c.nbytes
		}
		if nb != g.ChunkNbytes {
			return &FormatError{Where: "b2nd", Offset: -1, Reason: "chunk " + itoa(int64(k)) + " decodes to " + itoa(nb) +
				" bytes, the array's chunks hold " + itoa(g.ChunkNbytes), Err: ErrRange}
		}
	}
	return nil
}

// srcNbytes returns the decoded size of source chunk i.
func (e *Editor) srcNbytes(i int) (int64, error) {
	n, err := e.src.chunkNbytes(i)
	if err != nil || n >= 0 {
		return n, err
	}
	raw, _, err := e.src.RawChunk(i)
	if err != nil {
		return 0, err
	}
	n, _, _ = chunkSizes(raw)
	return n, nil
}

// plan computes the new index and the chunks to store. For contiguous
// frames the offsets of new chunks are relative to where the writes will
// start (see place); for sparse frames they are file numbers after the
// largest in use.
func (e *Editor) plan() (*commitPlan, error) {
	src := e.src
	p := &commitPlan{offsets: make([]int64, len(e.chunks)), vlblocks: src.hdr.VLBlocks}
	used := make([]bool, src.NChunks())
	for _, c := range e.chunks {
		if c.src >= 0 {
			used[c.src] = true
		}
		if _, vl := chunkKind(c.data); c.data != nil && vl {
			p.vlblocks = true
		}
	}
	for i, u := range used {
		if !u {
			p.dropped = append(p.dropped, i)
		}
	}
	// Sizes: C-Blosc2's chunksize rule over the new sequence, unless the
	// frame already has variable chunk sizes (it keeps them, and only the
	// total is needed).
	if src.NChunks() > 0 && !src.hdr.fixedChunks() {
		p.variable = true
		p.nbytes = src.hdr.Nbytes
		for _, i := range p.dropped {
			nb, err := e.srcNbytes(i)
			if err != nil {
				return nil, err
			}
			p.nbytes -= nb
		}
		for _, c := range e.chunks {
			if c.src < 0 {
				p.nbytes += c.nbytes
			}
		}
	} else {
		chunk, last := int64(-1), int64(0)
		for k, c := range e.chunks {
			nb := c.nbytes
			if c.src >= 0 {
				nb = src.fixedNbytes(c.src)
			}
			switch {
			case chunk == -1:
				chunk = nb
			case chunk > 0 && ((k > 0 && last < chunk) || nb > chunk):
				chunk = 0
			}
			last = nb
			p.nbytes += nb
		}
		switch {
		case chunk == 0:
			p.variable = true
		case chunk > 0:
			p.chunksize = int32(chunk)
		case src.hdr.Chunksize > 0:
			p.chunksize = src.hdr.Chunksize // an empty b2nd array keeps its chunk size
		}
	}
	if len(e.chunks) > 0 && p.nbytes == 0 {
		return nil, errEmptyChunks
	}
	nextFile := int64(0)
	if e.sparse {
		for _, o := range src.offsets {
			if o >= nextFile {
				nextFile = o + 1
			}
		}
	}
	store := func(b []byte) int64 {
		p.writes = append(p.writes, b)
		if e.sparse {
			nextFile++
			return nextFile - 1
		}
		off := p.total
		p.total += int64(len(b))
		return off
	}
	for k, c := range e.chunks {
		switch {
		case c.src >= 0 && src.offsets[c.src] >= 0:
			p.offsets[k] = src.offsets[c.src]
		case c.data != nil:
			p.offsets[k] = store(c.data)
			p.fresh = append(p.fresh, k)
		default: // a special chunk
			kind, nb := c.special, c.nbytes
			if c.src >= 0 {
				kind = src.specialOf(c.src)
				var err error
				if nb, err = e.srcNbytes(c.src); err != nil {
					return nil, err
				}
			}
			if p.variable {
				// The index cannot tell a special chunk's size in a frame
				// with variable chunk sizes: store it (32 bytes).
				sc, err := specialChunk(kind, nb, int(e.params.Typesize))
				if err != nil {
					return nil, err
				}
				p.offsets[k] = store(sc)
				p.fresh = append(p.fresh, k)
			} else {
				p.offsets[k] = int64(uint64(specialFlag|byte(kind)) << 56)
			}
		}
	}
	return p, nil
}

// tail returns the index (nil for an empty frame) and the trailer.
func (e *Editor) tail(p *commitPlan) ([]byte, []byte, error) {
	var idx []byte
	if len(p.offsets) > 0 {
		raw := make([]byte, 8*len(p.offsets))
		for i, o := range p.offsets {
			binary.LittleEndian.PutUint64(raw[8*i:], uint64(o))
		}
		idx = compressIndex(raw)
	}
	vl := make([]Metalayer, len(e.vlmeta))
	for i, m := range e.vlmeta {
		c, err := e.comp(nil, m.Content, 1)
		if err != nil {
			return nil, nil, err
		}
		vl[i] = Metalayer{Name: m.Name, Content: c}
	}
	return idx, appendTrailer(nil, vl), nil
}

// Sync writes the edits and makes them durable before returning; the
// Editor stays open for more edits. A contiguous frame is changed in place
// (see Editor); if Sync fails, the file holds the previous frame and the
// edits stay pending. It returns ErrConflict, writing nothing, when another
// writer changed the frame since the Editor read it.
func (e *Editor) Sync() error {
	if err := e.usable(); err != nil {
		return err
	}
	if !e.dirty {
		return nil
	}
	if err := e.lockForCommit(); err != nil {
		return err
	}
	defer e.lk.unlock()
	if e.sparse {
		return e.syncSparse()
	}
	hdr, ok := e.patchMetalayers()
	if !ok || len(e.chunks) == 0 {
		return e.rewrite()
	}
	return e.syncInPlace(hdr)
}

// checkUnchanged makes sure nobody replaced or rewrote the frame since it
// was loaded (call with the lock held).
func (e *Editor) checkUnchanged() error {
	if e.sparse {
		b, err := os.ReadFile(filepath.Join(e.path, sparseIndexName))
		if err != nil {
			return err
		}
		if string(b) != string(e.hdr) {
			return ErrConflict
		}
		return nil
	}
	st, err := os.Stat(e.path)
	if err != nil {
		return err
	}
	if !os.SameFile(st, e.stat) {
		return ErrConflict
	}
	h := make([]byte, len(e.hdr))
	if _, err := e.file.ReadAt(h, 0); err != nil {
		return err
	}
	if string(h) != string(e.hdr) {
		return ErrConflict
	}
	return nil
}

// patchMetalayers returns a copy of the header with the edited fixed
// metalayers, or false when they cannot be patched in place (a layer
// added, or a content of another length).
func (e *Editor) patchMetalayers() ([]byte, bool) {
	h := append([]byte(nil), e.hdr...)
	if !e.metaChanged {
		return h, true
	}
	old := e.src.meta
	if len(old) != len(e.params.Metalayers) {
		return nil, false
	}
	offs := metaContentOffsets(h)
	for i, m := range e.params.Metalayers {
		if m.Name != old[i].Name || len(m.Content) != len(old[i].Content) {
			return nil, false
		}
		off, ok := offs[m.Name]
		if !ok || off+len(m.Content) > len(h) {
			return nil, false
		}
		copy(h[off:], m.Content)
	}
	return h, true
}

// metaContentOffsets maps each fixed metalayer of a (valid) header to the
// position of its content.
func metaContentOffsets(h []byte) map[string]int {
	out := map[string]int{}
	if len(h) < headerMinLen+7 {
		return out
	}
	n := int(binary.BigEndian.Uint16(h[headerMinLen+5:]))
	pos := headerMinLen + 7
	for i := 0; i < n && pos < len(h); i++ {
		nl := int(h[pos] & 0x1f)
		if pos+1+nl+5 > len(h) {
			break
		}
		name := string(h[pos+1 : pos+1+nl])
		off := int(int32(binary.BigEndian.Uint32(h[pos+1+nl+1:])))
		pos += 1 + nl + 5
		if off >= 0 && off+5 <= len(h) {
			out[name] = off + 5
		}
	}
	return out
}

// patchHeader sets the fields that locate and size the frame.
func patchHeader(h []byte, frameLen, cbytes int64, p *commitPlan, hasVL bool) {
	be := binary.BigEndian
	be.PutUint64(h[posFrameLen+1:], uint64(frameLen))
	be.PutUint64(h[posNbytes+1:], uint64(p.nbytes))
	be.PutUint64(h[posCbytes+1:], uint64(cbytes))
	be.PutUint32(h[posChunksize+1:], uint32(p.chunksize))
	gf := h[posGeneralFlags]
	if ver := gf & versionMask; (p.variable || p.vlblocks) && ver < VersionVLBlocks {
		gf = gf&^versionMask | VersionVLBlocks
	}
	gf &^= flagVariableChunk
	if p.variable {
		gf |= flagVariableChunk
	}
	if p.vlblocks {
		gf |= flagVLBlocks
	}
	h[posGeneralFlags] = gf
	h[posHasVLMeta] = 0xc2
	if hasVL {
		h[posHasVLMeta] = 0xc3
	}
}

// writeFull writes b at off, reporting short writes.
func writeFull(w io.WriterAt, b []byte, off int64) error {
	n, err := w.WriteAt(b, off)
	if err == nil && n != len(b) {
		err = io.ErrShortWrite
	}
	return err
}

// syncInPlace writes the new chunks, index and trailer where no published
// byte lives, syncs, and publishes them by patching the header.
//
// Where: in the free space between the last stored chunk and the
// published index, when they fit there (the index and trailer then end
// where the published index starts, and the frame shrinks), or else past
// the end of the frame. Frames with a fixed chunk size then leave free
// space (a hole in the file, 1/32 of the frame, at least twice the write)
// before the new index, so that the commits that follow fill it instead of
// leaving each an old index behind; in frames with variable chunk sizes a
// reader could not bound the last chunk's size, so there is none.
func (e *Editor) syncInPlace(newHdr []byte) error {
	pub := e.src
	hl := int64(len(e.hdr))
	end := pub.hdr.FrameLen // bytes past it belong to no frame
	p, err := e.plan()
	if err != nil {
		return err
	}
	var idx, trl []byte
	var pos, idxPos int64
	if free, ok := e.freeBeforeIndex(); ok && !p.variable {
		// Try the space before the published index.
		p.place(free - hl)
		if idx, trl, err = e.tail(p); err != nil {
			return err
		}
		if free+p.total+int64(len(idx)+len(trl)) <= pub.indexOff {
			pos = free
			idxPos = pub.indexOff - int64(len(idx)+len(trl))
		} else {
			p.place(-(free - hl))
			idx = nil
		}
	}
	if idx == nil {
		p.place(end - hl)
		if idx, trl, err = e.tail(p); err != nil {
			return err
		}
		pos, idxPos = end, end+p.total
		if !p.variable {
			w := p.total + int64(len(idx)+len(trl))
			idxPos += max64(2*w, (end-hl)/32)
		}
	}
	for _, b := range p.writes {
		if err := writeFull(e.file, b, pos); err != nil {
			return err
		}
		pos += int64(len(b))
	}
	cbytes := idxPos - hl
	if err := writeFull(e.file, append(idx, trl...), idxPos); err != nil {
		return err
	}
	frameLen := idxPos + int64(len(idx)) + int64(len(trl))
	if err := e.file.Sync(); err != nil {
		return err
	}
	patchHeader(newHdr, frameLen, cbytes, p, len(e.vlmeta) > 0)
	a, b := diffRange(e.hdr, newHdr)
	if a < b {
		if a/sectorSize != (b-1)/sectorSize {
			// The change spans two sectors: not one atomic write.
			return e.rewrite()
		}
		err := writeFull(e.file, newHdr[a:b], int64(a))
		if err == nil {
			err = e.file.Sync()
		}
		if err != nil {
			// Put the old header back: the previous frame is intact.
			if err2 := writeFull(e.file, e.hdr[a:b], int64(a)); err2 == nil {
				err2 = e.file.Sync()
				if err2 != nil {
					e.broken = err
				}
			} else {
				e.broken = err
			}
			return err
		}
	}
	return e.reload()
}

// freeBeforeIndex returns where the free space between the published
// frame's last stored chunk and its index starts (false when the frame
// has no index or the space cannot be told).
func (e *Editor) freeBeforeIndex() (int64, bool) {
	pub := e.src
	if pub.indexOff < 0 || !pub.hdr.fixedChunks() {
		return 0, false
	}
	hl := int64(pub.hdr.HeaderLen)
	last := int64(-1)
	for _, o := range pub.offsets {
		if o > last {
			last = o
		}
	}
	if last < 0 {
		return hl, true
	}
	var h [blosc.MinHeaderLen]byte
	if err := pub.readAt(h[:], hl+last, "chunk"); err != nil {
		return 0, false
	}
	_, cb, ok := chunkSizes(h[:])
	if !ok || hl+last+cb > pub.indexOff {
		return 0, false
	}
	return hl + last + cb, true
}

// reload re-reads the published frame after a commit.
func (e *Editor) reload() error {
	if err := e.load(); err != nil {
		e.broken = err
		return err
	}
	return nil
}

// diffRange returns the smallest [a, b) outside which x and y agree.
func diffRange(x, y []byte) (int, int) {
	a := 0
	for a < len(x) && x[a] == y[a] {
		a++
	}
	b := len(x)
	for b > a && x[b-1] == y[b-1] {
		b--
	}
	return a, b
}

// lockForCommit checks the Editor, takes the exclusive lock and checks
// that no other writer changed the frame; on success the caller unlocks.
func (e *Editor) lockForCommit() error {
	if err := e.check(); err != nil {
		return err
	}
	if err := e.lk.lock(true); err != nil {
		return err
	}
	if err := e.checkUnchanged(); err != nil {
		e.lk.unlock()
		return err
	}
	return nil
}

// Compact rewrites the frame with the edits and without dead space (the
// bytes of replaced and deleted chunks and of old indexes): a new file is
// written next to the frame, synced, renamed over it, and the directory
// synced. It costs the size of the frame; the Editor stays open. On a
// sparse frame it is Sync.
func (e *Editor) Compact() error {
	if err := e.usable(); err != nil {
		return err
	}
	if err := e.lockForCommit(); err != nil {
		return err
	}
	defer e.lk.unlock()
	if e.sparse {
		if !e.dirty {
			return nil
		}
		return e.syncSparse()
	}
	return e.rewrite()
}

// rewrite writes the edited frame to a temporary file and renames it over
// the original (call with the lock held).
func (e *Editor) rewrite() (err error) {
	tmp, err := e.fsys.CreateTemp(e.dir(), ".tmp-"+filepath.Base(e.path)+"-*")
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
	if len(e.chunks) == 0 && e.src.hdr.Chunksize > 0 {
		p.Chunksize = int(e.src.hdr.Chunksize)
	}
	w, err := newContiguousWriter(tmp, p, nil)
	if err != nil {
		return err
	}
	if err = e.copyChunks(w); err != nil {
		w.Close()
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
	if err = os.Rename(tmp.Name(), e.path); err != nil {
		return err
	}
	// From here the new frame is in place: reopen it.
	if e.file != nil {
		e.file.Close()
		e.file = nil
	}
	serr := syncDir(e.dir())
	if e.file, err = e.fsys.OpenRW(e.path); err != nil {
		e.broken = err
		return err
	}
	if err = e.reload(); err != nil {
		return err
	}
	return serr
}

// syncSparse writes the new chunk files, then replaces chunks.b2frame.
func (e *Editor) syncSparse() error {
	p, err := e.plan()
	if err != nil {
		return err
	}
	idx, trl, err := e.tail(p)
	if err != nil {
		return err
	}
	// New chunk files: the k-th write gets the k-th new file number.
	var written []string
	cbytes := e.src.hdr.Cbytes
	fileOf := map[int64]bool{}
	for _, i := range p.dropped {
		if o := e.src.offsets[i]; o >= 0 {
			if raw, _, err := e.src.RawChunk(i); err == nil {
				cbytes -= int64(len(raw))
			}
		}
	}
	for _, o := range e.src.offsets {
		if o >= 0 {
			fileOf[o] = true
		}
	}
	k := 0
	for _, o := range p.offsets {
		if o < 0 || fileOf[o] {
			continue
		}
		name := filepath.Join(e.path, sparseChunkName(o))
		if err := writeFileDurable(e.fsys, name, p.writes[k]); err != nil {
			removeAll(written)
			return err
		}
		cbytes += int64(len(p.writes[k]))
		written = append(written, name)
		k++
	}
	if err := syncDir(e.path); err != nil {
		removeAll(written)
		return err
	}
	hf := headerFields{
		p: &e.params, nbytes: p.nbytes, cbytes: max64(cbytes, 0), chunksize: p.chunksize,
		variable: p.variable, vlblocks: p.vlblocks, hasVLMeta: len(e.vlmeta) > 0, sparse: true,
	}
	hl := int64(len(appendHeader(nil, hf)))
	hf.frameLen = hl + int64(len(idx)+len(trl))
	data := append(appendHeader(nil, hf), idx...)
	data = append(data, trl...)
	if err := writeFileDurable(e.fsys, filepath.Join(e.path, sparseIndexName), data); err != nil {
		removeAll(written)
		return err
	}
	if err := syncDir(e.path); err != nil {
		return err
	}
	// Published: the files of dropped chunks are garbage now.
	for _, i := range p.dropped {
		if o := e.src.offsets[i]; o >= 0 {
			os.Remove(filepath.Join(e.path, sparseChunkName(o)))
		}
	}
	return e.reload()
}

func removeAll(paths []string) {
	for _, p := range paths {
		os.Remove(p)
	}
}

// copyChunks appends the edited chunk list to w.
func (e *Editor) copyChunks(w *Writer) (err error) {
	for _, c := range e.chunks {
		switch {
		case c.data != nil:
			err = w.AppendChunk(c.data)
		case c.src < 0:
			err = w.AppendSpecial(c.special, c.nbytes)
		default:
			var raw []byte
			var k blosc.SpecialValue
			if raw, k, err = e.src.RawChunk(c.src); err != nil {
				return err
			}
			if raw == nil {
				var n int64
				if n, err = e.srcNbytes(c.src); err == nil {
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
