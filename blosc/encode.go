package blosc

import (
	"errors"
	"runtime"
	"sync"

	"github.com/blosc2go/blosc2/internal/deflate"
	"github.com/blosc2go/blosc2/internal/lz4enc"
	"github.com/blosc2go/blosc2/internal/lz4hc"
	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/klauspost/compress/zlib"
)

// encParallelMin is the input size from which an Encoder with more than one
// worker compresses the blocks of a chunk in parallel.
const encParallelMin = 128 << 10

// Encoder compresses chunks with fixed Options. It is safe for concurrent
// use by many goroutines and reuses its scratch buffers and codec state
// between calls. The output depends only on the Options and the input,
// never on the number of workers or on the host.
//
// Each goroutine compressing blocks (up to Workers per Compress call) has
// its own codec state, made on first use and kept by the Encoder: for Zstd
// at Clevel 1-5 our encoder's match tables (under 1 MB) and entropy scratch,
// at 6-7 btlazy2's hash table and binary tree, sized to the stream as zstd
// sizes them, at 8-9 our optimal
// parser's hash tables and binary tree, sized to the stream as zstd sizes
// them (at clevel 9: 2.3 MB for streams of 128 KiB, 4.8 MB for 256 KiB,
// 17 MB for 1 MiB) and 0.3 MB of parser scratch; about 1.2 MB for Zlib, 0.3 MB for LZ4HC, less for
// BloscLZ and LZ4; plus two blocks of filter scratch. NewEncoder itself allocates almost nothing.
type Encoder struct {
	opts       Options
	workers    int
	hlen       int   // header length: 32 or 16
	blosc1     uint8 // filter flags of a 16-byte header
	needsRef   bool  // DELTA: the other blocks need block 0
	lossyDelta bool  // DELTA with a lossy filter: block 0 as decoded differs from the input
	nfilters   int
	planes     int               // a block is this many byte planes (SHUFFLE, BITSHUFFLE), else 1
	states     stash[*encWorker] // fanout.go
}

// encWorker holds the scratch state of one goroutine compressing blocks.
// An Encoder keeps Workers of them as long as it is reachable (the
// Encoders Compress caches keep theirs in a sync.Pool only, so the garbage
// collector frees the codec state of idle ones).
type encWorker struct {
	fbuf    [2][]byte
	blocks  [][]byte    // compressParallel: the compressed blocks
	zeros   []bool      // compressParallel: which blocks are all zero runs
	ready   []bool      // compressParallel: which blocks are compressed
	at      []int       // compressParallel: where each block goes in the chunk
	raws    []rawCopy   // streams stored as is, copied once the chunk fits
	braws   [][]rawCopy // compressParallel: those of each block (at: in the block)
	lz4     *lz4enc.Compressor
	lz4hc   *lz4hc.Compressor
	zlib    *zlib.Writer        // Zlib below zlibOwnMinClevel
	deflate *deflate.Compressor // Zlib from zlibOwnMinClevel on
	zout    sliceWriter
	zown    *zstdState // our zstd encoder, kept (see zstdCompressOwn)
	dict    *dictState // UseDict: training scratch and the chunk's dictionary
}

func (w *encWorker) buf(i, n int) []byte {
	if cap(w.fbuf[i]) < n {
		w.fbuf[i] = make([]byte, n)
	}
	return w.fbuf[i][:n]
}

