package frame

import (
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/blosc2go/blosc2/blosc"
)

// RecoverReport says what Recover found and wrote.
type RecoverReport struct {
	// Recovered is the number of chunks written to the new frame (special
	// chunks of a recovered index included), RecoveredNbytes their decoded
	// size.
	Recovered       int   `json:"recovered"`
	RecoveredNbytes int64 `json:"recovered_nbytes"`
	// IndexFound is true when the frame's index was found intact: the new
	// frame keeps its chunk order and special chunks. Otherwise the chunks
	// are in file order (C-Blosc2 appends in order; a frame whose chunks
	// were inserted or reordered loses that order) and special chunks,
	// which have no bytes outside the index, are lost.
	IndexFound bool `json:"index_found"`
	// LostChunks are the index entries whose chunk could not be recovered
	// (IndexFound only).
	LostChunks []int `json:"lost_chunks,omitempty"`
	// Lost are the byte ranges of the chunk area where no valid chunk was
	// found (damaged chunks, a chunk cut short by the end of the file).
	Lost []ByteRange `json:"lost,omitempty"`
	// Notes describe other losses: metalayers or vlmetalayers that could
	// not be read, a b2nd shape the recovered chunks no longer fill.
	Notes []string `json:"notes,omitempty"`
}

// ByteRange is a range of bytes in a file.
type ByteRange struct {
	Offset int64 `json:"offset"`
	Length int64 `json:"length"`
}

// foundChunk is a chunk the scan validated.
type foundChunk struct {
	off    int64 // file offset
	cbytes int64
	nbytes int64
}

// Recover rebuilds a contiguous frame whose index or trailer is damaged or
// missing, or that was cut short, and writes it to w (through NewWriter).
// The header (fixed part) must be readable: it gives the parameters and
// where the chunks start. The chunk area is scanned for chunks: each
// candidate must have a valid header, sizes that fit the file and the
// frame (typesize, chunksize), block starts inside the chunk and decode
// without error. An index chunk found after the chunks, listing their
// offsets, restores their order and the special chunks. Metalayers and
// vlmetalayers are kept when they can be read.
//
// The header's sizes bound each chunk (and what a trial decode allocates):
// with a header older than the chunks (a writer killed before rewriting
// it), a chunk larger than the header's chunksize, or than its whole
// uncompressed size for variable chunk sizes, is not recovered.
//
// The damaged input is only read. Recover does not detect chunks whose
// compressed content was altered but still decodes (C-Blosc2 chunks carry
// no checksum).
func Recover(r io.ReaderAt, size int64, w io.Writer) (*RecoverReport, error) {
	rc := &recoverer{f: &Frame{r: r, size: size}, rep: &RecoverReport{}}
	if err := rc.readHeader(); err != nil {
		return nil, err
	}
	if err := rc.scan(); err != nil {
		return nil, err
	}
	return rc.rep, rc.write(w)
}

// RecoverFile recovers the frame file damaged into a new file out, written
// to a temporary file in out's directory and renamed only when complete.
// out must not be damaged itself.
func RecoverFile(damaged, out string) (*RecoverReport, error) {
	in, err := os.Open(damaged)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &FormatError{Where: "recover", Offset: -1, Reason: damaged + " is a directory: Recover rebuilds contiguous frames", Err: ErrUnsupported}
	}
	if ost, err := os.Stat(out); err == nil && os.SameFile(st, ost) {
		return nil, &FormatError{Where: "recover", Offset: -1, Reason: "the output is the damaged file itself", Err: ErrRange}
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".tmp-"+filepath.Base(out)+"-*")
	if err != nil {
		return nil, err
	}
	rep, err := Recover(in, st.Size(), tmp)
	if err1 := tmp.Close(); err == nil {
		err = err1
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return nil, err
	}
	return rep, nil
}

type recoverer struct {
	f     *Frame
	rep   *RecoverReport
	head  Header
	found []foundChunk
	index []int64 // the recovered index (nil: none)
	dec   *blosc.Decoder
	raw   []byte
	out   []byte
}

