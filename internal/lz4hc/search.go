package lz4hc

// findFirstGo is the portable search of firstMatchNoRuns, and the oracle
// of its assembly twins: for each position from ip to mflimit it enters the
// position in the tables (ht, ct; its index is base+position), then follows
// its hash chain for at most attempts candidates within the window, and
// stops at the first candidate whose four bytes are the position's. It
// returns that position, the candidate and the attempts left counting it
// (n >= 1), or a position past mflimit (and n = 0) when there is none.
// The caller guarantees 0 <= ip and mflimit+4 <= len(src).
func findFirstGo(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, attempts int) (pos, mp, n int) {
	for ; ip <= mflimit; ip++ {
		pattern := load32(src, ip)
		h := hashHC(pattern)
		ipIndex := base + uint32(ip)
		raw := ipIndex - ht[h]
		ht[h] = ipIndex
		delta := raw
		if delta > maxDistance {
			delta = maxDistance
		}
		ct[uint16(ip)] = uint16(delta)

		// Candidates are in [lowPos, ip): uint(mp-lowPos) < span.
		span := uint(ip)
		if span > maxDistance {
			span = maxDistance
		}
		if uint(raw)-1 >= span {
			continue // no candidate (raw 0 wraps around)
		}
		lowPos := ip - int(span)
		mp := ip - int(raw)
		for n := attempts; ; {
			if load32(src, mp) == pattern {
				return ip, mp, n
			}
			mp -= int(ct[uint16(mp)])
			if n--; n <= 0 || uint(mp-lowPos) >= span {
				break
			}
		}
	}
	return ip, 0, 0
}

// firstSearchGo is the search of firstMatchNoRuns, and the oracle of its
// assembly twins: findFirstGo from ip, then walkChainGo with no look-back
// from the candidate it finds, with the attempts left. It returns the
// position searched and the length and position of the longest match
// there, or a position past mflimit, length 0 and position -1 when there
// is none. The caller guarantees 0 <= ip, mflimit+4 <= len(src) and
// mflimit+minMatch <= iHigh < len(src) (the two bytes at
// ip+longest-1 are read, longest up to iHigh-ip).
func firstSearchGo(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, iHigh, attempts int) (pos, l, best int) {
	ip, mp, n := findFirstGo(src, ht, ct, base, ip, mflimit, attempts)
	if ip > mflimit {
		return ip, 0, -1
	}
	lowPos := 0
	if ip > maxDistance {
		lowPos = ip - maxDistance
	}
	l, best, _ = walkChainGo(ct, src, ip, ip, iHigh, mp, lowPos, minMatch-1, n, load32(src, ip))
	return ip, l, best
}
