package lz4enc

import "math/bits"

// compress32Generic is compress32 in Go, on every build the oracle of the
// assembly: LZ4_compress_generic for inputs of u16Limit to MaxInputSize
// bytes with the byU32 table, set up by the caller: cleared, or holding
// positions of a dictionary. The block is src[start:], src[:start] being
// the dictionary (start is 0 without one); the table must hold position
// start. Candidates farther than maxDistance back are skipped.
func compress32Generic(t *[table32Size]uint32, dst, src []byte, start, acceleration, olimit int) int {
	// Capacities equal to the lengths let the compiler drop bounds checks.
	dst, src = dst[:len(dst):len(dst)], src[:len(src):len(src)]
	var (
		matchLimit     = len(src) - lastLiterals
		mflimitPlusOne = len(src) - mfLimit + 1
		anchor, di     = start, 0
		ip             = start + 1
		match          int
	)
	for {
		ip, match = search32(t, src, ip, acceleration)
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
			t[hash5(w)&(table32Size-1)] = uint32(ip - 2)

			// A match right at ip follows without literals.
			v := w >> 16
			h := hash5(v) & (table32Size - 1)
			match = int(t[h])
			t[h] = uint32(ip)
			if match+maxDistance < ip || load32(src, match) != uint32(v) {
				break
			}
			token, tok = di, 0
			di++
		}

		ip++
	}
}
