package blosc

import (
	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/klauspost/compress/zstd"
)

// zstdDictMagic starts a zstd dictionary in zstd's format (with entropy
// tables and an ID); other dictionaries are raw content.
const zstdDictMagic = izstd.DictMagic

// zstdOwnMaxClevel is the highest clevel encoded by our encoder
// (internal/zstd) at every clevel, with zstd's strategy for the stream's
// zstd level and size: fast, dfast, greedy, lazy, lazy2 (clevels 1-5),
// btlazy2 or btopt (6-7), btopt or btultra (8: zstd level 15), btultra2
// (9). It gives C-Blosc2's sizes (within 0.1% on the reference datasets at
// clevels up to 5; 0.9988-1.0006x at clevel 6 on 64 KiB-1 MiB chunks; the
// corpus's Zstd chunks within 1% in total, TestCompressCorpusSizes).
const zstdOwnMaxClevel = 9

// zstdCompress compresses src into dst as one zstd frame and returns its
// size, or 0 when it does not fit in len(dst) bytes. It may write anywhere
// in dst[:cap(dst)]. blk is zstdPlaneBlock's block size when src is a
// shuffled block in one stream, else 0 (used by klauspost's path only).
// dict is the chunk's dictionary (nil: none).
func (e *Encoder) zstdCompress(w *encWorker, dst, src []byte, blk int, dict []byte) int {
	if e.opts.Clevel <= zstdOwnMaxClevel {
		return e.zstdCompressOwn(w, dst, src, dict)
	}
	return e.zstdCompressKlauspost(w, dst, src, blk)
}

// zstdCLevel is the zstd level C-Blosc2 passes for a Blosc clevel
// (zstd_wrap_compress in blosc/blosc2.c): 2*clevel-1 below 9, and zstd's
// maximum, 22, for 9. C-Blosc2 then sets level 8 to the maximum less 2,
// but it tests the level already mapped, which is odd and never 8: clevel
// 8 is zstd level 15. Our encoder (internal/zstd) picks its match finder
// from zstd's parameter table for that level and the stream's size:
// clevel 1 is "fast", 2 "dfast", 3 "greedy", 4-5 "lazy2", 6-7 "btlazy2",
// 8 "btopt" or "btultra", 9 "btultra2".
func zstdCLevel(clevel int) int {
	if clevel >= 9 {
		return izstd.MaxLevel
	}
	return max(2*clevel-1, izstd.MinLevel)
}

// zstdState is one goroutine's zstd encoder: its match tables and entropy
// scratch, sized to the largest stream seen, and the parsed dictionary.
type zstdState struct {
	enc     *izstd.Encoder
	dictSrc []byte // the Options.Dict that dict was made of (kept alive: its address identifies it)
	dict    *izstd.Dict
	out     []byte // the frame, when dst is too small to hold any frame
}

// zstdStates keeps idle zstdStates for the next streams of any Encoder, in
// the stash that also keeps the Encoders' and Decoders' worker states: up to
// zstdStatesMax of them survive garbage collections, which happen often
// while chunks are compressed (rebuilding an encoder's tables costs more than
// compressing a block); states beyond that go to the stash's sync.Pool.
var zstdStates = stash[*zstdState]{
	keep:  zstdStatesMax,
	fresh: func() *zstdState { return &zstdState{enc: izstd.NewEncoder(1)} },
}

const zstdStatesMax = 32

func getZstdState() *zstdState { return zstdStates.get() }

func putZstdState(s *zstdState) { zstdStates.put(s) }

// setDict makes the state's encoder use dictionary d (nil: none). d is an
// Encoder's Options.Dict, already checked by zstdOptions, which never
// changes, or a dictionary trained for a chunk (raw content, which NewDict
// does not copy or parse): the dictionary parsed last is reused while d is
// the same slice.
func (s *zstdState) setDict(d []byte) {
	switch {
	case d == nil:
		s.enc.SetDict(nil)
		return
	case len(s.dictSrc) != len(d) || &s.dictSrc[0] != &d[0]:
		dict, err := izstd.NewDict(d)
		if err != nil {
			dict = izstd.NewRawDict(0, d) // unreachable: zstdOptions checked it
		}
		s.dictSrc, s.dict = d, dict
	}
	s.enc.SetDict(s.dict)
}

