package blosc

import (
	"sync"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/klauspost/compress/zstd"
)

// zstdDictMagic starts a zstd dictionary in zstd's format (with entropy
// tables and an ID); other dictionaries are raw content.
const zstdDictMagic = izstd.DictMagic

// zstdCLevel is the zstd level C-Blosc2 passes for a Blosc clevel
// (zstd_wrap_compress in blosc/blosc2.c): 2*clevel-1, with 20 for 8 and
// zstd's maximum, 22, for 9. Our encoder (internal/zstd) picks its match
// finder from zstd's parameter table for that level and the stream's
// size: clevel 1 is "fast", 2 "dfast", 3 "greedy", 4-5 "lazy2", ...
func zstdCLevel(clevel int) int {
	switch {
	case clevel >= 9:
		return izstd.MaxLevel
	case clevel == 8:
		return izstd.MaxLevel - 2
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

// zstdStates keeps idle zstdStates for the next streams of any Encoder.
// Unlike a sync.Pool it is not emptied by garbage collections, which
// happen often while chunks are compressed: rebuilding an encoder's
// tables costs more than compressing a block. It holds at most
// zstdStatesMax states (a few hundred KiB to a few MiB each).
var zstdStates struct {
	sync.Mutex
	free []*zstdState
}

const zstdStatesMax = 32

func getZstdState() *zstdState {
	zstdStates.Lock()
	defer zstdStates.Unlock()
	if n := len(zstdStates.free); n > 0 {
		s := zstdStates.free[n-1]
		zstdStates.free[n-1] = nil
		zstdStates.free = zstdStates.free[:n-1]
		return s
	}
	return &zstdState{enc: izstd.NewEncoder(1)}
}

func putZstdState(s *zstdState) {
	zstdStates.Lock()
	defer zstdStates.Unlock()
	if len(zstdStates.free) < zstdStatesMax {
		zstdStates.free = append(zstdStates.free, s)
	}
}

// setDict makes the state's encoder use dictionary d (nil: none). d is an
// Encoder's Options.Dict, already checked by zstdOptions, and never
// changes: the dictionary parsed last is reused while d is the same slice.
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

// zstdCompress compresses src into dst as one zstd frame at C-Blosc2's
// zstd level for the Encoder's clevel and returns its size, or 0 when it
// does not fit in len(dst) bytes. It may write anywhere in
// dst[:cap(dst)]. blk is unused: see zstdPlaneBlock.
func (e *Encoder) zstdCompress(w *encWorker, dst, src []byte, blk int) int {
	_, _ = w, blk
	s := getZstdState()
	defer putZstdState(s)
	s.enc.SetLevel(zstdCLevel(e.opts.Clevel))
	s.setDict(e.opts.Dict)
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

// zstdLevel maps a Blosc clevel (1..9) to the level of klauspost/compress's
// zstd encoder that package blosc used before it had its own encoder
// (kept for comparisons in tests and for zstdOptions's check).
func zstdLevel(clevel int) zstd.EncoderLevel {
	switch {
	case clevel <= 2:
		return zstd.SpeedDefault
	case clevel <= 5:
		return zstd.SpeedBetterCompression
	}
	return zstd.SpeedBestCompression
}

// zstdPlaneLevel is zstdLevel's twin for shuffled streams (see zstdLevel).
func zstdPlaneLevel(clevel int) zstd.EncoderLevel {
	if clevel <= 1 {
		return zstd.SpeedFastest
	}
	return zstdLevel(clevel)
}

// zstdWindow returns the smallest power of two holding a stream of n bytes
// and a dictionary of dictLen bytes, within zstd.MinWindowSize..
// zstd.MaxWindowSize: the window klauspost/compress needs for such
// streams (tests measure its memory).
func zstdWindow(n, dictLen int) int {
	need := n + dictLen
	w := zstd.MinWindowSize
	for w < need && w < zstd.MaxWindowSize {
		w <<= 1
	}
	return w
}

// zstdPlaneBlock returns the zstd block size for a shuffled stream of n
// bytes made of planes byte planes: always 0, zstd's own blocks of 128
// KiB. (klauspost/compress's encoder needed blocks of a plane, as it
// skipped through a block that started with a plane of noise; ours
// searches such blocks as zstd does.)
func zstdPlaneBlock(n, planes, dictLen int) int {
	_, _, _ = n, planes, dictLen
	return 0
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