func (rc *recoverer) readHeader() error {
	f := rc.f
	h, _, err := f.readHead()
	if err != nil {
		return err
	}
	if h.Type != Contiguous {
		return unsupported("header", posFrameType, "Recover rebuilds contiguous frames, this is a sparse frame's index file")
	}
	rc.head, f.hdr = h, h
	if hb, err := f.bytesAt(0, int64(h.HeaderLen), "header"); err != nil {
		return corrupt("header", posHeaderLen, "the file ends inside the "+itoa(int64(h.HeaderLen))+"-byte header: no chunk to recover")
	} else if len(hb) > headerMinLen {
		if f.meta, err = parseMetaSection(hb, posMetalayers, "metalayers", MaxMetalayers); err != nil {
			rc.note("metalayers lost: " + err.Error())
			f.meta = nil
		}
	}
	if h.FrameLen <= f.size && h.FrameLen-int64(h.HeaderLen) >= trailerMinLen && f.loadTrailer() == nil {
		if _, err := f.VLMetalayers(); err != nil {
			rc.note("vlmetalayers lost: " + err.Error())
			f.vlmeta = nil
		}
	} else {
		f.trailerOff = -1
		f.vlmeta = nil
		if h.HasVLMetalayers {
			rc.note("the trailer is damaged or missing: vlmetalayers lost")
		}
	}
	var err2 error
	if rc.dec, err2 = blosc.NewDecoder(); err2 != nil {
		return err2
	}
	return nil
}

func (rc *recoverer) note(s string) { rc.rep.Notes = append(rc.rep.Notes, s) }

// candidate validates a chunk at off (before end) and returns it.
func (rc *recoverer) candidate(off, end int64, hb []byte) (foundChunk, blosc.Header, bool) {
	h, err := blosc.ReadHeader(hb)
	if err != nil {
		return foundChunk{}, h, false
	}
	c := foundChunk{off: off, cbytes: int64(h.Cbytes), nbytes: int64(h.Nbytes)}
	if c.cbytes > end-off {
		return c, h, false
	}
	return c, h, true
}

// decodes reports whether the chunk at c decodes, leaving the result in
// rc.out.
func (rc *recoverer) decodes(c foundChunk) bool {
	if int64(cap(rc.raw)) < c.cbytes {
		rc.raw = make([]byte, c.cbytes)
	}
	raw := rc.raw[:c.cbytes]
	if n, _ := rc.f.r.ReadAt(raw, c.off); int64(n) != c.cbytes {
		return false
	}
	if int64(cap(rc.out)) < c.nbytes {
		rc.out = make([]byte, c.nbytes)
	}
	n, err := rc.dec.DecompressInto(rc.out[:c.nbytes], raw)
	return err == nil && int64(n) == c.nbytes
}

// dataChunk reports whether a candidate fits the frame as a data chunk.
func (rc *recoverer) dataChunk(c foundChunk, h *blosc.Header) bool {
	fh := &rc.head
	if fh.Typesize <= blosc.MaxTypesize && int32(h.Typesize) != fh.Typesize {
		return false
	}
	// The header bounds what a trial decode may allocate.
	if fh.fixedChunks() && c.nbytes > int64(fh.Chunksize) || !fh.fixedChunks() && c.nbytes > fh.Nbytes {
		return false
	}
	if c.nbytes > blosc.MaxNbytes {
		return false
	}
	v := &verifier{}
	v.rep.Problems = []Problem{}
	return v.chunkBody(0, "chunk", "", rc.f.r, c.off, h) && rc.decodes(c)
}