// NewEncoder checks opts and returns an Encoder for them. Invalid options
// give an error wrapping ErrInvalidOptions.
func NewEncoder(opts Options) (*Encoder, error) {
	o, err := opts.check()
	if err != nil {
		return nil, err
	}
	e := &Encoder{opts: o, workers: o.Workers, hlen: ExtendedHeaderLen}
	if e.workers == 0 {
		e.workers = runtime.GOMAXPROCS(0)
	}
	e.states.keep = e.workers
	e.states.fresh = func() *encWorker { return new(encWorker) }
	if o.Format == FormatBlosc1 {
		e.hlen = MinHeaderLen
		e.blosc1, _ = o.blosc1Flags()
	}
	lossy := false
	e.planes = 1
	for i, f := range o.Filters {
		switch f {
		case NoFilter:
			continue
		case Delta:
			e.needsRef = true
		case TruncPrec, IntTrunc:
			lossy = true
		case Shuffle, BitShuffle:
			e.planes = o.Typesize
			if f == Shuffle && o.FiltersMeta[i] != 0 {
				e.planes = int(o.FiltersMeta[i]) // the element size shuffled
			}
		}
		e.nfilters++
	}
	// A lossy filter anywhere in the pipeline makes block 0 as the decoder
	// sees it (DELTA's reference) differ from the input.
	e.lossyDelta = e.needsRef && lossy
	if o.Codec == Zstd && o.Dict != nil {
		if _, err := izstd.NewDict(o.Dict); err != nil {
			return nil, optionError("Dict", err.Error())
		}
	}
	return e, nil
}

// Options returns the Encoder's options (ByteDelta parameters of 0 are
// reported as the typesize they stand for).
func (e *Encoder) Options() Options {
	o := e.opts
	if o.Dict != nil {
		o.Dict = append([]byte(nil), o.Dict...)
	}
	return o
}

var (
	encCacheMu sync.Mutex
	encCache   = map[encKey]*Encoder{}
)

// encKey is the part of Options that identifies a cached Encoder.
type encKey struct {
	codec     Codec
	clevel    int
	typesize  int
	filters   [MaxFilters]Filter
	meta      [MaxFilters]uint8
	blocksize int
	split     SplitMode
	workers   int
	format    Format
	useDict   bool
}

const maxCachedEncoders = 64

// Compress compresses src into one chunk with opts and appends it to dst.
// It does not allocate the output when dst has MaxCompressedLen(len(src))
// bytes of room past its length.
//
// Compress keeps the Encoders of the first 64 option sets without a
// dictionary it sees, so that repeated calls with the same options reuse
// codec state; other options get a new Encoder per call. A cached Encoder
// is a few hundred bytes: its codec state (zstd match tables of up to 34
// MB at Clevel 6-9, scratch buffers of about a block per worker) sits in a
// sync.Pool, which the garbage collector empties when the Encoder is idle
// for two collections. Use an Encoder to keep that state for sure.
func Compress(dst, src []byte, opts Options) ([]byte, error) {
	if opts.Dict != nil {
		e, err := NewEncoder(opts)
		if err != nil {
			return dst, err
		}
		return e.Compress(dst, src)
	}
	k := encKey{opts.Codec, opts.Clevel, opts.Typesize, opts.Filters, opts.FiltersMeta,
		opts.Blocksize, opts.SplitMode, opts.Workers, opts.Format, opts.UseDict}
	encCacheMu.Lock()
	e := encCache[k]
	encCacheMu.Unlock()
	if e == nil {
		var err error
		if e, err = NewEncoder(opts); err != nil {
			return dst, err
		}
		e.states.keep = 0 // codec state in a sync.Pool only: see above
		encCacheMu.Lock()
		if len(encCache) < maxCachedEncoders {
			encCache[k] = e
		}
		encCacheMu.Unlock()
	}
	return e.Compress(dst, src)
}

