package frame

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/blosc2go/blosc2/blosc"
)

// ChunkInfo describes one chunk as the index records it.
type ChunkInfo struct {
	Special blosc.SpecialValue // blosc.SpecialNone for a stored chunk
	// Offset is the chunk's byte offset in the frame file (contiguous frames;
	// -1 for special chunks and sparse frames).
	Offset int64
	// File is the chunk file name in a sparse frame ("" otherwise).
	File string
	// Nbytes is the decoded size, or -1 when only the chunk's own header
	// can tell (frames with variable chunk sizes).
	Nbytes int64
}

func (f *Frame) checkIndex(i int) error {
	if i < 0 || i >= len(f.offsets) {
		return &FormatError{Where: "chunk", Offset: -1, Reason: "chunk " + itoa(int64(i)) + " of " + itoa(int64(len(f.offsets))), Err: ErrRange}
	}
	return nil
}

// fixedNbytes returns the decoded size of chunk i in a fixed-chunksize frame.
func (f *Frame) fixedNbytes(i int) int64 {
	cs := int64(f.hdr.Chunksize)
	if i == len(f.offsets)-1 {
		if r := f.hdr.Nbytes - cs*int64(i); r < cs {
			return r
		}
	}
	return cs
}

// chunkNbytes returns the decoded size of chunk i when the frame header
// and index tell it (fixed chunk sizes, or the one special chunk of a frame
// with variable sizes, see chunkStarts), or -1.
func (f *Frame) chunkNbytes(i int) (int64, error) {
	if f.hdr.fixedChunks() {
		return f.fixedNbytes(i), nil
	}
	if i != f.varSpecial {
		return -1, nil
	}
	st, err := f.chunkStarts()
	if err != nil {
		return -1, err
	}
	return st[i+1] - st[i], nil
}

// ChunkInfo returns what the index says about chunk i.
func (f *Frame) ChunkInfo(i int) (ChunkInfo, error) {
	if err := f.checkIndex(i); err != nil {
		return ChunkInfo{}, err
	}
	ci := ChunkInfo{Offset: -1}
	ci.Nbytes, _ = f.chunkNbytes(i) // -1 on error: reading the chunk reports it
	o := f.offsets[i]
	switch {
	case o < 0:
		ci.Special = offsetSpecial(o)
	case f.hdr.Type == Sparse:
		ci.File = sparseChunkName(o)
	default:
		ci.Offset = int64(f.hdr.HeaderLen) + o
	}
	return ci, nil
}

func sparseChunkName(n int64) string { return fmt.Sprintf("%08X.chunk", uint32(n)) }

// RawChunk returns the stored bytes of chunk i (a Blosc2 chunk), or nil and
// the kind of special value for a chunk the index stores as special. The
// bytes may alias the frame passed to OpenBytes: do not modify them.
func (f *Frame) RawChunk(i int) ([]byte, blosc.SpecialValue, error) {
	if err := f.checkIndex(i); err != nil {
		return nil, 0, err
	}
	raws := make([][]byte, 1)
	if err := f.fetch(i, 1, raws); err != nil {
		return nil, 0, err
	}
	if raws[0] == nil {
		return nil, f.specialOf(i), nil
	}
	return raws[0], blosc.SpecialNone, nil
}

// fetch fills raws[k] with the stored chunk first+k (nil for special
// chunks). For a contiguous frame, chunks adjacent in the file are read
// with one ReadAt.
func (f *Frame) fetch(first, n int, raws [][]byte) error {
	idx := make([]int, n)
	for k := range idx {
		idx[k] = first + k
	}
	return f.fetchList(idx, raws)
}

// fetchList is fetch for the chunks listed in idx (valid indexes).
func (f *Frame) fetchList(idx []int, raws [][]byte) error {
	return f.fetchInto(idx, raws, nil)
}

