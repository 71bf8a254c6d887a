package lz4enc

import (
	"encoding/binary"
	"math/bits"
)

// position is the type of a match table's entries: uint16 for the byU16
// table (inputs below u16Limit, positions hashed by hash4), uint32 for the
// byU32 table (larger inputs, hash5). Each gets its own compiled copy of
// the generic code below (GC shape stenciling), in which every test of the
// table's kind is a constant (u16 := ^E(0) == 0xffff).
type position interface{ uint16 | uint32 }

// hashAt is the hash of the bytes w at a position (the 8 there,
// little-endian): hash4 of 4 for the byU16 table (u16), hash5 of 5 for the
// byU32 table. It is below the table's size, but indexing wants it masked
// with size-1 for the compiler to drop the bounds check. The generic code
// calls it (and tableSize) with a constant u16 rather than calling generic
// helpers: those would load their dictionaries in its loops.
func hashAt(u16 bool, w uint64) uint32 {
	if u16 {
		return hash4(w)
	}
	return hash5(w)
}

// tableSize is the length of the byU16 table (u16) or of the byU32 table.
func tableSize(u16 bool) int {
	if u16 {
		return table16Size
	}
	return table32Size
}

// compress16Generic is compress16 in Go, on every build the oracle of the
// assembly: LZ4_compress_generic for inputs of minLength to u16Limit-1
// bytes with the byU16 table, cleared by the caller. Every position fits in
// 16 bits and is within the LZ4 window, so no distance check is needed.
func compress16Generic(t *[table16Size]uint16, dst, src []byte, acceleration, olimit int) int {
	return compressGeneric(t[:], dst, src, 0, acceleration, olimit)
}

// compress32Generic is compress32 in Go, on every build the oracle of the
// assembly: LZ4_compress_generic for inputs of u16Limit to MaxInputSize
// bytes with the byU32 table, set up by the caller: cleared, or holding
// positions of a dictionary. The block is src[start:], src[:start] being
// the dictionary (start is 0 without one); the table must hold position
// start. Candidates farther than maxDistance back are skipped.
func compress32Generic(t *[table32Size]uint32, dst, src []byte, start, acceleration, olimit int) int {
	return compressGeneric(t[:], dst, src, start, acceleration, olimit)
}

// compressGeneric is the loop of compress16Generic and compress32Generic
// over the table t of tableSize entries: the block src[start:]
// compressed into dst, or 0 where it needs more than olimit bytes.
func compressGeneric[E position](t []E, dst, src []byte, start, acceleration, olimit int) int {
	// Capacities equal to the lengths let the compiler drop bounds checks.
	dst, src = dst[:len(dst):len(dst)], src[:len(src):len(src)]
	u16 := ^E(0) == 0xffff
	t = t[:tableSize(u16):tableSize(u16)]
	mask := uint32(len(t) - 1)
	var (
		matchLimit     = len(src) - lastLiterals
		mflimitPlusOne = len(src) - mfLimit + 1
		anchor, di     = start, 0
		ip             = start + 1
		match          int
	)
	for {
		ip, match = search(t, src, ip, acceleration)
		if match < 0 {
			return lastLiteralsRun(dst, src, di, anchor, olimit)
		}

		// Extend the match backwards over the literals.
		for ip > anchor && match > 0 && src[ip-1] == src[match-1] {
			ip--
			match--
		}

		// The literals; runs of up to 269 bytes (a length nibble and at
		// most one length byte), the most common, are written here,
		// longer ones by putLiterals. The token at dst[token] is written
		// by putMatch: tok holds its literal length nibble.
		token := di
		var tok byte
		if litLen := ip - anchor; litLen < runMask && anchor+16 <= len(src) && di+17 <= len(dst) {
			if di+1+litLen+(2+1+lastLiterals) > olimit {
				return 0
			}
			tok = byte(litLen << mlBits)
			*(*[16]byte)(dst[di+1 : di+17]) = *(*[16]byte)(src[anchor : anchor+16])
			di += 1 + litLen
		} else if litLen := ip - anchor; litLen >= runMask && litLen < runMask+255 && di+2+litLen <= len(dst) {
			tok = runMask << mlBits
			var ok bool
			if di, ok = putLiterals1(dst, src, di, anchor, ip, olimit); !ok {
				return 0
			}
		} else if tok, di = putLiterals(dst, src, di, anchor, ip, olimit); di < 0 {
			return 0
		}
		for {
			// The match's length past minMatch; one comparison of 8 bytes
			// finds most.
			var ml int
			if in, m := ip+minMatch, match+minMatch; in+8 <= matchLimit {
				if x := load64(src, in) ^ load64(src, m); x != 0 {
					ml = bits.TrailingZeros64(x) >> 3
				} else if in+16 > matchLimit {
					ml = 8 + matchLen(src, in+8, m+8, matchLimit)
				} else if x := load64(src, in+8) ^ load64(src, m+8); x != 0 {
					ml = 8 + bits.TrailingZeros64(x)>>3
				} else {
					ml = 16 + matchLen(src, in+16, m+16, matchLimit)
				}
			} else {
				ml = matchLen(src, in, m, matchLimit)
			}
			if di = putMatch(dst, di, token, tok, ip-match, ml, olimit); di < 0 {
				return 0
			}
			ip += minMatch + ml
			anchor = ip
			if ip >= mflimitPlusOne {
				return lastLiteralsRun(dst, src, di, anchor, olimit)
			}

			// The 8 bytes at ip-2 hold the 5 hashed at ip too.
			w := load64(src, ip-2)
			t[hashAt(u16, w)&mask] = E(ip - 2)

			// A match right at ip follows without literals.
			v := w >> 16
			h := hashAt(u16, v) & mask
			match = int(t[h])
			t[h] = E(ip)
			if !u16 && match+maxDistance < ip || load32(src, match) != uint32(v) {
				break
			}
			token, tok = di, 0
			di++
		}

		ip++
	}
}