// Compress compresses src into one chunk and appends it to dst. src may
// hold up to MaxNbytes bytes; larger inputs give an error wrapping
// ErrTooLarge. On error dst is returned unchanged.
//
// As C-Blosc2 with a destination of len(src)+header bytes, a chunk whose
// compressed form would be larger than storing src as is (header
// included) is written uncompressed ("memcpyed"); so are inputs shorter
// than 32 bytes and Clevel 0. An input that compresses to nothing but
// zero runs becomes a 32-byte special chunk of zeros (FormatBlosc2). A
// chunk stored uncompressed holds src unfiltered: lossy filters (TruncPrec,
// IntTrunc) then change nothing, as in C-Blosc2.
func (e *Encoder) Compress(dst, src []byte) ([]byte, error) {
	if len(src) > MaxNbytes {
		return dst, &tooLargeInputError{n: len(src)}
	}
	p := e.opts.makeEncPlan(len(src))
	orig, start := dst, len(dst)
	// The chunk is at most the input plus the header (the memcpy
	// fallback), and the encoder never writes past that, so a dst with
	// MaxCompressedLen(len(src)) bytes of room is used as is.
	if need := e.hlen + len(src); cap(dst)-start < need {
		nd := make([]byte, start, start+need)
		copy(nd, dst)
		dst = nd
	}
	if !p.memcpyed {
		out, ok, err := e.compressChunk(dst, src, &p)
		if err != nil {
			return orig, err
		}
		if ok {
			return out, nil
		}
		dst = out[:start]
	}
	return e.appendMemcpyed(dst, src, &p, !p.memcpyed), nil
}

// header returns the chunk header for plan p. compressed is false for a
// chunk stored uncompressed from the start (clevel 0, tiny input), whose
// flags carry no codec, split or filter bits; a chunk that fell back to
// memcpy after compressing keeps them, as C-Blosc2 writes it.
func (e *Encoder) header(p *encPlan, compressed, memcpyed, dict bool, cbytes int) Header {
	o := &e.opts
	h := Header{
		Version:   VersionStable,
		VersionLZ: 1,
		Typesize:  uint8(o.Typesize),
		Nbytes:    int32(p.nbytes),
		Blocksize: int32(p.blocksize),
		Cbytes:    int32(cbytes),
	}
	format, _ := o.Codec.format()
	var flags uint8
	if memcpyed {
		flags |= FlagMemcpyed
	}
	if compressed {
		if !p.split {
			flags |= FlagDontSplit
		}
		flags |= format << compFormatShift
	}
	if o.Format == FormatBlosc1 {
		// C-Blosc 1.x writes the flags of the compression it meant to do
		// (filter bits, split, codec) also on a chunk it stores
		// uncompressed, tiny or clevel 0 ones included, and adds the
		// memcpyed bit; its readers then ignore the rest. So do we.
		h.Version = VersionBlosc1
		h.Flags = e.blosc1 | format<<compFormatShift | flags&FlagMemcpyed
		if !p.split {
			h.Flags |= FlagDontSplit
		}
		return h
	}
	flags |= flagsExtended
	if compressed && o.hasFilter(Delta) {
		flags |= FlagDelta
	}
	h.Flags = flags
	h.Extended = true
	h.Filters = o.Filters
	h.FiltersMeta = o.FiltersMeta
	h.UDCodec = uint8(o.Codec)
	if dict {
		h.Blosc2Flags |= Blosc2FlagDict
	}
	return h
}

// appendMemcpyed appends src stored uncompressed: the header and the bytes,
// copied on several goroutines when the Encoder has workers and src is
// large (as C-Blosc2 gives the blocks of a memcpyed chunk to its threads).
// dst has room for them (Compress made it).
func (e *Encoder) appendMemcpyed(dst, src []byte, p *encPlan, compressed bool) []byte {
	h := e.header(p, compressed, true, false, e.hlen+len(src))
	dst = h.Append(dst)
	if e.workers < 2 || len(src) < encParallelMin || cap(dst)-len(dst) < len(src) {
		return append(dst, src...)
	}
	l := len(dst)
	dst = dst[:l+len(src)]
	w := e.states.get()
	fanPieces(&e.states, w, e.workers, len(src), func(lo, hi int) {
		copy(dst[l+lo:l+hi], src[lo:hi])
	})
	e.states.put(w)
	return dst
}

