package blosclz

import "encoding/binary"

// compressBlock is the main BloscLZ parse, making C-Blosc2's decisions.
// dst is the output capacity (at least minOutput bytes) and src has at least
// minInput bytes. It returns the stream length, or 0 if the stream does not
// fit in dst by C-Blosc2's checks.
//
// C-Blosc2 writes literals one at a time, reserving a control byte ahead of
// each run of 32; here literals stay pending until a match or the end and
// are then written in one go, after checking the room exactly as the
// byte-at-a-time checks would have.
func compressBlock(dst, src []byte, htab *hashTable, hashLog uint, twoHashes bool) int {
	htab.reset(hashLog)
	shift := hashShift(hashLog)
	mt := matcher{src: src, htab: htab, shift: shift, ipLimit: len(src) - limitMargin,
		ipBound: len(src) - 1, farMin: minFarLen}

	op := 0       // where the pending literal run's first control byte goes
	litStart := 0 // first pending literal
	ip := 4       // the first four bytes are always literals
	for {
		anchor, end, dist := mt.next(ip)
		if anchor < 0 {
			break
		}
		var ok bool
		if op, ok = putLiterals(dst, op, src, litStart, anchor); !ok {
			return 0
		}
		if n := end - anchor; n < longLenCode && dist < maxNearDist && op+2 <= len(dst) {
			dst[op] = byte(n<<5 + dist>>8) // the common short, near match
			dst[op+1] = byte(dist)
			op += 2
		} else if op, ok = putMatch(dst, op, n, dist); !ok {
			return 0
		}
		ip = end
		seq := load32(src, ip)
		htab[hash(seq, shift)] = uint32(ip)
		ip++
		if twoHashes {
			htab[hash(seq>>8, shift)] = uint32(ip)
		}
		ip++
		// C-Blosc2 reserves the next control byte here.
		if op+1 > len(dst) {
			return 0
		}
		litStart = ip
	}
	// The tail goes out as literals.
	op, ok := putLiterals(dst, op, src, litStart, len(src))
	if !ok {
		return 0
	}
	dst[0] |= markerBit
	return op
}

// putLiterals writes src[from:to] as literal runs of up to 32 bytes at
// dst[op:] and returns the new output position. It reports false when
// C-Blosc2, writing the same literals one by one, would have found the
// output full: before each literal it wants room for that byte and the next
// control byte.
func putLiterals(dst []byte, op int, src []byte, from, to int) (int, bool) {
	n := to - from
	if n <= 0 {
		return op, true
	}
	// Before the last literal C's output position is op+1+(n-1)+(n-1)/32.
	if op+n+(n-1)/maxLiteralRun+2 > len(dst) {
		return op, false
	}
	if n <= 16 && len(src)-from >= 16 && len(dst)-op >= 17 {
		// A short run: copy 16 bytes with two word moves; the excess is
		// overwritten by what follows (or lies past the end of the output).
		dst[op] = byte(n - 1)
		d := dst[op+1 : op+17 : op+17]
		s := src[from : from+16 : from+16]
		binary.LittleEndian.PutUint64(d[:8], binary.LittleEndian.Uint64(s[:8]))
		binary.LittleEndian.PutUint64(d[8:], binary.LittleEndian.Uint64(s[8:]))
		return op + 1 + n, true
	}
	for ; n > maxLiteralRun; n -= maxLiteralRun {
		dst[op] = maxLiteralRun - 1
		copy(dst[op+1:op+1+maxLiteralRun], src[from:from+maxLiteralRun])
		op += maxLiteralRun + 1
		from += maxLiteralRun
	}
	dst[op] = byte(n - 1)
	copy(dst[op+1:], src[from:to])
	return op + 1 + n, true
}

// putMatch writes a match of biased length n (the decoder copies n+2 bytes)
// at biased distance dist (0 means 1 byte back) at dst[op:]. It reports
// false when dst is too small, checking the room as C-Blosc2 does.
func putMatch(dst []byte, op, n, dist int) (int, bool) {
	far := dist >= maxNearDist
	hi := dist >> 8
	if far {
		dist -= maxNearDist
		hi = 31
	}
	if n < longLenCode {
		need := 2
		if far {
			need = 4
		}
		if op+need > len(dst) {
			return op, false
		}
		dst[op] = byte(n<<5 + hi)
		op++
	} else {
		if op+1 > len(dst) {
			return op, false
		}
		dst[op] = byte(longLenCode<<5 + hi)
		op++
		for n -= longLenCode; n >= 255; n -= 255 {
			if op+1 > len(dst) {
				return op, false
			}
			dst[op] = 255
			op++
		}
		need := 2
		if far {
			need = 4
		}
		if op+need > len(dst) {
			return op, false
		}
		dst[op] = byte(n)
		op++
	}
	if far {
		// op+3 <= len(dst) was checked above (the short form writes its
		// control byte first, the long form its length byte).
		dst[op] = 255
		dst[op+1] = byte(dist >> 8)
		dst[op+2] = byte(dist)
		return op + 3, true
	}
	dst[op] = byte(dist)
	return op + 1, true
}
