package lz4enc

import (
	"encoding/binary"
	"math/bits"
)

// load32 and load64 read little-endian words; slicing to the exact length
// costs one bounds check.
func load32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[i : i+4]) }
func load64(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i : i+8]) }

// matchLen returns the length of the common prefix of src[in:limit] and
// src[m:], with m < in <= limit (LZ4_count).
func matchLen(src []byte, in, m, limit int) int {
	a := src[in:limit:limit]
	b := src[m : m+len(a) : m+len(a)]
	i := 0
	for ; i+32 <= len(a); i += 32 {
		x, y := a[i:i+32], b[i:i+32]
		d0 := binary.LittleEndian.Uint64(x) ^ binary.LittleEndian.Uint64(y)
		d1 := binary.LittleEndian.Uint64(x[8:]) ^ binary.LittleEndian.Uint64(y[8:])
		d2 := binary.LittleEndian.Uint64(x[16:]) ^ binary.LittleEndian.Uint64(y[16:])
		d3 := binary.LittleEndian.Uint64(x[24:]) ^ binary.LittleEndian.Uint64(y[24:])
		if d0|d1|d2|d3 != 0 {
			switch {
			case d0 != 0:
				return i + bits.TrailingZeros64(d0)>>3
			case d1 != 0:
				return i + 8 + bits.TrailingZeros64(d1)>>3
			case d2 != 0:
				return i + 16 + bits.TrailingZeros64(d2)>>3
			}
			return i + 24 + bits.TrailingZeros64(d3)>>3
		}
	}
	for ; i+8 <= len(a); i += 8 {
		if d := load64(a, i) ^ load64(b, i); d != 0 {
			return i + bits.TrailingZeros64(d)>>3
		}
	}
	for ; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			break
		}
	}
	return i
}

// putLength writes the bytes extending a literal or match length past its
// token nibble: n/255 bytes of 255, then n%255. It returns the new output
// position.
func putLength(dst []byte, di, n int) int {
	for ; n >= 255; n -= 255 {
		dst[di] = 255
		di++
	}
	dst[di] = byte(n)
	return di + 1
}

// putLiterals writes the literals src[anchor:ip] and their length bytes
// after the token's place dst[di], and returns the token's literal length
// nibble and the output position past the literals, or end = -1 when lz4's
// limitedOutput check fails: room below olimit for the token, the
// literals, their length bytes, an offset, a token and the last literals.
func putLiterals(dst, src []byte, di, anchor, ip, olimit int) (tok byte, end int) {
	litLen := ip - anchor
	di++
	if di+litLen+(2+1+lastLiterals)+litLen/255 > olimit {
		return 0, -1
	}
	if litLen >= runMask {
		tok = runMask << mlBits
		di = putLength(dst, di, litLen-runMask)
	} else {
		tok = byte(litLen << mlBits)
	}
	if litLen <= 16 && anchor+16 <= len(src) && di+16 <= len(dst) {
		// Copy short runs 16 bytes at a time; the bytes past the literals
		// are overwritten by the rest of the block.
		*(*[16]byte)(dst[di : di+16]) = *(*[16]byte)(src[anchor : anchor+16])
	} else {
		copy(dst[di:di+litLen], src[anchor:ip])
	}
	return tok, di + litLen
}

// putLiterals1 is putLiterals for runs of runMask to runMask+254 literals,
// those with one length byte, when dst has room for them at dst[di+2:]:
// it writes the length byte after the token's place dst[di] and the
// literals src[anchor:ip], and returns the output position past them and
// true, or false when putLiterals' limitedOutput check fails. The token's
// literal length nibble is runMask. It is small enough to be inlined.
func putLiterals1(dst, src []byte, di, anchor, ip, olimit int) (end int, ok bool) {
	litLen := ip - anchor
	if di+1+litLen+(2+1+lastLiterals)+litLen/255 > olimit {
		return di, false
	}
	dst[di+1] = byte(litLen - runMask)
	return di + 2 + copy(dst[di+2:di+2+litLen], src[anchor:ip]), true
}

// putMatch writes the token, tok with the nibble of a match of length
// minMatch+ml, at dst[token], then the offset and the match length bytes
// at dst[di:]. It returns the new output position, or -1 when lz4's
// limitedOutput check fails: room below olimit for the length bytes, a
// token and the last literals.
func putMatch(dst []byte, di, token int, tok byte, offset, ml, olimit int) int {
	binary.LittleEndian.PutUint16(dst[di:di+2], uint16(offset))
	di += 2
	if ml < mlMask {
		// lz4's check with (ml+240)/255 = 0.
		if di+(1+lastLiterals) > olimit {
			return -1
		}
		dst[token] = tok | byte(ml)
		return di
	}
	if di+(1+lastLiterals)+(ml+240)/255 > olimit {
		return -1
	}
	dst[token] = tok | mlMask
	return putLength(dst, di, ml-mlMask)
}

// lastLiteralsRun writes the final sequence, the literals src[anchor:]
// without a match, at dst[di:] and returns the block's size, or 0 when
// they do not fit below olimit.
func lastLiteralsRun(dst, src []byte, di, anchor, olimit int) int {
	lastRun := len(src) - anchor
	if di+lastRun+1+(lastRun+255-runMask)/255 > olimit {
		return 0
	}
	if lastRun >= runMask {
		dst[di] = runMask << mlBits
		di = putLength(dst, di+1, lastRun-runMask)
	} else {
		dst[di] = byte(lastRun << mlBits)
		di++
	}
	return di + copy(dst[di:], src[anchor:])
}