// fetchInto is fetchList reading the chunks of a contiguous frame on a
// reader into *scratch (grown as needed, for reuse) instead of fresh
// buffers; when scratch is nil, or the frame is in memory or sparse, it
// behaves as fetchList. The raws then alias *scratch.
func (f *Frame) fetchInto(idx []int, raws [][]byte, scratch *[]byte) error {
	type span struct {
		k        int // position in idx
		i        int
		off, ext int64
	}
	var spans []span
	for k, i := range idx {
		o := f.offsets[i]
		if o < 0 {
			raws[k] = nil
			continue
		}
		if f.hdr.Type == Sparse {
			b, err := fs.ReadFile(f.fsys, sparseChunkName(o))
			if err != nil {
				return &FormatError{Where: "chunk " + itoa(int64(i)), Offset: -1, Reason: "cannot read " + sparseChunkName(o), Err: ErrCorrupt, Cause: err}
			}
			if raws[k], err = f.checkRaw(i, b, -1); err != nil {
				return err
			}
			continue
		}
		spans = append(spans, span{k, i, o, f.extents[i]})
	}
	if len(spans) == 0 {
		return nil
	}
	sort.Slice(spans, func(a, b int) bool { return spans[a].off < spans[b].off })
	// Runs of spans that are adjacent (or the same chunk twice), each read
	// with one ReadAt.
	type run struct {
		s, e       int
		start, end int64
	}
	var runs []run
	total := int64(0)
	for s := 0; s < len(spans); {
		e := s + 1
		end := spans[s].off + spans[s].ext
		for e < len(spans) && (spans[e].off == end || spans[e].off == spans[e-1].off) {
			end = max64(end, spans[e].off+spans[e].ext)
			e++
		}
		runs = append(runs, run{s, e, spans[s].off, end})
		total += end - spans[s].off // <= Cbytes per run
		s = e
	}
	base := int64(f.hdr.HeaderLen)
	var all []byte
	if scratch != nil && f.mem == nil && total <= f.size {
		if int64(cap(*scratch)) < total {
			*scratch = make([]byte, total)
		}
		all = (*scratch)[:total]
	}
	pos := int64(0)
	for _, r := range runs {
		where := "chunk " + itoa(int64(spans[r.s].i))
		var buf []byte
		if all != nil {
			buf = all[pos : pos+r.end-r.start]
			if err := f.readAt(buf, base+r.start, where); err != nil {
				return err
			}
			pos += r.end - r.start
		} else {
			var err error
			if buf, err = f.bytesAt(base+r.start, r.end-r.start, where); err != nil {
				return err
			}
		}
		for _, sp := range spans[r.s:r.e] {
			rel := sp.off - r.start
			b, err := f.checkRaw(sp.i, buf[rel:rel+sp.ext:rel+sp.ext], base+sp.off)
			if err != nil {
				return err
			}
			raws[sp.k] = b
		}
	}
	return nil
}

// checkRaw validates the sizes in a stored chunk's header against the bytes
// available and the frame header, and trims b to the chunk.
func (f *Frame) checkRaw(i int, b []byte, fileOff int64) ([]byte, error) {
	where := "chunk " + itoa(int64(i))
	nb, cb, ok := chunkSizes(b)
	if !ok {
		return nil, corrupt(where, fileOff, "invalid chunk header")
	}
	if cb > int64(len(b)) {
		return nil, corrupt(where, fileOff, "chunk claims "+itoa(cb)+" stored bytes, only "+itoa(int64(len(b)))+" are there")
	}
	if f.hdr.fixedChunks() {
		if want := f.fixedNbytes(i); nb != want {
			return nil, corrupt(where, fileOff, "chunk decodes to "+itoa(nb)+" bytes, the frame header implies "+itoa(want))
		}
	} else if nb > f.hdr.Nbytes {
		return nil, corrupt(where, fileOff, "chunk decodes to more bytes than the whole frame")
	}
	return b[:cb:cb], nil
}

// grow extends dst by n bytes (contents of the new bytes unspecified).
func grow(dst []byte, n int) []byte {
	if cap(dst)-len(dst) >= n {
		return dst[:len(dst)+n]
	}
	nb := make([]byte, len(dst)+n, len(dst)+n+len(dst)/4)
	copy(nb, dst)
	return nb
}