// zstdCompressOwn compresses src into dst as one zstd frame with our
// encoder at C-Blosc2's zstd level for the Encoder's clevel, with
// dictionary dict (nil: none), and returns its size, or 0 when it does not
// fit in len(dst) bytes. It may write anywhere in dst[:cap(dst)].
//
// A worker of an Encoder that keeps its workers (not those of Compress's
// cache, whose workers live in a sync.Pool only) keeps the state it took
// first: its tables then stay in the cache of the core that runs it,
// where states passed from worker to worker through zstdStates (w nil or
// not kept) have each block's goroutine refetch the tables another core
// wrote.
func (e *Encoder) zstdCompressOwn(w *encWorker, dst, src, dict []byte) int {
	var s *zstdState
	if w != nil && e.states.keep > 0 {
		if w.zown == nil {
			w.zown = getZstdState()
		}
		s = w.zown
	} else {
		s = getZstdState()
		defer putZstdState(s)
	}
	s.enc.SetLevel(zstdCLevel(e.opts.Clevel))
	s.setDict(dict)
	// EncodeAll appends: give it a buffer it cannot outgrow (raw blocks
	// cost 3 bytes per 128 KiB, after a frame header of at most 18 bytes).
	bound := len(src) + len(src)>>10 + 32
	var out []byte
	if cap(dst) >= bound {
		out = s.enc.EncodeAll(dst[:0], src)
	} else {
		if cap(s.out) < bound {
			s.out = make([]byte, 0, bound)
		}
		out = s.enc.EncodeAll(s.out[:0], src)
		s.out = out[:0]
	}
	if len(out) > len(dst) {
		return 0
	}
	if len(out) > 0 && &out[0] != &dst[0] {
		copy(dst, out)
	}
	return len(out)
}

// zstdCompressKlauspost compresses src into dst as one zstd frame with
// klauspost/compress's encoder (clevels above zstdOwnMaxClevel, and
// the streams of zstd's optimal parsers up to it) and
// returns its size, or 0 when it does not fit in len(dst) bytes. It may write anywhere
// in dst[:cap(dst)]. blk is zstdPlaneBlock's block size when src is a
// shuffled block in one stream, else 0.
//
// A shuffled stream is compressed in zstd blocks of blk bytes, a plane or
// less. klauspost/compress cuts frames into blocks of 128 KiB, stores a
// block raw when its literals are nearly all of it, and skips faster and
// faster through data where it finds no matches: in a block that holds a
// plane of noise (the low bytes of integers, float mantissas) and then
// compressible planes, it finds little or nothing. On shuffled
// i32_ramp_noise in 256 KiB blocks, plane blocks take SpeedDefault from
// ratio 2.0 to 3.2 (C's zstd at level 9: 3.3). A block has headers and
// tables of its own, though, which weigh on streams that compress very
// well: those (ratio above zstdPlaneRetry) are compressed again with the
// default blocks and level, and the smaller frame is kept. Streams of
// noise keep the default blocks, which are faster.
//
// The literals of a stream of noise are stored without entropy coding. A
// Huffman table for near-uniform bytes saves less than zstd's minimum gain
// of 1/64 (looksRandom's bound allows about 0.6%), so zstd stores such
// literals raw after building the table. Skipping that work cuts the time
// spent on noise (the low planes of floats and integers, random data) to
// a third or a half and leaves the frame as it was. Matches are still
// looked for.
func (e *Encoder) zstdCompressKlauspost(w *encWorker, dst, src []byte, blk int) int {
	dictLen := len(e.opts.Dict)
	noise := looksRandom(src)
	if blk >= len(src) || blk > 0 && noise {
		blk = 0 // one block, or every plane is noise: no use for smaller blocks
	}
	lvl := e.zstdLevel
	if blk > 0 {
		lvl = e.zstdPlane
	}
	out := w.zstdEncode(e.zstdOpts, lvl, dst, &w.zout.b, src, blk, dictLen, noise)
	if blk > 0 && out != nil && len(out)*zstdPlaneRetry < len(src) {
		alt := w.zstdEncode(e.zstdOpts, e.zstdLevel, nil, &w.zalt, src, 0, dictLen, false)
		if alt != nil && len(alt) < len(out) {
			out = alt
		}
	}
	if out == nil || len(out) > len(dst) {
		return 0
	}
	if len(dst) > 0 && &out[0] != &dst[0] {
		copy(dst, out)
	}
	return len(out)
}

