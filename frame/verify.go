package frame

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sort"
	"sync"

	"github.com/blosc2go/blosc2/blosc"
)

// Problem is one thing wrong with a file, found by Verify. A Problem with
// Warning set does not make the file unsound (bytes after the frame, a
// newer minor format version read with its unknown parts ignored).
type Problem struct {
	// File is the file holding the problem, relative to a sparse frame's
	// directory ("chunks.b2frame", "00000003.chunk"); "" for a contiguous
	// frame or a chunk file.
	File string `json:"file,omitempty"`
	// Offset is the byte offset of the problem in File (or in the frame
	// file), -1 when no single byte is to blame.
	Offset  int64  `json:"offset"`
	Where   string `json:"where"`   // section: "header", "index", "chunk 3", "trailer", "vlmetalayer x", "b2nd", ...
	Message string `json:"message"` // what is wrong
	Warning bool   `json:"warning,omitempty"`
	// Unsupported is true for a problem this package cannot read past
	// (Err is ErrUnsupported): a newer major format version, an unknown
	// codec or filter. The file may be sound for a newer reader.
	Unsupported bool `json:"unsupported,omitempty"`
	// Err is ErrCorrupt, or ErrUnsupported for a valid-looking file this
	// package cannot read (a newer major version, an unknown codec).
	Err error `json:"-"`
}

func (p Problem) String() string {
	s := ""
	if p.File != "" {
		s = p.File + ": "
	}
	if p.Offset >= 0 {
		s += "offset " + itoa(p.Offset) + ": "
	}
	if p.Warning {
		s += "warning: "
	}
	return s + p.Where + ": " + p.Message
}

// Report is the result of Verify.
type Report struct {
	Kind     string    `json:"kind"`    // "chunk", "frame", "sparse frame" or "b2nd" (contiguous or sparse)
	NChunks  int       `json:"nchunks"` // chunks in the index (1 for a chunk file)
	Special  int       `json:"special"` // chunks stored as special values in the index
	Decoded  int       `json:"decoded"` // chunks decoded without error
	Nbytes   int64     `json:"nbytes"`  // decoded size the header records
	Problems []Problem `json:"problems"`
}

// Sound reports whether the file has no problem other than warnings.
func (r *Report) Sound() bool {
	for _, p := range r.Problems {
		if !p.Warning {
			return false
		}
	}
	return true
}

// Errors and Warnings count the problems of each kind.
func (r *Report) Errors() (n int) {
	for _, p := range r.Problems {
		if !p.Warning {
			n++
		}
	}
	return n
}

// Warnings counts the problems that are only warnings.
func (r *Report) Warnings() int { return len(r.Problems) - r.Errors() }