// Chunk appends the decoded bytes of chunk i to dst.
func (f *Frame) Chunk(dst []byte, i int) ([]byte, error) {
	return f.ReadChunks(dst, i, 1)
}

// ReadChunks appends the decoded bytes of chunks first..first+n-1 to dst,
// reading adjacent chunks with one ReadAt (and decoding several at a time,
// see WithWorkers).
func (f *Frame) ReadChunks(dst []byte, first, n int) ([]byte, error) {
	if n < 0 || first < 0 || first > len(f.offsets)-n {
		return dst, &FormatError{Where: "chunk", Offset: -1, Reason: "chunks " + itoa(int64(first)) + "+" + itoa(int64(n)) + " of " + itoa(int64(len(f.offsets))), Err: ErrRange}
	}
	if f.chunkParallel(n) {
		return f.readChunksParallel(dst, first, n)
	}
	idx := make([]int, n)
	for k := range idx {
		idx[k] = first + k
	}
	err := f.eachChunk(idx, func(j int, raw []byte, d *blosc.Decoder) error {
		var err error
		dst, err = f.decodeChunk(d, dst, first+j, raw)
		return err
	})
	return dst, err
}

func (f *Frame) decodeChunk(d *blosc.Decoder, dst []byte, i int, raw []byte) ([]byte, error) {
	if raw == nil {
		n, err := f.chunkNbytes(i)
		if err != nil {
			return dst, err
		}
		start := len(dst)
		dst = grow(dst, int(n))
		if err := fillSpecial(dst[start:], f.specialOf(i), f.hdr.Typesize, 0); err != nil {
			return dst[:start], err
		}
		return dst, nil
	}
	nb, _, _ := chunkSizes(raw)
	out, err := decompressWith(d, dst, raw, int(nb))
	if err != nil {
		ci, _ := f.ChunkInfo(i)
		return dst, wrapChunkErr("chunk "+itoa(int64(i)), ci.Offset, err)
	}
	return out, nil
}

// Decode appends all decoded bytes of the frame to dst.
func (f *Frame) Decode(dst []byte) ([]byte, error) {
	n0 := len(dst)
	out, err := f.ReadChunks(dst, 0, len(f.offsets))
	if err == nil && int64(len(out)-n0) != f.hdr.Nbytes {
		return dst, corrupt("header", posNbytes, "chunks decode to "+itoa(int64(len(out)-n0))+" bytes, the header says "+itoa(f.hdr.Nbytes))
	}
	return out, err
}

// chunkStarts returns the decoded offset of every chunk (and the total at
// the end). For variable chunk sizes it reads every chunk's header once.
func (f *Frame) chunkStarts() ([]int64, error) {
	f.startsOnce.Do(func() {
		n := len(f.offsets)
		st := make([]int64, n+1)
		if f.hdr.fixedChunks() {
			for i := 0; i < n; i++ {
				st[i+1] = st[i] + f.fixedNbytes(i)
			}
			f.starts = st
			return
		}
		// Sizes first (st[i+1] = size of chunk i), then running sums.
		sum := int64(0)
		for i := 0; i < n; i++ {
			if i == f.varSpecial {
				continue
			}
			nb, err := f.storedNbytes(i)
			if err != nil {
				f.startsErr = err
				return
			}
			st[i+1] = nb
			if sum += nb; sum > f.hdr.Nbytes {
				f.startsErr = corrupt("chunk "+itoa(int64(i)), -1, "chunk sizes add up to more than the frame's uncompressed size")
				return
			}
		}
		if f.varSpecial >= 0 {
			rest := f.hdr.Nbytes - sum
			if rest > blosc.MaxNbytes {
				f.startsErr = corrupt("index", f.indexOff, "special chunk "+itoa(int64(f.varSpecial))+" would hold "+itoa(rest)+" bytes, more than a chunk can")
				return
			}
			st[f.varSpecial+1] = rest
		}
		for i := 0; i < n; i++ {
			st[i+1] += st[i]
		}
		if st[n] != f.hdr.Nbytes {
			f.startsErr = corrupt("header", posNbytes, "chunk sizes add up to "+itoa(st[n])+", not "+itoa(f.hdr.Nbytes))
			return
		}
		f.starts = st
	})
	return f.starts, f.startsErr
}