// zstdPlaneLevel is the zstd level for shuffled streams in plane blocks:
// zstdLevel's, except SpeedFastest at clevel 1. With plane blocks,
// SpeedFastest is within 2% of C's zstd level 1 in size on the reference
// datasets (f64_smooth, i32_ramp_noise) and about as fast; SpeedDefault
// compresses 3% more at half the speed.
func zstdPlaneLevel(clevel int) zstd.EncoderLevel {
	if clevel <= 1 {
		return zstd.SpeedFastest
	}
	return zstdLevel(clevel)
}

// zstdPlaneRetry is the compression ratio of a frame in plane blocks
// above which the default blocks are tried too. Measured on the corpus of
// C-Blosc2 chunks (TestCompressCorpusSizes): plane blocks lost on
// bitshuffled chunks with ratios of 35 to 500, and won below 5.
const zstdPlaneRetry = 16

// zstdEncode compresses src at level lvl with zstd blocks of blk bytes
// (0: the library's default) and returns the frame, which is in dst when its
// capacity allows (no copy), else in *scratch, or nil if zstd refused the
// options.
func (w *encWorker) zstdEncode(opts []zstd.EOption, lvl zstd.EncoderLevel, dst []byte, scratch *[]byte, src []byte, blk, dictLen int, rawLit bool) []byte {
	enc := w.zstdFor(opts, lvl, len(src), blk, dictLen, rawLit)
	if enc == nil {
		return nil
	}
	// EncodeAll appends: give it a buffer it cannot outgrow (zstd stores
	// incompressible data in raw blocks of 3 bytes overhead per block of
	// at least 1 KiB, after a frame header of at most 18 bytes).
	bound := len(src) + len(src)>>7 + 1024
	if cap(dst) >= bound {
		return enc.EncodeAll(src, dst[:0])
	}
	if cap(*scratch) < bound {
		*scratch = make([]byte, 0, bound)
	}
	out := enc.EncodeAll(src, (*scratch)[:0])
	*scratch = out[:0]
	return out
}

// zstdWindow returns the window size for zstd streams of up to n bytes
// with a dictionary of dictLen bytes: the smallest power of two holding
// both, within zstd.MinWindowSize..zstd.MaxWindowSize. Every match
// offset within the stream and into the dictionary fits in it, so the
// output is that of the library's default 8 MiB window (the frame is a
// single segment either way, its header holds no window size), while the
// history buffer a zstd encoder allocates is the window size, not 8 or 16
// MiB.
func zstdWindow(n, dictLen int) int {
	need := n + dictLen
	w := zstd.MinWindowSize
	for w < need && w < zstd.MaxWindowSize {
		w <<= 1
	}
	return w
}

// zstdPlaneBlock returns the zstd block size for a stream of n bytes made
// of planes byte planes of equal length (a shuffled block that is not
// split into streams): the largest power of two no longer than a plane,
// at least zstd.MinWindowSize. It returns 0 (the library's default of
// min(window, 128 KiB)) when that would not cut the stream into smaller
// blocks, when the stream has one plane, or with a dictionary.
func zstdPlaneBlock(n, planes, dictLen int) int {
	if planes <= 1 || dictLen > 0 {
		return 0
	}
	b := zstd.MinWindowSize
	for b*2 <= n/planes && b < zstd.MaxWindowSize {
		b <<= 1
	}
	if b >= n || b >= 128<<10 {
		return 0
	}
	return b
}

