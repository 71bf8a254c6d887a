package blosc

import izstd "github.com/blosc2go/blosc2/internal/zstd"

// zstdDictMagic starts a zstd dictionary in zstd's format (with entropy
// tables and an ID); other dictionaries are raw content.
const zstdDictMagic = izstd.DictMagic

// zstdCompress compresses src into dst as one zstd frame with our encoder
// (internal/zstd) and returns its size, or 0 when it does not fit in
// len(dst) bytes. It may write anywhere in dst[:cap(dst)]. dict is the
// chunk's dictionary (nil: none). Every clevel runs zstd's strategy for
// the stream's zstd level and size: fast, dfast, greedy, lazy, lazy2
// (clevels 1-5), btlazy2 or btopt (6-7), btopt or btultra (8, zstd level
// 15), btultra2 (9). The frames are C-Blosc2's sizes (within 0.1% on the
// reference datasets at clevels up to 5, 0.9988-1.0006x at clevel 6 on
// 64 KiB-1 MiB chunks; the corpus's Zstd chunks within 1% in total,
// TestCompressCorpusSizes).
func (e *Encoder) zstdCompress(w *encWorker, dst, src, dict []byte) int {
	return e.zstdCompressOwn(w, dst, src, dict)
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