// VerifyFile checks a file on disk: a contiguous frame or b2nd array, a
// sparse frame directory, or a file holding one Blosc chunk (anything
// without the frame magic). The error is for a file that cannot be read at
// all; problems with its content are in the Report.
//
// Verify reads lazily: the header, index and trailer, then one chunk at a
// time per worker, so memory use does not grow with the file.
func VerifyFile(path string, opts ...Option) (*Report, error) {
	if _, err := applyOptions(scopeVerify, opts); err != nil {
		return nil, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return VerifySparse(os.DirFS(path), opts...)
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var head [posMagic + len(magic)]byte
	n, _ := fh.ReadAt(head[:], 0)
	if n == len(head) && string(head[posMagic:]) == magic {
		return Verify(fh, st.Size(), opts...)
	}
	return VerifyChunk(fh, st.Size(), opts...)
}

// Verify checks a contiguous frame of size bytes held by r: see the package
// documentation's Verifying section for what is checked.
func Verify(r io.ReaderAt, size int64, opts ...Option) (*Report, error) {
	v, err := newVerifier(opts)
	if err != nil {
		return nil, err
	}
	v.f = &Frame{r: r, size: size}
	v.rep.Kind = "frame"
	v.frame()
	return v.finish()
}

// VerifySparse checks a sparse frame: fsys holds chunks.b2frame and the
// chunk files.
func VerifySparse(fsys fs.FS, opts ...Option) (*Report, error) {
	v, err := newVerifier(opts)
	if err != nil {
		return nil, err
	}
	v.rep.Kind = "sparse frame"
	v.file = sparseIndexName
	b, err := fs.ReadFile(fsys, sparseIndexName)
	if err != nil {
		return nil, err
	}
	v.f = &Frame{r: bytes.NewReader(b), size: int64(len(b)), fsys: fsys}
	v.frame()
	return v.finish()
}

// VerifyChunk checks a file of size bytes holding one Blosc chunk.
func VerifyChunk(r io.ReaderAt, size int64, opts ...Option) (*Report, error) {
	v, err := newVerifier(opts)
	if err != nil {
		return nil, err
	}
	v.rep.Kind = "chunk"
	v.rep.NChunks = 1
	var hb [blosc.ExtendedHeaderLen]byte
	n, err := r.ReadAt(hb[:min64(size, blosc.ExtendedHeaderLen)], 0)
	if int64(n) < min64(size, blosc.ExtendedHeaderLen) {
		return nil, err
	}
	h, err := blosc.ReadHeader(hb[:n])
	if err != nil {
		v.chunkErr("chunk", 0, err)
		return v.finish()
	}
	v.rep.Nbytes = int64(h.Nbytes)
	switch cb := int64(h.Cbytes); {
	case cb > size:
		v.add("chunk", 12, "truncated: cbytes says "+itoa(cb)+" bytes, the file holds "+itoa(size))
		return v.finish()
	case cb < size:
		v.warn("chunk", cb, itoa(size-cb)+" bytes after the end of the chunk (cbytes "+itoa(cb)+") are ignored")
	}
	if !v.chunkBody(0, "chunk", "", r, 0, &h) {
		return v.finish()
	}
	v.jobs = append(v.jobs, decodeJob{i: 0, where: "chunk", r: r, off: 0, cbytes: int64(h.Cbytes), nbytes: int64(h.Nbytes)})
	return v.finish()
}

// maxDupReports is how many repeated index offsets are reported one by one.
const maxDupReports = 10

type decodeJob struct {
	i      int
	where  string
	file   string
	r      io.ReaderAt
	off    int64 // offset of the chunk in r
	cbytes int64
	nbytes int64
	fsys   fs.FS // sparse chunk: read file from fsys instead of r
	// special chunks (a value repeated, in the chunk header) need no
	// decoding: a valid header is the whole check.
	special bool
}

type verifier struct {
	opts settings
	f    *Frame
	file string // sparse: chunks.b2frame
	rep  Report
	jobs []decodeJob

	lastCbytes, lastNbytes int64 // sizes of the chunk frameChunk last checked
	lastSpecial            bool
}

func newVerifier(opts []Option) (*verifier, error) {
	st, err := applyOptions(scopeVerify, opts)
	if err != nil {
		return nil, err
	}
	v := &verifier{opts: st}
	v.rep.Problems = []Problem{}
	return v, nil
}

func (v *verifier) add(where string, off int64, msg string) {
	v.rep.Problems = append(v.rep.Problems, Problem{File: v.file, Offset: off, Where: where, Message: msg, Err: ErrCorrupt})
}

func (v *verifier) warn(where string, off int64, msg string) {
	if msg == "" {
		return
	}
	v.rep.Problems = append(v.rep.Problems, Problem{File: v.file, Offset: off, Where: where, Message: msg, Warning: true})
}

// addErr records an error from the frame's parsers (a *FormatError) or
// the operating system.
func (v *verifier) addErr(err error) {
	var fe *FormatError
	if errors.As(err, &fe) {
		msg := fe.Reason
		if fe.Cause != nil {
			msg += ": " + fe.Cause.Error()
		}
		v.rep.Problems = append(v.rep.Problems, Problem{File: v.file, Offset: fe.Offset, Where: fe.Where, Message: msg, Err: fe.Err,
			Unsupported: errors.Is(fe.Err, ErrUnsupported)})
		return
	}
	v.rep.Problems = append(v.rep.Problems, Problem{File: v.file, Offset: -1, Where: "file", Message: err.Error(), Err: ErrCorrupt})
}

// chunkErr records an error of package blosc about the chunk at off.
func (v *verifier) chunkErr(where string, off int64, err error) {
	p := chunkProblem(where, off, err)
	p.File = v.file
	v.rep.Problems = append(v.rep.Problems, p)
}

// chunkProblem turns an error of package blosc about the chunk at off into
// a Problem (offsets in the chunk made offsets in the file).
func chunkProblem(where string, off int64, err error) Problem {
	p := Problem{Offset: off, Where: where, Message: err.Error(), Err: ErrCorrupt}
	var ce *blosc.CorruptError
	if errors.As(err, &ce) {
		p.Offset = off + ce.Offset
		p.Message = ce.Reason
	}
	if errors.Is(err, blosc.ErrUnsupported) {
		p.Err = ErrUnsupported
		p.Unsupported = true
	}
	return p
}

// frame runs the structural checks of a contiguous or sparse frame and
// queues its chunks for decoding.
func (v *verifier) frame() {
	f := v.f
	if f.size < headerMinLen {
		v.add("header", 0, "only "+itoa(f.size)+" bytes: too short for a frame header")
		return
	}
	head, err := f.bytesAt(0, min64(f.size, headReadSize), "header")
	if err != nil {
		v.addErr(err)
		return
	}
	h, err := parseHeaderFixed(head)
	if err != nil {
		v.addErr(err)
		return
	}
	v.warn("header", 0, newerMinor("header", int(head[0]&0x0f), headerEntries))
	v.rep.Nbytes = h.Nbytes
	switch {
	case h.FrameLen > f.size:
		v.add("header", posFrameLen, "file truncated: frame_len says "+itoa(h.FrameLen)+" bytes, the file holds "+itoa(f.size)+
			" (blosc2 recover can rebuild a frame from the complete chunks)")
		return
	case h.FrameLen < f.size && f.fsys == nil:
		v.warn("file", h.FrameLen, itoa(f.size-h.FrameLen)+" bytes after the end of the frame (frame_len) are ignored")
	}
	if h.FrameLen-int64(h.HeaderLen) < trailerMinLen {
		v.add("header", posHeaderLen, "no room for a trailer after the "+itoa(int64(h.HeaderLen))+"-byte header")
		return
	}
	if h.Type == Contiguous && h.Cbytes > h.FrameLen-int64(h.HeaderLen)-trailerMinLen {
		v.add("header", posCbytes, "compressed size "+itoa(h.Cbytes)+" does not fit in the frame")
		return
	}
	if h.Type == Sparse && f.fsys == nil {
		v.add("header", posFrameType, "a sparse frame's index file, verified as a contiguous frame")
		return
	}
	if h.Type == Contiguous && f.fsys != nil {
		v.add("header", posFrameType, sparseIndexName+" is not the index of a sparse frame")
		return
	}
	f.hdr = h
	if hbuf, err := f.bytesAt(0, int64(h.HeaderLen), "header"); err != nil {
		v.addErr(err)
	} else if len(hbuf) > headerMinLen {
		if f.meta, err = parseMetaSection(hbuf, posMetalayers, "metalayers", MaxMetalayers); err != nil {
			v.addErr(err)
		}
	}
	if err := f.loadTrailer(); err != nil {
		v.addErr(err)
		f.trailerOff = h.FrameLen - trailerMinLen // best guess, to go on checking the index
	} else {
		v.trailer()
	}
	if err := f.loadIndex(); err != nil {
		v.addErr(err)
		return
	}
	v.rep.NChunks = len(f.offsets)
	v.b2nd()
	v.chunks()
}

// trailer checks the trailer's version layout and the vlmetalayers.
func (v *verifier) trailer() {
	f := v.f
	var t [1]byte
	if f.readAt(t[:], f.trailerOff, "trailer") == nil {
		v.warn("trailer", f.trailerOff, newerMinor("trailer", int(t[0]&0x0f), trailerEntries))
	}
	for _, m := range f.vlmeta {
		where := "vlmetalayer " + m.Name
		h, err := blosc.ReadHeader(m.Content)
		if err != nil {
			v.chunkErr(where, f.trailerOff, err)
			continue
		}
		if int64(h.Cbytes) != int64(len(m.Content)) {
			v.add(where, f.trailerOff, "stored in "+itoa(int64(len(m.Content)))+" bytes but its chunk header says cbytes "+itoa(int64(h.Cbytes)))
			continue
		}
		if !v.opts.structureOnly {
			if _, err := f.VLMetalayer(m.Name); err != nil {
				v.addErr(err)
			}
		}
	}
}

// b2nd checks the b2nd (or caterva) metalayer against the frame.
func (v *verifier) b2nd() {
	f := v.f
	raw, err := f.Metalayer(B2NDMetaName)
	if err != nil {
		if raw, err = f.Metalayer(legacyB2NDMetaName); err != nil {
			return
		}
	}
	if v.rep.Kind == "frame" {
		v.rep.Kind = "b2nd"
	} else {
		v.rep.Kind = "sparse b2nd"
	}
	if len(raw) > 0 {
		v.warn("b2nd", -1, newerMinor("b2nd metalayer", int(raw[0]&0x0f), b2ndEntries))
	}
	if _, err := OpenArray(f); err != nil {
		v.addErr(err)
	}
}

// chunks checks every chunk header against the frame and the index
// offsets against each other, and queues the chunks for decoding.
func (v *verifier) chunks() {
	f, h := v.f, &v.f.hdr
	type span struct {
		i        int
		off, end int64 // relative to HeaderLen
	}
	var spans []span
	var total int64 // decoded bytes of the chunks, where known
	first := make(map[int64]int)
	dups := 0
	for i, o := range f.offsets {
		where := "chunk " + itoa(int64(i))
		if o < 0 {
			v.rep.Special++
			if n, err := f.chunkNbytes(i); err == nil && n >= 0 {
				total += n
			}
			continue
		}
		// Two index entries for the same bytes: C-Blosc2 never writes
		// them, and a damaged offset makes one chunk read another's data.
		// (The same chunk is not read again for each.)
		if j, ok := first[o]; ok {
			if dups++; dups <= maxDupReports {
				v.add("index", f.indexOff, "chunks "+itoa(int64(j))+" and "+itoa(int64(i))+" have the same offset or file number "+itoa(o))
			}
			continue
		}
		first[o] = i
		var (
			r      io.ReaderAt
			off    int64
			avail  int64
			file   string
			closer io.Closer
		)
		if h.Type == Sparse {
			file = sparseChunkName(o)
			fh, err := f.fsys.Open(file)
			if err != nil {
				v.rep.Problems = append(v.rep.Problems, Problem{File: file, Offset: -1, Where: where, Message: "cannot open the chunk file: " + err.Error(), Err: ErrCorrupt})
				continue
			}
			closer = fh
			st, err := fh.Stat()
			ra, ok := fh.(io.ReaderAt)
			if err != nil || !ok {
				b, err := io.ReadAll(fh)
				if err != nil {
					v.add(where, -1, "chunk file "+file+": "+err.Error())
					fh.Close()
					continue
				}
				ra, st = bytes.NewReader(b), nil
				avail = int64(len(b))
			} else {
				avail = st.Size()
			}
			r = ra
		} else {
			r, off, avail = f.r, int64(h.HeaderLen)+o, f.extents[i]
		}
		saved := v.file
		if file != "" {
			v.file = file
		}
		ok := v.frameChunk(i, where, r, off, avail, &total)
		v.file = saved
		if closer != nil {
			closer.Close()
		}
		if !ok {
			continue
		}
		if h.Type == Contiguous {
			spans = append(spans, span{i, o, o + v.lastCbytes})
		}
		v.jobs = append(v.jobs, decodeJob{i: i, where: where, file: file, r: f.r, off: off, cbytes: v.lastCbytes, nbytes: v.lastNbytes, special: v.lastSpecial})
		if h.Type == Sparse {
			v.jobs[len(v.jobs)-1].r, v.jobs[len(v.jobs)-1].fsys = nil, f.fsys
		}
	}
	if dups > maxDupReports {
		v.add("index", f.indexOff, itoa(int64(dups-maxDupReports))+" more index entries repeat an offset")
	}
	// Chunks overlapping in the file.
	sort.Slice(spans, func(a, b int) bool { return spans[a].off < spans[b].off })
	for k := 1; k < len(spans); k++ {
		if spans[k].off < spans[k-1].end {
			a, b := spans[k-1], spans[k]
			v.add("index", f.indexOff, "chunks "+itoa(int64(a.i))+" and "+itoa(int64(b.i))+" overlap (offsets "+
				itoa(int64(h.HeaderLen)+a.off)+" and "+itoa(int64(h.HeaderLen)+b.off)+")")
		}
	}
	if total != h.Nbytes && v.rep.Errors() == 0 && dups == 0 {
		v.add("header", posNbytes, "the chunks decode to "+itoa(total)+" bytes, uncompressed_size says "+itoa(h.Nbytes))
	}
}

// frameChunk checks the header of stored chunk i of a frame (at off in r,
// with avail bytes before the next chunk or the end) against the frame.
// It sets lastCbytes and lastNbytes and reports whether the chunk can be
// decoded.
func (v *verifier) frameChunk(i int, where string, r io.ReaderAt, off, avail int64, total *int64) bool {
	f, fh := v.f, &v.f.hdr
	var hb [blosc.ExtendedHeaderLen]byte
	n := int(min64(avail, blosc.ExtendedHeaderLen))
	if _, err := r.ReadAt(hb[:n], off); err != nil && !errors.Is(err, io.EOF) {
		v.add(where, off, "cannot read the chunk header: "+err.Error())
		return false
	}
	h, err := blosc.ReadHeader(hb[:n])
	if err != nil {
		v.chunkErr(where, off, err)
		return false
	}
	if int64(h.Cbytes) > avail {
		v.add(where, off+12, "cbytes "+itoa(int64(h.Cbytes))+" runs "+itoa(int64(h.Cbytes)-avail)+" bytes into the next chunk or past the chunks")
		return false
	}
	nb := int64(h.Nbytes)
	*total += nb
	ok := true
	if fh.fixedChunks() {
		if want := f.fixedNbytes(i); nb != want {
			v.add(where, off+4, "chunk decodes to "+itoa(nb)+" bytes, the frame's chunksize implies "+itoa(want))
			ok = false
		}
	} else if nb > fh.Nbytes {
		v.add(where, off+4, "chunk decodes to more bytes than the whole frame")
		ok = false
	}
	if fh.Typesize <= blosc.MaxTypesize && int32(h.Typesize) != fh.Typesize {
		v.add(where, off+3, "typesize "+itoa(int64(h.Typesize))+", the frame says "+itoa(int64(fh.Typesize)))
		ok = false
	}
	if h.VLBlocks() && !fh.VLBlocks {
		v.add(where, off+30, "chunk has variable-length blocks, the frame header does not say so")
		ok = false
	}
	if !v.chunkBody(i, where, v.file, r, off, &h) {
		ok = false
	}
	v.lastCbytes, v.lastNbytes, v.lastSpecial = int64(h.Cbytes), nb, h.Special() != blosc.SpecialNone
	return ok
}

// chunkBody checks what follows a valid chunk header without decoding:
// the size of memcpyed and special chunks, and the block starts.
func (v *verifier) chunkBody(i int, where, file string, r io.ReaderAt, off int64, h *blosc.Header) bool {
	hl := int64(h.HeaderLen())
	cb, nb := int64(h.Cbytes), int64(h.Nbytes)
	switch {
	case h.Special() != blosc.SpecialNone:
		want := int64(blosc.ExtendedHeaderLen)
		if h.Special() == blosc.SpecialRepeat {
			want = cb // ReadHeader checked the value's size
		}
		if cb != want {
			v.add(where, off+12, "special-value chunk of "+itoa(cb)+" bytes (cbytes), expected "+itoa(want))
			return false
		}
		return true
	case h.Memcpyed():
		if cb != hl+nb {
			v.add(where, off+12, "memcpyed chunk with cbytes "+itoa(cb)+", header plus nbytes is "+itoa(hl+nb))
			return false
		}
		return true
	case nb == 0 || h.Lazy():
		return true
	}
	if err := h.CheckSupported(); err != nil {
		v.chunkErr(where, off, err)
		return false
	}
	nblocks := int64(h.NBlocks())
	if nblocks <= 0 || hl+4*nblocks > cb {
		v.add(where, off+8, itoa(nblocks)+" block starts do not fit in the "+itoa(cb)+"-byte chunk")
		return false
	}
	bs := make([]byte, 4*nblocks)
	if _, err := r.ReadAt(bs, off+hl); err != nil && !errors.Is(err, io.EOF) {
		v.add(where, off+hl, "cannot read the block starts: "+err.Error())
		return false
	}
	for k := int64(0); k < nblocks; k++ {
		s := int64(int32(binary.LittleEndian.Uint32(bs[4*k:])))
		if s < hl+4*nblocks || s >= cb {
			v.add(where, off+hl+4*k, "block "+itoa(k)+" starts at "+itoa(s)+", outside the chunk's data ("+itoa(hl+4*nblocks)+" to "+itoa(cb)+")")
			return false
		}
	}
	return true
}

// finish decodes the queued chunks (unless StructureOnly) and returns the
// report, problems in file order.
func (v *verifier) finish() (*Report, error) {
	if !v.opts.structureOnly && len(v.jobs) > 0 {
		v.decodeAll()
	}
	return &v.rep, nil
}

type decodeResult struct {
	job decodeJob
	err error
}

func (v *verifier) decodeAll() {
	nw := v.opts.workers
	if nw <= 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	if nw > len(v.jobs) {
		nw = len(v.jobs)
	}
	dopts := []blosc.DecoderOption{blosc.WithWorkers(1)}
	if v.opts.maxChunkSize > 0 {
		dopts = append(dopts, blosc.WithMaxDecodedSize(v.opts.maxChunkSize))
	}
	dec, err := blosc.NewDecoder(dopts...)
	if err != nil {
		v.add("decoder", -1, err.Error())
		return
	}
	jobs := make(chan decodeJob)
	results := make(chan decodeResult)
	var wg sync.WaitGroup
	for w := 0; w < nw; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var raw, out []byte
			for j := range jobs {
				var err error
				if !j.special {
					raw, out, err = decodeOne(dec, j, raw, out, v.opts.maxChunkSize)
				}
				results <- decodeResult{j, err}
			}
		}()
	}
	go func() {
		for _, j := range v.jobs {
			jobs <- j
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	var bad []Problem
	done := 0
	for res := range results {
		done++
		if res.err == nil {
			v.rep.Decoded++
		} else {
			p := chunkProblem(res.job.where, res.job.off, res.err)
			p.File = v.file
			if res.job.file != "" {
				p.File = res.job.file
			}
			bad = append(bad, p)
		}
		if v.opts.progress != nil {
			v.opts.progress(done, len(v.jobs))
		}
	}
	sort.SliceStable(bad, func(a, b int) bool { return bad[a].Offset < bad[b].Offset })
	v.rep.Problems = append(v.rep.Problems, bad...)
}

// decodeOne reads and decodes one chunk, reusing raw and out.
func decodeOne(dec *blosc.Decoder, j decodeJob, raw, out []byte, limit int) ([]byte, []byte, error) {
	if limit > 0 && j.nbytes > int64(limit) {
		return raw, out, errors.New("chunk of " + itoa(j.nbytes) + " decoded bytes exceeds the limit of " + itoa(int64(limit)) + " (WithMaxChunkSize)")
	}
	if int64(cap(raw)) < j.cbytes {
		raw = make([]byte, j.cbytes)
	}
	raw = raw[:j.cbytes]
	if j.fsys != nil {
		b, err := fs.ReadFile(j.fsys, j.file)
		if err != nil {
			return raw, out, err
		}
		if int64(len(b)) < j.cbytes {
			return raw, out, errors.New("chunk file truncated")
		}
		raw = b[:j.cbytes]
	} else if n, err := j.r.ReadAt(raw, j.off); int64(n) != j.cbytes {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return raw, out, err
	}
	if int64(cap(out)) < j.nbytes {
		out = make([]byte, j.nbytes)
	}
	n, err := dec.DecompressInto(out[:j.nbytes], raw)
	if err == nil && int64(n) != j.nbytes {
		err = errors.New("decoded " + itoa(int64(n)) + " bytes, the header says " + itoa(j.nbytes))
	}
	return raw, out, err
}
