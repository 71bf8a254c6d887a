package blosc

import (
	"encoding/binary"

	"github.com/blosc2go/blosc2/shuffle"
)

// applyFilter runs filter slot i forward over src (a block of the input or
// the output of the previous filter) into dst, which has len(src) bytes.
// ref is the decoded block 0 for DELTA on the other blocks (nil for block 0).
// Bytes past the last whole element are copied unchanged by every filter.
func (o *Options) applyFilter(i int, dst, src, ref []byte) {
	ts := o.Typesize
	meta := o.FiltersMeta[i]
	switch o.Filters[i] {
	case Shuffle:
		g := ts
		if meta != 0 {
			g = int(meta)
		}
		shuffle.Shuffle(dst, src, g)
	case BitShuffle:
		if o.Format == FormatBlosc1 && (len(src)/ts)%8 != 0 {
			// C-Blosc 1.x leaves such blocks as they are.
			copy(dst, src)
			return
		}
		shuffle.BitShuffle(dst, src, ts)
	case Delta:
		deltaEncode(dst, src, ref, ts)
	case TruncPrec:
		if ts == 4 {
			zeroed, _ := truncMaskBits(int8(meta), 23)
			maskWords32(dst, src, ^uint32(0)<<zeroed)
		} else {
			zeroed, _ := truncMaskBits(int8(meta), 52)
			maskWords64(dst, src, ^uint64(0)<<zeroed)
		}
	case IntTrunc:
		zeroed, _ := truncMaskBits(int8(meta), 8*ts)
		switch ts {
		case 1:
			m := byte(0xFF) << zeroed
			for k, v := range src {
				dst[k] = v & m
			}
		case 2:
			m := uint16(0xFFFF) << zeroed
			n := len(src) &^ 1
			for k := 0; k < n; k += 2 {
				binary.LittleEndian.PutUint16(dst[k:], binary.LittleEndian.Uint16(src[k:])&m)
			}
			copy(dst[n:], src[n:])
		case 4:
			maskWords32(dst, src, ^uint32(0)<<zeroed)
		default:
			maskWords64(dst, src, ^uint64(0)<<zeroed)
		}
	case ByteDelta:
		byteDeltaEncode(dst, src, int(meta))
	}
}

func maskWords32(dst, src []byte, m uint32) {
	n := len(src) &^ 3
	for k := 0; k < n; k += 4 {
		binary.LittleEndian.PutUint32(dst[k:], binary.LittleEndian.Uint32(src[k:])&m)
	}
	copy(dst[n:], src[n:])
}

func maskWords64(dst, src []byte, m uint64) {
	n := len(src) &^ 7
	for k := 0; k < n; k += 8 {
		binary.LittleEndian.PutUint64(dst[k:], binary.LittleEndian.Uint64(src[k:])&m)
	}
	copy(dst[n:], src[n:])
}

// deltaEncode is DELTA forward: for block 0 (ref nil) every word is XORed
// with the word before it, for the others with the word at the same
// position of ref. The width is deltaWord(typesize); the trailing bytes
// that do not fill a word are copied (C-Blosc2 leaves them unwritten).
func deltaEncode(dst, src, ref []byte, typesize int) {
	w := deltaWord(typesize)
	n := len(src) - len(src)%w
	copy(dst[n:], src[n:])
	if ref == nil {
		if n == 0 {
			return
		}
		copy(dst[:w], src[:w])
		k := w
		for ; k+8 <= n; k += 8 {
			// Every output byte depends on src only, so eight at a time
			// give the same bytes whatever the word width.
			binary.LittleEndian.PutUint64(dst[k:], binary.LittleEndian.Uint64(src[k:])^binary.LittleEndian.Uint64(src[k-w:]))
		}
		for ; k < n; k++ {
			dst[k] = src[k] ^ src[k-w]
		}
		return
	}
	k := 0
	for ; k+8 <= n; k += 8 {
		binary.LittleEndian.PutUint64(dst[k:], binary.LittleEndian.Uint64(src[k:])^binary.LittleEndian.Uint64(ref[k:]))
	}
	for ; k < n; k++ {
		dst[k] = src[k] ^ ref[k]
	}
}

// byteDeltaEncode is BYTEDELTA forward (filter 35): the block is typesize
// streams of len/typesize bytes (as left by SHUFFLE), each replaced by the
// differences of consecutive bytes; the len % typesize trailing bytes are
// copied.
func byteDeltaEncode(dst, src []byte, typesize int) {
	slen := len(src) / typesize
	for ch := 0; ch < typesize; ch++ {
		in := src[ch*slen : (ch+1)*slen]
		out := dst[ch*slen : (ch+1)*slen]
		var prev byte
		for k, v := range in {
			out[k] = v - prev
			prev = v
		}
	}
	tail := slen * typesize
	copy(dst[tail:len(src)], src[tail:])
}
