package lz4enc

import (
	"encoding/binary"
	"math/bits"
)

// compress16Generic is compress16 in Go, on every build the oracle of the
// assembly: LZ4_compress_generic for inputs of minLength to u16Limit-1
// bytes with the byU16 table, cleared by the caller. Every position fits in
// 16 bits and is within the LZ4 window, so no distance check is needed.
func compress16Generic(t *[table16Size]uint16, dst, src []byte, acceleration, olimit int) int {
	// Capacities equal to the lengths let the compiler drop bounds checks.
	dst, src = dst[:len(dst):len(dst)], src[:len(src):len(src)]
	var (
		matchLimit     = len(src) - lastLiterals
		mflimitPlusOne = len(src) - mfLimit + 1
		anchor, di     int
		ip             = 1
		match          int
	)
	for {
		ip, match = search16(t, src, ip, acceleration)
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

			t[hash4(uint64(load32(src, ip-2)))&(table16Size-1)] = uint16(ip - 2)

			// A match right at ip follows without literals.
			v := load32(src, ip)
			h := hash4(uint64(v)) & (table16Size - 1)
			match = int(t[h])
			t[h] = uint16(ip)
			if load32(src, match) != v {
				break
			}
			token, tok = di, 0
			di++
		}

		ip++
	}
}

// search16 looks for a match from position ip on, stepping faster as
// misses accumulate, and enters each position it tries in the table. It
// returns the match's position and that of its earlier occurrence, or
// match = -1 when no match starts before len(src)-mfLimit.
func search16(t *[table16Size]uint16, src []byte, ip, acceleration int) (pos, match int) {
	src = src[:len(src):len(src)] // one register for len and cap
	tab := t[:]                   // nil-checked once
	var (
		// Positions a and b take turns as the one tried and the next one,
		// with the 4 bytes there (va, vb).
		a             = ip
		va            = load32(src, a)
		b             int
		vb            uint32
		step          = 1
		searchMatchNb = acceleration << skipTrigger
	)
	// The loop is unrolled twice to save copying the position and bytes
	// from next to current. The loads and hashes are written out: calls of
	// even inlined functions leave a no-op instruction in the loop.
	for {
		b = a + step
		step = searchMatchNb >> skipTrigger
		searchMatchNb++
		// This form of b > len(src)-mfLimit spares the bounds checks of
		// the load at b.
		if b > len(src)-mfLimit+1 || b < 0 {
			return a, -1
		}
		h := va * prime4 >> shift4 // hash4(va)
		match = int(tab[h&(table16Size-1)])
		vb = binary.LittleEndian.Uint32(src[b:])
		tab[h&(table16Size-1)] = uint16(a)
		if binary.LittleEndian.Uint32(src[match:match+4]) == va {
			return a, match
		}

		a = b + step
		step = searchMatchNb >> skipTrigger
		searchMatchNb++
		if a > len(src)-mfLimit+1 || a < 0 {
			return b, -1
		}
		h = vb * prime4 >> shift4
		match = int(tab[h&(table16Size-1)])
		va = binary.LittleEndian.Uint32(src[a:])
		tab[h&(table16Size-1)] = uint16(b)
		if binary.LittleEndian.Uint32(src[match:match+4]) == vb {
			return b, match
		}
	}
}