// compressChunk appends the compressed chunk to dst, whose capacity holds
// len(src)+header more bytes. ok is false when the chunk would be larger
// than that and is to be memcpyed; out then holds garbage past the
// original length of dst. It never grows dst past its capacity.
func (e *Encoder) compressChunk(dst, src []byte, p *encPlan) (out []byte, ok bool, err error) {
	start := len(dst)
	limit := len(src) + e.hlen
	max := start + limit
	if e.hlen+4*p.nblocks > limit {
		return dst, false, nil
	}

	w := e.states.get()
	defer e.states.put(w)

	dict := e.opts.Dict
	if e.opts.UseDict {
		dict = e.trainDict(w, src, p)
	}
	p.dict = dict
	pre := e.hlen + 4*p.nblocks
	if dict != nil {
		pre += 4 + len(dict)
	}
	if pre > limit {
		return dst, false, nil
	}
	h := e.header(p, true, false, dict != nil, 0)
	dst = h.Append(dst)
	bstartsAt := len(dst)
	dst = append(dst, make([]byte, 4*p.nblocks)...)
	if dict != nil {
		var n [4]byte
		le32put(n[:], len(dict))
		dst = append(dst, n[:]...)
		dst = append(dst, dict...)
	}

	// DELTA XORs the blocks after the first with block 0 as the decoder
	// will have it.
	var ref []byte
	first := 0
	allZero := true
	if e.needsRef && p.nblocks > 1 {
		ref = src[:p.blocksize]
		if e.lossyDelta {
			bs := len(dst)
			var zero bool
			if dst, zero, ok = e.compressBlock(w, p, src, 0, nil, dst, max, nil); !ok {
				return dst, false, nil
			}
			allZero = allZero && zero
			le32put(dst[bstartsAt:], bs-start)
			if ref, err = e.decodedBlock0(p, dst[bs:]); err != nil {
				return dst, false, err
			}
			first = 1
		}
	}

	nw := e.workers
	if nw > p.nblocks-first {
		nw = p.nblocks - first
	}
	if nw > 1 && p.nbytes >= encParallelMin {
		var zero bool
		dst, zero, ok = e.compressParallel(w, p, src, ref, first, nw, dst, start, bstartsAt, limit)
		if !ok {
			return dst, false, nil
		}
		allZero = allZero && zero
	} else {
		w.raws = w.raws[:0]
		for j := first; j < p.nblocks; j++ {
			bs := len(dst)
			var zero bool
			if dst, zero, ok = e.compressBlock(w, p, src, j, ref, dst, max, &w.raws); !ok {
				return dst, false, nil
			}
			allZero = allZero && zero
			le32put(dst[bstartsAt+4*j:], bs-start)
		}
		// The chunk fits: now the streams stored as is.
		for _, r := range w.raws {
			copy(dst[r.at:r.at+r.n], src[r.from:r.from+r.n])
		}
	}

	if allZero && dict == nil && e.opts.Format == FormatBlosc2 && p.nblocks > 0 {
		// Every stream is a run of zeros: a special chunk says it in the
		// header alone, as C-Blosc2 does.
		h.Blosc2Flags |= uint8(SpecialZeros) << specialShift
		h.Cbytes = int32(e.hlen)
		return h.Append(dst[:start]), true, nil
	}
	le32put(dst[start+offCbytes:], len(dst)-start)
	return dst, true, nil
}