// isIndex reports whether the chunk at c is the frame's index: offsets of
// earlier, distinct positions of the chunk area or special values, as many
// as the header's sizes imply or found where the header says the index is.
func (rc *recoverer) isIndex(c foundChunk, h *blosc.Header) bool {
	fh := &rc.head
	if h.Typesize != 8 || c.nbytes == 0 || c.nbytes%8 != 0 || !rc.decodes(c) {
		return false
	}
	n := c.nbytes / 8
	found := make(map[int64]bool, len(rc.found))
	for _, f := range rc.found {
		found[f.off-int64(fh.HeaderLen)] = true
	}
	seen := make(map[int64]bool, n)
	idx := make([]int64, n)
	stored, matched := 0, 0
	for i := range idx {
		o := int64(binary.LittleEndian.Uint64(rc.out[8*i:]))
		idx[i] = o
		if o < 0 {
			switch offsetSpecial(o) {
			case blosc.SpecialZeros, blosc.SpecialNaN, blosc.SpecialUninit:
				continue
			}
			return false
		}
		if o >= c.off-int64(fh.HeaderLen) || seen[o] {
			return false
		}
		seen[o] = true
		stored++
		if found[o] {
			matched++
		}
	}
	// Data that happens to look like offsets (int64 values, distinct and
	// small) is not an index: most entries must be chunks the scan found
	// (some may be damaged). An index of special chunks only must be where
	// the header says, or as long as the header's sizes imply.
	if stored > 0 && 2*matched <= stored {
		return false
	}
	if stored == 0 && c.off != int64(fh.HeaderLen)+fh.Cbytes &&
		!(fh.fixedChunks() && n == (fh.Nbytes+int64(fh.Chunksize)-1)/int64(fh.Chunksize)) {
		return false
	}
	rc.index = idx
	return true
}

const scanWindow = 1 << 20

// scan walks the chunk area: from the end of the header to the trailer
// (when it was read) or the end of the file.
func (rc *recoverer) scan() error {
	f, fh := rc.f, &rc.head
	start, end := int64(fh.HeaderLen), f.size
	if f.trailerOff > start && f.trailerOff <= end {
		end = f.trailerOff
	}
	win := make([]byte, 0, scanWindow)
	var winOff int64
	at := func(off int64) []byte {
		if off < winOff || off+blosc.ExtendedHeaderLen > winOff+int64(len(win)) {
			n := min64(scanWindow, end-off)
			win = win[:n]
			if k, _ := f.r.ReadAt(win, off); int64(k) < n {
				win = win[:k]
			}
			winOff = off
		}
		b := win[off-winOff:]
		if len(b) > blosc.ExtendedHeaderLen {
			b = b[:blosc.ExtendedHeaderLen]
		}
		return b
	}
	lostFrom := int64(-1)
	pos := start
	for pos+blosc.MinHeaderLen <= end {
		hb := at(pos)
		if hb[0] >= blosc.VersionBlosc1 && hb[0] <= blosc.MaxVersion {
			if c, h, ok := rc.candidate(pos, end, hb); ok {
				if rc.isIndex(c, &h) {
					rc.lost(lostFrom, pos)
					lostFrom = -1
					end = pos
					break
				}
				if rc.dataChunk(c, &h) {
					rc.lost(lostFrom, pos)
					lostFrom = -1
					rc.found = append(rc.found, c)
					pos += c.cbytes
					continue
				}
			}
		}
		if lostFrom < 0 {
			lostFrom = pos
		}
		pos++
	}
	if lostFrom >= 0 {
		rc.lost(lostFrom, end)
	} else if pos < end {
		rc.lost(pos, end)
	}
	return nil
}

func (rc *recoverer) lost(from, to int64) {
	if from >= 0 && to > from {
		rc.rep.Lost = append(rc.rep.Lost, ByteRange{Offset: from, Length: to - from})
	}
}

// plan is one chunk of the new frame.
type planned struct {
	c       foundChunk
	special blosc.SpecialValue
	nbytes  int64 // special chunks
}