// zstdFor returns a zstd encoder of the worker for streams of n bytes at
// level lvl in zstd blocks of blk bytes (0: the default): one with these
// whose window holds the stream and the dictionary (all such encoders
// give the same bytes). A worker keeps three encoders (plane blocks, the
// default blocks, raw literals for noise) and replaces them in turn. It
// returns nil if zstd refuses the options, which NewEncoder checked.
func (w *encWorker) zstdFor(opts []zstd.EOption, lvl zstd.EncoderLevel, n, blk, dictLen int, rawLit bool) *zstd.Encoder {
	win := zstdWindow(n, dictLen)
	for _, z := range w.zstd {
		if z.enc != nil && z.lvl == lvl && z.blk == blk && z.win >= win && z.rawLit == rawLit {
			return z.enc
		}
	}
	opts = append(opts[:len(opts):len(opts)], zstd.WithEncoderLevel(lvl))
	if rawLit {
		opts = append(opts, zstd.WithNoEntropyCompression(true), zstd.WithAllLitEntropyCompression(false))
	}
	if blk > 0 {
		// klauspost/compress has no block size option: a window smaller
		// than the block size sets it, and a second, larger window
		// leaves it as it is.
		opts = append(opts, zstd.WithWindowSize(blk))
	}
	enc, err := zstd.NewWriter(nil, append(opts, zstd.WithWindowSize(win))...)
	if err != nil {
		return nil
	}
	w.zstd[w.zstdNext] = zstdEnc{enc: enc, lvl: lvl, win: win, blk: blk, rawLit: rawLit}
	w.zstdNext = (w.zstdNext + 1) % len(w.zstd)
	return enc
}

// zstdFrameBlocks is the number of blocks of the zstd frame f, for tests.
func zstdFrameBlocks(f []byte) int {
	h, err := izstd.ReadFrameHeader(f)
	if err != nil {
		return 0
	}
	n := 0
	for pos := h.HeaderSize; pos+3 <= len(f); n++ {
		bh := uint32(f[pos]) | uint32(f[pos+1])<<8 | uint32(f[pos+2])<<16
		size := int(bh >> 3)
		if (bh>>1)&3 == 1 {
			size = 1
		}
		if bh&1 != 0 {
			return n + 1
		}
		pos += 3 + size
	}
	return n
}

// looksRandom reports whether the bytes of b look uniformly distributed:
// a sample of 4 runs of 512 bytes spread over b (all of b when shorter)
// passes a chi-square test against the uniform distribution. A first run
// far from uniform, as most structured streams are, ends the test early.
func looksRandom(b []byte) bool {
	const runs, runLen = 4, 512
	if len(b) < 1024 {
		return false
	}
	// Four histograms, so that runs of one byte value do not wait on
	// their own increments.
	var hist [4][256]uint32
	count := func(p []byte) {
		i := 0
		for ; i+4 <= len(p); i += 4 {
			hist[0][p[i]]++
			hist[1][p[i+1]]++
			hist[2][p[i+2]]++
			hist[3][p[i+3]]++
		}
		for ; i < len(p); i++ {
			hist[0][p[i]]++
		}
	}
	// chi2 is the statistic over the n bytes counted so far, divided by the
	// expected count. It has 255 degrees of freedom: 255 +- 23 for random
	// bytes (+- 25 with the 2 bytes per value expected in one run).
	chi2 := func(n int) float64 {
		exp := float64(n) / 256
		chi := 0.0
		for v := range hist[0] {
			d := float64(hist[0][v]+hist[1][v]+hist[2][v]+hist[3][v]) - exp
			chi += d * d
		}
		return chi / exp
	}
	n := len(b)
	if n <= runs*runLen {
		count(b)
	} else {
		step := n / runs
		count(b[:runLen])
		if chi2(runLen) > 1000 {
			return false
		}
		for i := 1; i < runs; i++ {
			count(b[i*step : i*step+runLen])
		}
		n = runs * runLen
	}
	// The bound leaves room for slightly skewed noise.
	return chi2(n) < 400
}