// search looks for a match from position ip on, stepping faster as misses
// accumulate, and enters each position it tries in the table t (of
// tableSize entries, holding positions below ip). It returns the
// match's position and that of its earlier occurrence, or match = -1 when
// no match starts before len(src)-mfLimit. Candidates farther than
// maxDistance back are skipped (byU32; byU16 positions are all within).
func search[E position](t []E, src []byte, ip, acceleration int) (pos, match int) {
	src = src[:len(src):len(src)] // one register for len and cap
	u16 := ^E(0) == 0xffff
	tab := t[:tableSize(u16):tableSize(u16)]
	mask := uint32(len(tab) - 1)
	var (
		// Positions a and b take turns as the one tried and the next one,
		// with the 4 bytes there (va, vb) and, for byU32, their hash5 (ha,
		// hb), taken as soon as the bytes are loaded; byU16 hashes the 4
		// bytes when it uses them (as LZ4's search does): fewer values
		// carried round the loop.
		a             = ip
		w             = load64(src, a)
		va            = uint32(w)
		ha            = hash5(w)
		b             int
		vb, hb        uint32
		step          = 1
		searchMatchNb = acceleration << skipTrigger
	)
	// The loop is unrolled twice to save copying the position, bytes and
	// hash from next to current.
	for {
		b = a + step
		step = searchMatchNb >> skipTrigger
		searchMatchNb++
		// This form of b > len(src)-mfLimit spares the bounds checks of
		// the load at b.
		if b > len(src)-mfLimit+1 || b < 0 {
			return a, -1
		}
		h := ha
		if u16 {
			h = hash4(uint64(va))
		}
		match = int(tab[h&mask])
		w = binary.LittleEndian.Uint64(src[b:])
		vb = uint32(w)
		tab[h&mask] = E(a)
		if !u16 {
			hb = hash5(w)
		}
		if (u16 || match+maxDistance >= a) && binary.LittleEndian.Uint32(src[match:match+4]) == va {
			return a, match
		}

		a = b + step
		step = searchMatchNb >> skipTrigger
		searchMatchNb++
		if a > len(src)-mfLimit+1 || a < 0 {
			return b, -1
		}
		h = hb
		if u16 {
			h = hash4(uint64(vb))
		}
		match = int(tab[h&mask])
		w = binary.LittleEndian.Uint64(src[a:])
		va = uint32(w)
		tab[h&mask] = E(b)
		if !u16 {
			ha = hash5(w)
		}
		if (u16 || match+maxDistance >= b) && binary.LittleEndian.Uint32(src[match:match+4]) == vb {
			return b, match
		}
	}
}