// order returns the chunks of the new frame.
func (rc *recoverer) order() []planned {
	fh := &rc.head
	var out []planned
	if rc.index != nil {
		rc.rep.IndexFound = true
		byOff := make(map[int64]foundChunk, len(rc.found))
		for _, c := range rc.found {
			byOff[c.off-int64(fh.HeaderLen)] = c
		}
		n := int64(len(rc.index))
		for i, o := range rc.index {
			if o < 0 {
				var nb int64 = -1
				if fh.fixedChunks() {
					nb = int64(fh.Chunksize)
					if i == len(rc.index)-1 {
						nb = fh.Nbytes - int64(fh.Chunksize)*(n-1)
					}
				}
				if nb < 0 || nb > int64(fh.Chunksize) {
					rc.rep.LostChunks = append(rc.rep.LostChunks, i)
					continue
				}
				out = append(out, planned{special: offsetSpecial(o), nbytes: nb})
				continue
			}
			c, ok := byOff[o]
			if !ok {
				// The scan may have slid past it: try exactly there.
				off := int64(fh.HeaderLen) + o
				var hb [blosc.ExtendedHeaderLen]byte
				k, _ := rc.f.r.ReadAt(hb[:], off)
				cand, h, ok2 := rc.candidate(off, rc.f.size, hb[:k])
				if !ok2 || !rc.dataChunk(cand, &h) {
					rc.rep.LostChunks = append(rc.rep.LostChunks, i)
					continue
				}
				c = cand
			}
			out = append(out, planned{c: c})
		}
		if len(rc.found) > 0 {
			used := map[int64]bool{}
			for _, p := range out {
				used[p.c.off] = true
			}
			orphans := 0
			for _, c := range rc.found {
				if !used[c.off] {
					orphans++
				}
			}
			if orphans > 0 {
				rc.note(itoa(int64(orphans)) + " valid chunks not listed in the index (left by updates) were not copied")
			}
		}
	} else {
		for _, c := range rc.found {
			out = append(out, planned{c: c})
		}
	}
	sort.Slice(rc.rep.Lost, func(a, b int) bool { return rc.rep.Lost[a].Offset < rc.rep.Lost[b].Offset })
	return out
}

// write writes the new frame.
func (rc *recoverer) write(w io.Writer) error {
	fh := &rc.head
	chunks := rc.order()
	p := headerParams(fh, rc.f.meta)
	if fh.Chunksize > 0 {
		// The Writer turns it to 0 (variable) if a short chunk is not
		// the last one, as C-Blosc2 does.
		p.Chunksize = int(fh.Chunksize)
	}
	if p.Clevel > 9 {
		p.Clevel = 9
	}
	if vl, err := rc.f.VLMetalayers(); err == nil {
		p.VLMetalayers = vl
	}
	wr, err := newContiguousWriter(w, p, nil)
	if err != nil {
		return err
	}
	var raw []byte
	for _, c := range chunks {
		if c.c.cbytes == 0 {
			err = wr.AppendSpecial(c.special, c.nbytes)
			rc.rep.RecoveredNbytes += c.nbytes
		} else {
			if int64(cap(raw)) < c.c.cbytes {
				raw = make([]byte, c.c.cbytes)
			}
			raw = raw[:c.c.cbytes]
			if n, rerr := rc.f.r.ReadAt(raw, c.c.off); int64(n) != c.c.cbytes {
				if rerr == nil {
					rerr = io.ErrUnexpectedEOF
				}
				err = rerr
			} else {
				err = wr.AppendChunk(raw)
			}
			rc.rep.RecoveredNbytes += c.c.nbytes
		}
		if err != nil {
			wr.Close()
			return err
		}
		rc.rep.Recovered++
	}
	if err := wr.Close(); err != nil {
		return err
	}
	if m, err := rc.f.Metalayer(B2NDMetaName); err == nil {
		if nd, err := ParseNDMeta(m); err == nil {
			if g, err := nd.Validate(int64(fh.Typesize)); err == nil && g.NChunks != int64(rc.rep.Recovered) {
				rc.note("the b2nd metalayer describes " + itoa(g.NChunks) + " chunks, " + itoa(int64(rc.rep.Recovered)) +
					" were recovered: the new frame reads as a frame, not as a b2nd array")
			}
		}
	}
	return nil
}
