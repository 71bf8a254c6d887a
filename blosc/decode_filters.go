package blosc

import (
	"encoding/binary"
	"strconv"

	"github.com/blosc2go/blosc2/shuffle"
)

// undoFilters runs the filter pipeline backwards over the decoded streams
// of block j (in stage) and leaves the result in out. Filters that move
// bytes alternate between the worker's scratch buffers, the last one writes
// to out; DELTA works in place.
func (w *worker) undoFilters(p *plan, j int, out, ref, stage []byte, base int) error {
	bsize := len(out)
	cur := stage
	curIdx := 0
	moved := 0
	for i := 0; i < p.nsteps; i++ {
		st := p.steps[i]
		if st.f == Delta {
			if j > 0 && len(ref) < bsize {
				return corrupt(int64(base), "DELTA block "+strconv.Itoa(j)+" longer than block 0")
			}
			if j == 0 {
				ref = nil
			}
			deltaDecode(cur, ref, p.typesize)
			continue
		}
		moved++
		var dst []byte
		if moved == p.nmove {
			dst = out
		} else {
			dst = w.buf(1-curIdx, bsize)
		}
		switch st.f {
		case Shuffle:
			ts := p.typesize
			if st.meta != 0 {
				ts = int(st.meta)
			}
			shuffle.Unshuffle(dst, cur, ts)
		case BitShuffle:
			bitUnshuffle(dst, cur, p.typesize, p.h.Version)
		case ByteDelta, ByteDeltaBuggy:
			ts := p.typesize
			if st.meta != 0 {
				ts = int(st.meta)
			}
			byteDeltaDecode(dst, cur, ts, st.f == ByteDeltaBuggy)
		default:
			return unsupportedFilter(st.f)
		}
		cur = dst
		curIdx = 1 - curIdx
	}
	return nil
}

// bitUnshuffle undoes BITSHUFFLE. Chunks of format version 2 (C-Blosc 1.x)
// transpose a block only when its number of elements is a multiple of 8 and
// leave it as is otherwise; later versions transpose the largest multiple
// of 8 elements and copy the rest.
func bitUnshuffle(dst, src []byte, typesize int, version uint8) {
	if version == VersionBlosc1 && (len(src)/typesize)%8 != 0 {
		copy(dst, src)
		return
	}
	shuffle.BitUnshuffle(dst, src, typesize)
}

// deltaDecode undoes DELTA in place. For block 0 (ref nil) each word was
// XORed with the word before it; for the other blocks with the word at the
// same position of the decoded block 0. Only whole words are touched: the
// len(b) % word trailing bytes stay as stored, as in C-Blosc2.
func deltaDecode(b, ref []byte, typesize int) {
	w := deltaWord(typesize)
	n := len(b) - len(b)%w
	if ref == nil {
		switch w {
		case 8:
			for i := 8; i < n; i += 8 {
				binary.LittleEndian.PutUint64(b[i:], binary.LittleEndian.Uint64(b[i:])^binary.LittleEndian.Uint64(b[i-8:]))
			}
		case 4:
			for i := 4; i < n; i += 4 {
				binary.LittleEndian.PutUint32(b[i:], binary.LittleEndian.Uint32(b[i:])^binary.LittleEndian.Uint32(b[i-4:]))
			}
		default:
			for i := w; i < n; i++ {
				b[i] ^= b[i-w]
			}
		}
		return
	}
	ref = ref[:n]
	b = b[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		binary.LittleEndian.PutUint64(b[i:], binary.LittleEndian.Uint64(b[i:])^binary.LittleEndian.Uint64(ref[i:]))
	}
	for ; i < n; i++ {
		b[i] ^= ref[i]
	}
}

// byteDeltaDecode undoes BYTEDELTA: src holds typesize streams of
// len/typesize bytes, each a byte-wise delta; dst gets their running sums.
// The len % typesize trailing bytes are copied (C-Blosc2 3.3.2 and later;
// earlier versions did not write them at all). The buggy filter (ID 34)
// restarts the running sum after the last whole group of 16 bytes of each
// stream, as its SIMD encoder did.
func byteDeltaDecode(dst, src []byte, typesize int, buggy bool) {
	slen := len(src) / typesize
	for ch := 0; ch < typesize; ch++ {
		in := src[ch*slen : (ch+1)*slen]
		out := dst[ch*slen : (ch+1)*slen]
		var acc byte
		restart := -1
		if buggy {
			restart = slen - slen%16
		}
		for i, v := range in {
			if i == restart {
				acc = 0
			}
			acc += v
			out[i] = acc
		}
	}
	tail := slen * typesize
	copy(dst[tail:len(src)], src[tail:])
}