// storedNbytes reads the decoded size from the header of stored chunk i.
func (f *Frame) storedNbytes(i int) (int64, error) {
	o := f.offsets[i]
	var hb []byte
	if f.hdr.Type == Sparse {
		raw, _, err := f.RawChunk(i)
		if err != nil {
			return 0, err
		}
		hb = raw
	} else {
		var h [blosc.MinHeaderLen]byte
		if f.extents[i] < blosc.MinHeaderLen {
			return 0, corrupt("chunk "+itoa(int64(i)), int64(f.hdr.HeaderLen)+o, "chunk too short")
		}
		if err := f.readAt(h[:], int64(f.hdr.HeaderLen)+o, "chunk "+itoa(int64(i))); err != nil {
			return 0, err
		}
		hb = h[:]
	}
	nb, _, ok := chunkSizes(hb)
	if !ok {
		return 0, corrupt("chunk "+itoa(int64(i)), -1, "invalid chunk header")
	}
	return nb, nil
}

// ReadAt reads decoded bytes: p is filled from offset off of the
// concatenation of all chunks' decoded bytes. Only the chunks holding the
// range are read and decoded, and chunks only partly covered are decoded
// partially where possible. It implements io.ReaderAt.
func (f *Frame) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, &FormatError{Where: "read", Offset: off, Reason: "negative offset", Err: ErrRange}
	}
	if off >= f.hdr.Nbytes {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	end := off + int64(len(p))
	if end > f.hdr.Nbytes || end < off {
		end = f.hdr.Nbytes
	}
	st, err := f.chunkStarts()
	if err != nil {
		return 0, err
	}
	first := sort.Search(len(st)-1, func(i int) bool { return st[i+1] > off })
	last := sort.Search(len(st)-1, func(i int) bool { return st[i+1] >= end })
	idx := make([]int, 0, last-first+1)
	for i := first; i <= last; i++ {
		a := max64(off, st[i]) - st[i]
		b := min64(end, st[i+1]) - st[i]
		// A stored chunk needed in part is read block by block.
		if (a > 0 || b < st[i+1]-st[i]) && f.blockReads() && f.offsets[i] >= 0 {
			done, err := f.readPart(f.blockDecoder(), p[st[i]+a-off:st[i]+b-off], i, a, b, st[i+1]-st[i])
			if err != nil {
				return 0, err
			}
			if done {
				continue
			}
		}
		idx = append(idx, i)
	}
	err = f.eachChunk(idx, func(j int, raw []byte, d *blosc.Decoder) error {
		i := idx[j]
		a := max64(off, st[i]) - st[i]
		b := min64(end, st[i+1]) - st[i]
		return f.decodeRange(d, p[st[i]+a-off:st[i]+b-off], i, raw, a, b, st[i+1]-st[i])
	})
	if err != nil {
		return 0, err
	}
	done := int(end - off)
	if done < len(p) {
		return done, io.EOF
	}
	return done, nil
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// decodeRange writes bytes [a,b) of decoded chunk i (of size n) into dst.
func (f *Frame) decodeRange(d *blosc.Decoder, dst []byte, i int, raw []byte, a, b, n int64) error {
	if raw == nil {
		return fillSpecial(dst[:b-a], f.specialOf(i), f.hdr.Typesize, a)
	}
	nb, _, _ := chunkSizes(raw)
	if nb != n {
		return corrupt("chunk "+itoa(int64(i)), -1, "chunk size changed")
	}
	if err := decodePart(d, dst, raw, a, b, n); err != nil {
		ci, _ := f.ChunkInfo(i)
		return wrapChunkErr("chunk "+itoa(int64(i)), ci.Offset, err)
	}
	return nil
}

// chunkSizes returns the decoded and stored sizes of the chunk whose header
// starts b (blosc.ChunkSizes, as int64 for the frame's offset arithmetic).
func chunkSizes(b []byte) (nbytes, cbytes int64, ok bool) {
	nb, _, cb, err := blosc.ChunkSizes(b)
	return int64(nb), int64(cb), err == nil
}

// chunkKind returns the special value and the VL-blocks flag recorded in
// a chunk's extended header (blosc.SpecialNone and false for a Blosc1
// header or one blosc.ReadHeader refuses: such a chunk is stored as it is).
func chunkKind(chunk []byte) (blosc.SpecialValue, bool) {
	h, err := blosc.ReadHeader(chunk)
	if err != nil || !h.Extended {
		return blosc.SpecialNone, false
	}
	return h.Special(), h.VLBlocks()
}

// decompress decodes one whole chunk, appending to dst, and checks that it
// produced exactly want bytes.
func decompress(dst, src []byte, want int) ([]byte, error) {
	return decompressWith(nil, dst, src, want)
}

func decompressWith(d *blosc.Decoder, dst, src []byte, want int) ([]byte, error) {
	n0 := len(dst)
	var out []byte
	var err error
	if d != nil {
		out, err = d.Decompress(dst, src)
	} else {
		out, err = blosc.Decompress(dst, src)
	}
	if err != nil {
		return dst, err
	}
	if len(out)-n0 != want {
		return dst, sizeMismatch(int64(len(out)-n0), int64(want))
	}
	return out, nil
}

// wrapChunkErr turns an error from package blosc into a FormatError that
// still matches blosc's sentinels with errors.Is.
func wrapChunkErr(where string, off int64, err error) error {
	sentinel := ErrCorrupt
	if errors.Is(err, blosc.ErrUnsupported) {
		sentinel = ErrUnsupported
	}
	return &FormatError{Where: where, Offset: off, Reason: "cannot decode chunk", Err: sentinel, Cause: err}
}

// decodePart writes bytes [a,b) of the decoded chunk src (n bytes when
// decoded) into dst (len b-a). Whole-chunk requests decode straight into
// dst; others decode only the blocks holding the range.
func decodePart(d *blosc.Decoder, dst, src []byte, a, b, n int64) error {
	into, rng := blosc.DecompressInto, blosc.DecompressRange
	if d != nil {
		into, rng = d.DecompressInto, d.DecompressRange
	}
	if a == 0 && b == n {
		got, err := into(dst, src)
		if err != nil {
			return err
		}
		if int64(got) != n {
			return sizeMismatch(int64(got), n)
		}
		return nil
	}
	out, err := rng(dst[:0:len(dst)], src, int(a), int(b-a))
	if err != nil {
		return err
	}
	if int64(len(out)) != b-a {
		return sizeMismatch(int64(len(out)), b-a)
	}
	if len(out) > 0 && &out[0] != &dst[0] {
		copy(dst, out)
	}
	return nil
}

// offsetSpecial returns the special value an index entry stands for (only
// meaningful for a negative entry, whose top byte is 0x80 | kind).
func offsetSpecial(o int64) blosc.SpecialValue {
	return blosc.SpecialValue(uint64(o)>>56) & specialMask
}

// specialOf returns the special value of chunk i's index entry.
func (f *Frame) specialOf(i int) blosc.SpecialValue { return offsetSpecial(f.offsets[i]) }

// fillSpecial writes into out the bytes [off, off+len(out)) of a chunk of
// special value k whose items are typesize bytes, as package blosc decodes
// the corresponding special chunk (zeros for SpecialZeros and
// SpecialUninit, C-Blosc2's quiet NaNs for SpecialNaN): an index entry
// stores blosc's SpecialValue number. Open refuses index entries
// whose fill would fail (NaN with a typesize other than 4 or 8, unknown
// kinds), so an error here means a caller broke that rule.
func fillSpecial(out []byte, k blosc.SpecialValue, typesize int32, off int64) error {
	return blosc.FillSpecial(out, k, int(typesize), nil, off)
}

// setDecoders applies the read options of a constructor: the decoders
// are made here, once.
func (f *Frame) setDecoders(st settings) error {
	f.dec, f.workers, f.fetchGap, f.fetchers = st.dec, st.workers, st.fetchGap, st.fetchers
	switch {
	case f.dec != nil:
		f.blocks, f.serial = f.dec, f.dec
	case f.workers > 1:
		var err error
		if f.blocks, err = blosc.NewDecoder(blosc.WithWorkers(f.workers)); err != nil {
			return err
		}
		if f.serial, err = blosc.NewDecoder(blosc.WithWorkers(1)); err != nil {
			return err
		}
	}
	return nil
}

// Workers returns the number of chunks decoded at a time (see WithWorkers).
func (f *Frame) Workers() int {
	if f.workers < 1 {
		return 1
	}
	return f.workers
}

// minChunksPerWorker is how many chunks per worker a read needs for its
// chunks to be decoded concurrently; with fewer, the blocks of each chunk
// are shared among the workers instead (a variable for tests).
var minChunksPerWorker = 2

// chunkParallel tells whether a read of n chunks decodes several chunks
// at once.
func (f *Frame) chunkParallel(n int) bool {
	w := f.Workers()
	return w > 1 && n >= minChunksPerWorker*w
}

// blockDecoder returns the decoder for chunks decoded one at a time: the
// one given with WithDecoder, else with WithWorkers(n > 1) one sharing
// each chunk's blocks among n goroutines, else nil (package blosc's
// default).
func (f *Frame) blockDecoder() *blosc.Decoder { return f.blocks }

// chunkDecoder returns the decoder for chunks decoded concurrently (only
// with WithWorkers(n > 1)): the one given with WithDecoder, else a
// single-goroutine one.
func (f *Frame) chunkDecoder() *blosc.Decoder { return f.serial }

// readChunksParallel is ReadChunks with several workers: the destination
// is grown once to the chunks' total size and each chunk is decoded into
// its place.
func (f *Frame) readChunksParallel(dst []byte, first, n int) ([]byte, error) {
	st, err := f.chunkStarts()
	if err != nil {
		return dst, err
	}
	base, total := st[first], st[first+n]-st[first]
	if int64(int(total)) != total || int64(len(dst))+total > int64(int(^uint(0)>>1)) {
		return dst, &FormatError{Where: "chunk", Offset: -1, Reason: itoa(total) + " decoded bytes do not fit in memory here", Err: ErrRange}
	}
	n0 := len(dst)
	dst = grow(dst, int(total))
	out := dst[n0:]
	idx := make([]int, n)
	for k := range idx {
		idx[k] = first + k
	}
	err = f.eachChunk(idx, func(j int, raw []byte, d *blosc.Decoder) error {
		i := first + j
		part := out[st[i]-base : st[i+1]-base]
		if raw == nil {
			return fillSpecial(part, f.specialOf(i), f.hdr.Typesize, 0)
		}
		size := int64(len(part))
		if nb, _, _ := chunkSizes(raw); nb != size {
			return corrupt("chunk "+itoa(int64(i)), -1, "chunk decodes to "+itoa(nb)+" bytes, expected "+itoa(size))
		}
		if err := decodePart(d, part, raw, 0, size, size); err != nil {
			ci, _ := f.ChunkInfo(i)
			return wrapChunkErr("chunk "+itoa(int64(i)), ci.Offset, err)
		}
		return nil
	})
	if err != nil {
		return dst[:n0], err
	}
	return dst, nil
}

// batchBytes bounds the stored bytes fetched at once when chunks are read
// and decoded one batch after the other; pipeBatchBytes when a goroutine
// reads batches while workers decode the chunks of earlier ones
// (WithWorkers > 1).
const batchBytes = 16 << 20

var pipeBatchBytes int64 = 4 << 20 // a variable for tests

// maxPooledScratch bounds the read buffers kept for reuse.
const maxPooledScratch = 2 * batchBytes

var scratchPool sync.Pool // *[]byte: read buffers of batches

func getScratch() *[]byte {
	if b, ok := scratchPool.Get().(*[]byte); ok {
		return b
	}
	return new([]byte)
}

func putScratch(b *[]byte) {
	if b != nil && cap(*b) <= maxPooledScratch {
		scratchPool.Put(b)
	}
}

func (f *Frame) storedBound(i int) int64 {
	if f.offsets[i] < 0 || f.extents == nil {
		return 0
	}
	return f.extents[i]
}

// batches splits idx into runs of chunks whose stored bytes stay under
// limit (a run holds at least one chunk): [k, e) positions in idx.
func (f *Frame) batches(idx []int, limit int64) [][2]int {
	var out [][2]int
	for k := 0; k < len(idx); {
		e, tot := k, int64(0)
		for e < len(idx) && (e == k || tot+f.storedBound(idx[e]) <= limit) {
			tot += f.storedBound(idx[e])
			e++
		}
		out = append(out, [2]int{k, e})
		k = e
	}
	return out
}

// chunkFunc handles chunk idx[j] given its stored bytes (nil for a
// special chunk, not to be kept) and the decoder to use.
type chunkFunc func(j int, raw []byte, d *blosc.Decoder) error

// eachChunk fetches the chunks listed in idx, a batch at a time (chunks
// adjacent in the file read with one ReadAt), and calls fn for each. With
// one worker, or too few chunks to share (see chunkParallel), it goes in
// order and stops at the first error. Otherwise this goroutine reads batch
// after batch while the workers call fn for the chunks already read,
// concurrently and in no fixed order, so fn must write only its own
// chunk's part of shared state; the error returned is then that of the
// lowest j that failed, as in order.
func (f *Frame) eachChunk(idx []int, fn chunkFunc) error {
	nw := f.Workers()
	if !f.chunkParallel(len(idx)) {
		d := f.blockDecoder()
		sc := getScratch()
		defer putScratch(sc)
		for _, b := range f.batches(idx, batchBytes) {
			raws := make([][]byte, b[1]-b[0])
			if err := f.fetchInto(idx[b[0]:b[1]], raws, sc); err != nil {
				return err
			}
			for j, raw := range raws {
				if err := fn(b[0]+j, raw, d); err != nil {
					return err
				}
			}
		}
		return nil
	}

	type batch struct {
		sc   *[]byte
		left atomic.Int32 // chunks not yet handled; the last one frees sc
	}
	type job struct {
		j   int
		raw []byte
		b   *batch
	}
	var (
		mu       sync.Mutex
		firstErr error
		errAt    atomic.Int64 // lowest j that failed (len(idx): none)
	)
	errAt.Store(int64(len(idx)))
	fail := func(j int, err error) {
		mu.Lock()
		if int64(j) < errAt.Load() {
			errAt.Store(int64(j))
			firstErr = err
		}
		mu.Unlock()
	}
	d := f.chunkDecoder()
	jobs := make(chan job, 2*nw)
	var wg sync.WaitGroup
	wg.Add(nw)
	for w := 0; w < nw; w++ {
		go func() {
			defer wg.Done()
			for jb := range jobs {
				// After a failure only chunks before it still matter.
				if int64(jb.j) < errAt.Load() {
					if err := fn(jb.j, jb.raw, d); err != nil {
						fail(jb.j, err)
					}
				}
				if jb.b.left.Add(-1) == 0 {
					putScratch(jb.b.sc)
				}
			}
		}()
	}
	for _, bk := range f.batches(idx, pipeBatchBytes) {
		if int64(bk[0]) >= errAt.Load() {
			break
		}
		b := &batch{sc: getScratch()}
		raws := make([][]byte, bk[1]-bk[0])
		if err := f.fetchInto(idx[bk[0]:bk[1]], raws, b.sc); err != nil {
			putScratch(b.sc)
			fail(bk[0], err)
			break
		}
		b.left.Store(int32(len(raws)))
		for j, raw := range raws {
			jobs <- job{bk[0] + j, raw, b}
		}
	}
	close(jobs)
	wg.Wait()
	return firstErr
}