// compressParallel compresses blocks [first, nblocks) on nw goroutines and
// appends them in order. ok is false when the chunk outgrew limit.
func (e *Encoder) compressParallel(w *encWorker, pp *encPlan, src, ref []byte, first, nw int,
	dst []byte, start, bstartsAt, limit int) (out []byte, allZero, ok bool) {
	// The goroutines share a copy of the plan, so that p (on the caller's
	// stack) does not escape: the serial path stays free of allocations.
	plan := *pp
	p := &plan
	n := p.nblocks - first
	// The blocks go to buffers of the caller's worker, whatever goroutine
	// compresses them: it is this call's until the chunk is assembled. As
	// soon as the blocks before it have their place in the chunk, a block
	// gets its own (under mu) from the goroutine that finishes it or its
	// last predecessor, which then copies it there (without mu: the copies
	// of different blocks go on at the same time as each other and as the
	// compression of later blocks). Only the copy of the last blocks is
	// left after them.
	if cap(w.blocks) < n {
		w.blocks = append(w.blocks[:cap(w.blocks)], make([][]byte, n-cap(w.blocks))...)
		w.braws = append(w.braws[:cap(w.braws)], make([][]rawCopy, len(w.blocks)-cap(w.braws))...)
		w.zeros = make([]bool, len(w.blocks))
		w.ready = make([]bool, len(w.blocks))
		w.at = make([]int, len(w.blocks))
	}
	blocks, zeros, ready, at, braws := w.blocks[:n], w.zeros[:n], w.ready[:n], w.at[:n], w.braws[:n]
	clear(ready)
	full := dst[:start+limit] // Compress made room for it
	var mu sync.Mutex
	next, pos := 0, len(dst) // the next block to place and where
	allZero = true
	fits := fanOut(&e.states, w, nw, n, func(ow *encWorker, k int) bool {
		var ok bool
		braws[k] = braws[k][:0]
		blocks[k], zeros[k], ok = e.compressBlock(ow, p, src, first+k, ref, blocks[k][:0], limit, &braws[k])
		if !ok {
			return false
		}
		mu.Lock()
		ready[k] = true
		from := next
		for ; next < n && ready[next]; next++ {
			b := blocks[next]
			if pos+len(b) > len(full) {
				mu.Unlock()
				return false // larger than the input: memcpyed
			}
			at[next] = pos
			pos += len(b)
			allZero = allZero && zeros[next]
		}
		to := next
		mu.Unlock()
		for i := from; i < to; i++ {
			le32put(full[bstartsAt+4*(first+i):], at[i]-start)
			// The block but its streams stored as is (their room only).
			b, o := blocks[i], 0
			for _, r := range braws[i] {
				copy(full[at[i]+o:], b[o:r.at])
				o = r.at + r.n
			}
			copy(full[at[i]+o:], b[o:])
		}
		return true
	})
	if !fits {
		return dst, false, false
	}
	dst = full[:pos]
	// The chunk fits: now the streams stored as is, on nw goroutines when
	// there are many.
	w.raws = w.raws[:0]
	rawBytes := 0
	for i := range braws {
		for _, r := range braws[i] {
			r.at += at[i]
			w.raws = append(w.raws, r)
			rawBytes += r.n
		}
	}
	raws := w.raws
	if rawBytes < encParallelMin || len(raws) < 2 {
		for _, r := range raws {
			copy(dst[r.at:r.at+r.n], src[r.from:r.from+r.n])
		}
	} else {
		fanOut(&e.states, w, min(nw, len(raws)), len(raws), func(_ *encWorker, k int) bool {
			r := raws[k]
			copy(dst[r.at:r.at+r.n], src[r.from:r.from+r.n])
			return true
		})
	}
	return dst, allZero, true
}

// decodedBlock0 returns block 0 as a decoder will see it, given its
// compressed form: needed by DELTA when a lossy filter makes it differ
// from the input.
func (e *Encoder) decodedBlock0(p *encPlan, block []byte) ([]byte, error) {
	q := *p
	q.nbytes, q.nblocks, q.leftover = p.blocksize, 1, 0
	dict := p.dict
	pre := e.hlen + 4
	if dict != nil {
		pre += 4 + len(dict)
	}
	h := e.header(&q, true, false, dict != nil, pre+len(block))
	mini := h.Append(make([]byte, 0, int(h.Cbytes)))
	var n [4]byte
	le32put(n[:], pre)
	mini = append(mini, n[:]...)
	if dict != nil {
		le32put(n[:], len(dict))
		mini = append(mini, n[:]...)
		mini = append(mini, dict...)
	}
	mini = append(mini, block...)
	out, err := Decompress(nil, mini)
	if err != nil {
		return nil, errors.New("blosc: internal error: cannot decode block 0 for DELTA: " + err.Error())
	}
	return out, nil
}
