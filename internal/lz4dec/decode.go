package lz4dec

import "encoding/binary"

// minMatch is the shortest match of the LZ4 format: the 4 bits of a token
// count from it.
const minMatch = 4

// step16 gives, for a match offset below 16, the smallest multiple of the
// offset that is at least 16: once 16 bytes of such a match are written,
// the rest repeats what lies step16[off] bytes back, so it can be copied 16
// bytes at a time without reading bytes not yet written.
var step16 = [16]int{0, 16, 16, 18, 16, 20, 18, 21, 16, 18, 20, 22, 24, 26, 28, 30}

// step8 is step16's twin for 8 bytes and offsets below 8.
var step8 = [8]int{0, 8, 8, 9, 8, 10, 12, 14}

// Decompress decodes the LZ4 block src into dst and returns the number of
// bytes written, dst[:n]. dict, which may be nil, holds the bytes that
// precede the output (a dictionary, or earlier output): matches may reach
// up to len(dict) bytes before dst[0]. dst must be long enough for the
// whole decoded block; a block that needs more gives an error, as does any
// malformed block (wrapping ErrCorrupt, with the input offset). Bytes of
// dst past n may be overwritten. dst must not overlap src or dict.
func Decompress(dst, src, dict []byte) (int, error) {
	if len(src) == 0 {
		return 0, nil
	}
	si, di := 0, 0
	for si < len(src) {
		if useFast && len(src)-si > fastMargin && len(dst)-di > fastMargin {
			// The assembly loop decodes the sequences that need no check
			// beyond its margins and leaves the rest to the code below,
			// one sequence at a time.
			if si, di = decodeFast(dst, src, si, di); si >= len(src) {
				break
			}
		}
		at := si
		tok := int(src[si])
		si++

		// Literals.
		if lit := tok >> 4; lit != 0 {
			if lit == 15 {
				for {
					if si >= len(src) {
						return di, corrupt(at, errLiteralLen)
					}
					x := int(src[si])
					si++
					lit += x
					if lit > len(src) {
						return di, corrupt(at, errLiteralLen)
					}
					if x != 255 {
						break
					}
				}
			}
			if lit <= 32 && len(src)-si >= 32 && len(dst)-di >= 32 {
				*(*[16]byte)(dst[di:]) = *(*[16]byte)(src[si:])
				*(*[16]byte)(dst[di+16:]) = *(*[16]byte)(src[si+16:])
			} else if lit <= 256 && len(src)-si >= lit+16 && len(dst)-di >= lit+16 {
				for n := 0; n < lit; n += 16 {
					*(*[16]byte)(dst[di+n:]) = *(*[16]byte)(src[si+n:])
				}
			} else {
				if lit > len(src)-si {
					return di, corrupt(at, errLiteralLen)
				}
				if lit > len(dst)-di {
					return di, corrupt(at, errLiteralOut)
				}
				copy(dst[di:di+lit], src[si:si+lit])
			}
			si += lit
			di += lit
		}

		// Match: offset, then the length.
		if len(src)-si < 2 {
			if si == len(src) {
				if tok&15 == 0 {
					return di, nil // the last sequence: literals only
				}
				return di, corrupt(at, errTrailingMatch)
			}
			return di, corrupt(si, errOffsetCut)
		}
		off := int(src[si]) | int(src[si+1])<<8
		if off == 0 {
			return di, corrupt(si, errOffsetZero)
		}
		si += 2
		ml := tok&15 + minMatch
		if ml == 15+minMatch {
			for {
				if si >= len(src) {
					return di, corrupt(si, errMatchLenCut)
				}
				x := int(src[si])
				si++
				ml += x
				if ml > len(dst) {
					return di, corrupt(at, errMatchLen)
				}
				if x != 255 {
					break
				}
			}
		}
		if ml > len(dst)-di {
			return di, corrupt(at, errMatchLen)
		}
		m := di - off
		if m < 0 {
			if off-di > len(dict) {
				return di, corrupt(at, errBeforeStart)
			}
			di = dictMatch(dst, dict, di, off, ml)
			continue
		}

		if len(dst)-di-ml < 16 {
			// No room for copies past the end of the match.
			copyMatch(dst, di, m, ml)
		} else if off >= 16 {
			if ml > 48 && off >= ml {
				copy(dst[di:di+ml], dst[m:m+ml])
			} else {
				// Each 16-byte piece ends at least 16 bytes back, so it
				// has been written before it is read.
				for n := 0; n < ml; n += 16 {
					*(*[16]byte)(dst[di+n:]) = *(*[16]byte)(dst[m+n:])
				}
			}
		} else {
			// A short distance: build the first 16 bytes of the repeated
			// pattern, then copy 16 bytes at a time from a whole number of
			// periods back.
			if off >= 8 {
				*(*[8]byte)(dst[di:]) = *(*[8]byte)(dst[m:])
				*(*[8]byte)(dst[di+8:]) = *(*[8]byte)(dst[m+8:])
			} else {
				// The off bytes of the pattern, doubled until they fill 8
				// bytes (shifts of 64 bits or more give 0).
				w := binary.LittleEndian.Uint64(dst[m:]) & (1<<(8*off) - 1)
				w |= w << (8 * off)
				w |= w << (16 * off)
				w |= w << (32 * off)
				binary.LittleEndian.PutUint64(dst[di:], w)
				// The next 8 bytes repeat those a whole number of periods
				// (at least 8 bytes) back.
				*(*[8]byte)(dst[di+8:]) = *(*[8]byte)(dst[di+8-step8[off]:])
			}
			s := step16[off]
			for n := 16; n < ml; n += 16 {
				*(*[16]byte)(dst[di+n:]) = *(*[16]byte)(dst[di+n-s:])
			}
		}
		di += ml
	}
	return di, nil
}

// copyMatch copies the match of ml bytes at dst[m:] to dst[di:] (m < di)
// writing nothing past dst[di+ml-1]. Where they overlap, the pattern of
// di-m bytes is doubled until the match is full: each copy reads only bytes
// already written.
func copyMatch(dst []byte, di, m, ml int) {
	if di-m >= ml {
		copy(dst[di:di+ml], dst[m:m+ml])
		return
	}
	p := dst[m : di+ml]
	for n := di - m; n < len(p); {
		n += copy(p[n:], p[:n])
	}
}

// dictMatch copies a match that starts off-di bytes before the output, in
// the dictionary (which the caller checked is long enough), and returns the
// new output position.
func dictMatch(dst, dict []byte, di, off, ml int) int {
	n := copy(dst[di:di+ml], dict[len(dict)-(off-di):])
	di += n
	if ml -= n; ml > 0 {
		// The rest continues at dst[0]: the match overlaps the output.
		copyMatch(dst, di, di-off, ml)
		di += ml
	}
	return di
}
