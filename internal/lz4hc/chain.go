package lz4hc

import "encoding/binary"

// match is a match found by the hash-chain search: its length, its
// distance and how far it extends before the position searched (back <= 0).
type match struct {
	len, off, back int
}

// insert adds the positions from c.next up to the index target (excluded)
// to the hash chains (LZ4HC_Insert). Like lz4, it sets c.next to target
// even when that is below it.
func (c *Compressor) insert(src []byte, target uint32) {
	ht := &c.hashTable
	ct := &c.chainTable
	if c.next < target {
		// Positions p..end-1, their 4 bytes in s (one bounds check).
		idx := c.next
		p, end := int(idx-c.base), int(target-c.base)
		s := src[p : end+3]
		for i := 0; i+3 < len(s); i++ {
			h := hashHC(uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24)
			delta := idx - ht[h]
			if delta > maxDistance {
				delta = maxDistance
			}
			ct[uint16(idx)] = uint16(delta)
			ht[h] = idx
			idx++
		}
	}
	c.next = target
}

// insertUpTo inserts the positions before index target, with the usual
// case of a single position inlined.
func (c *Compressor) insertUpTo(src []byte, target uint32) {
	if c.next+1 != target {
		c.insert(src, target)
		return
	}
	idx := c.next
	p := int(idx - c.base)
	h := hashHC(binary.LittleEndian.Uint32(src[p : p+4]))
	delta := idx - c.hashTable[h]
	if delta > maxDistance {
		delta = maxDistance
	}
	c.chainTable[uint16(idx)] = uint16(delta)
	c.hashTable[h] = idx
	c.next = target
}

// firstMatch returns the first position from ip on, up to mflimit, where
// the chain search finds a match (LZ4HC_InsertAndFindBestMatch, called by
// lz4's main loop at each position), and that match; the position is past
// mflimit when there is none. It is widerMatch with no look-back and a
// minimum length of 4, with the loop over positions inside.
func (c *Compressor) firstMatch(src []byte, ip, mflimit, iHigh, attempts int, runs bool) (int, match) {
	if !runs {
		return c.firstMatchNoRuns(src, ip, mflimit, iHigh, attempts)
	}
	ht := &c.hashTable
	ct := &c.chainTable
	base := c.base
	if ip <= mflimit {
		c.insertUpTo(src, base+uint32(ip))
	}
	for ; ip <= mflimit; ip++ {
		ipIndex := base + uint32(ip)
		lowest := base
		if base+maxDistance+1 <= ipIndex {
			lowest = ipIndex - maxDistance
		}
		pattern := binary.LittleEndian.Uint32(src[ip : ip+4])
		h := hashHC(pattern)
		matchIndex := ht[h]
		// Insert ip now, with the hash at hand: lz4 inserts it at the
		// next search, after nothing else has touched the tables. The
		// search below never reads its chain link (the window is
		// shorter than the chain table).
		delta := ipIndex - matchIndex
		if delta > maxDistance {
			delta = maxDistance
		}
		ct[uint16(ipIndex)] = uint16(delta)
		ht[h] = ipIndex
		c.next = ipIndex + 1

		longest, offset := minMatch-1, 0
		tail := longest - 1
		tail16 := load16(src, ip+tail)
		rs := runSearch{}
		// matchIndex in [lowest, ipIndex): one unsigned comparison.
		span := ipIndex - lowest
		for n := attempts; matchIndex-lowest < span && n > 0; n-- {
			mp := int(matchIndex - base)
			if t := mp + tail; binary.LittleEndian.Uint16(src[t:t+2]) == tail16 && binary.LittleEndian.Uint32(src[mp:mp+4]) == pattern {
				if ml := minMatch + count(src, ip+minMatch, mp+minMatch, iHigh); ml > longest {
					longest = ml
					offset = int(ipIndex - matchIndex)
					tail = longest - 1
					tail16 = load16(src, ip+tail)
				}
			}
			dist := uint32(ct[uint16(matchIndex)])
			if runs && dist == 1 {
				next, l, o, act := c.runStep(src, ip, iHigh, 0, pattern, matchIndex, lowest, ipIndex, &rs, longest, offset)
				if l != longest {
					longest, offset = l, o
					tail = longest - 1
					tail16 = load16(src, ip+tail)
				}
				if act == runStop {
					break
				}
				if act == runContinue {
					matchIndex = next
					continue
				}
			}
			matchIndex -= dist
		}
		if longest >= minMatch {
			return ip, match{len: longest, off: offset}
		}
	}
	return ip, match{}
}

// firstMatchNoRuns is firstMatch without run detection (levels below 9),
// the search written on positions in src (see Compressor.base): firstSearch
// goes over the positions to the first candidate with the position's four
// bytes, then searches the rest of the chain for the longest match.
func (c *Compressor) firstMatchNoRuns(src []byte, ip, mflimit, iHigh, attempts int) (int, match) {
	if ip > mflimit {
		return ip, match{}
	}
	c.insertUpTo(src, c.base+uint32(ip))
	ip, l, best := firstSearch(src, &c.hashTable, &c.chainTable, c.base, ip, mflimit, iHigh, attempts)
	if ip > mflimit {
		c.next = c.base + uint32(ip)
		return ip, match{}
	}
	c.next = c.base + uint32(ip) + 1
	return ip, match{len: l, off: ip - best}
}

// walkChain is the chain search of widerMatch without run detection
// (levels below 9), on positions in src: from the candidate at mp, for at
// most attempts candidates not below lowPos, the longest match longer than
// longest. It returns its length, position and look-back (<= 0), or
// position -1 when there is none. It is the oracle of walkChain's assembly
// twins.
func walkChainGo(ct *[chainSize]uint16, src []byte, ip, iLow, iHigh, mp, lowPos, longest, attempts int, pattern uint32) (int, int, int) {
	lookBack := ip - iLow
	tail := longest - 1 - lookBack
	tail16 := load16(src, iLow+longest-1)
	best, sBack := -1, 0
	span := ip - lowPos
	for n := attempts; ; {
		if mp, n = scan(ct, src, mp, lowPos, span, n, tail, tail16, pattern); n <= 0 || uint(mp-lowPos) >= uint(span) {
			break
		}
		back := 0
		if lookBack != 0 {
			back = countBack(src, ip, mp, iLow, 0)
		}
		if ml := minMatch + count(src, ip+minMatch, mp+minMatch, iHigh) - back; ml > longest {
			longest, best, sBack = ml, mp, back
			tail = longest - 1 - lookBack
			tail16 = load16(src, iLow+longest-1)
		}
		mp -= int(ct[uint16(mp)])
		n--
	}
	return longest, best, sBack
}

// scan follows the hash chain from the candidate at position mp, for at
// most n candidates in [lowPos, lowPos+span), to the first one that may
// give a match longer than the best so far: the two bytes at tail from it
// are tail16 and its first four are pattern. It returns that candidate and
// the attempts left counting it, or n <= 0 or a position out of the range
// when there is none. The loop is kept small enough for its values to stay
// in registers.
func scan(ct *[chainSize]uint16, src []byte, mp, lowPos, span, n, tail int, tail16 uint16, pattern uint32) (int, int) {
	for ; n > 0 && uint(mp-lowPos) < uint(span); n-- {
		t := mp + tail
		if t+1 < len(src) && uint16(src[t])|uint16(src[t+1])<<8 == tail16 &&
			mp+3 < len(src) && uint32(src[mp])|uint32(src[mp+1])<<8|uint32(src[mp+2])<<16|uint32(src[mp+3])<<24 == pattern {
			return mp, n
		}
		mp -= int(ct[uint16(mp)])
	}
	return mp, n
}

// widerMatch looks for a match at src[ip:] longer than longest, which may
// start as far back as iLow and end no later than iHigh, following at most
// attempts links of the hash chain (LZ4HC_InsertAndGetWiderMatch without
// dictionary, chain swap or the favor-decompression-speed mode). With
// runs set it also recognizes runs of one byte (lz4's pattern analysis).
// The returned match has len <= longest when none is longer.
func (c *Compressor) widerMatch(src []byte, ip, iLow, iHigh, longest, attempts int, runs bool) match {
	ct := &c.chainTable
	base := c.base
	ipIndex := base + uint32(ip)
	lowest := base
	if base+maxDistance+1 <= ipIndex {
		lowest = ipIndex - maxDistance
	}
	lookBack := ip - iLow
	c.insertUpTo(src, ipIndex)
	pattern := binary.LittleEndian.Uint32(src[ip : ip+4])
	matchIndex := c.hashTable[hashHC(pattern)]
	if !runs {
		if matchIndex-lowest >= ipIndex-lowest {
			return match{len: longest}
		}
		lowPos := int(lowest - base)
		l, pos, back := walkChain(ct, src, ip, iLow, iHigh, int(matchIndex-lowest)+lowPos, lowPos, longest, attempts, pattern)
		if pos < 0 {
			return match{len: longest}
		}
		return match{len: l, off: ip - pos, back: back}
	}
	offset, sBack := 0, 0

	// A candidate must first have the two bytes that would make it longer
	// than the best so far: the ones at tail from the start of the match.
	tail := longest - 1 - lookBack
	tail16 := load16(src, iLow+longest-1)
	rs := runSearch{}
	for n := attempts; matchIndex >= lowest && matchIndex < ipIndex && n > 0; n-- {
		mp := int(matchIndex - base)
		if t := mp + tail; binary.LittleEndian.Uint16(src[t:t+2]) == tail16 && binary.LittleEndian.Uint32(src[mp:mp+4]) == pattern {
			back := 0
			if lookBack != 0 {
				back = countBack(src, ip, mp, iLow, 0)
			}
			if ml := minMatch + count(src, ip+minMatch, mp+minMatch, iHigh) - back; ml > longest {
				longest = ml
				offset = int(ipIndex - matchIndex)
				sBack = back
				tail = longest - 1 - lookBack
				tail16 = load16(src, iLow+longest-1)
			}
		}
		dist := uint32(ct[uint16(matchIndex)])
		if runs && dist == 1 {
			next, l, o, act := c.runStep(src, ip, iHigh, lookBack, pattern, matchIndex, lowest, ipIndex, &rs, longest, offset)
			if l != longest {
				longest, offset = l, o
				tail = longest - 1 - lookBack
				tail16 = load16(src, iLow+longest-1)
			}
			if act == runStop {
				break
			}
			if act == runContinue {
				matchIndex = next
				continue
			}
		}
		matchIndex -= dist
	}
	return match{len: longest, off: offset, back: sBack}
}

// runSearch is the state of the run detection of one search.
type runSearch struct {
	state  int // runUntested, runNot or runYes
	srcLen int // length of the run at the position searched
}

const (
	runUntested = iota
	runNot
	runYes
)

// What the search does after runStep.
const (
	runFollowChain = iota // not a run candidate: follow the chain
	runContinue           // go on at the returned index
	runStop               // stop searching
)

// runStep is lz4's pattern analysis, for a candidate at matchIndex whose
// chain link is 1 (the previous position has the same hash): when the
// searched position starts a run of one byte and so does the position
// before the candidate, it jumps along the run instead of walking it one
// position at a time, to the candidate that matches the whole run or to
// the start of the candidate's run. With no look-back it also takes the
// run as the match when longer than longest. It returns the index to go on
// at, the new longest and offset, and what to do.
func (c *Compressor) runStep(src []byte, ip, iHigh, lookBack int, pattern, matchIndex, lowest, ipIndex uint32, rs *runSearch, longest, offset int) (uint32, int, int, int) {
	cand := matchIndex - 1
	if rs.state == runUntested {
		if pattern&0xFFFF == pattern>>16 && pattern&0xFF == pattern>>24 {
			rs.state = runYes
			rs.srcLen = countRun(src, ip+4, iHigh, byte(pattern)) + 4
		} else {
			rs.state = runNot
		}
	}
	if rs.state != runYes || cand < lowest {
		return matchIndex, longest, offset, runFollowChain
	}
	cp := int(cand - c.base)
	if load32(src, cp) != pattern {
		return matchIndex, longest, offset, runFollowChain
	}
	fwd := countRun(src, cp+4, iHigh, byte(pattern)) + 4
	backLen := countRunBack(src, cp, 0, byte(pattern))
	if cand-uint32(backLen) < lowest {
		backLen = int(cand - lowest)
	}
	segLen := backLen + fwd
	if segLen >= rs.srcLen && fwd <= rs.srcLen {
		// The candidate run holds the whole source run: go to the
		// position matching it all, ending where the candidate run does,
		// so that more may follow.
		return cand + uint32(fwd) - uint32(rs.srcLen), longest, offset, runContinue
	}
	// Go to the start of the candidate run.
	matchIndex = cand - uint32(backLen)
	if lookBack == 0 {
		maxML := segLen
		if rs.srcLen < maxML {
			maxML = rs.srcLen
		}
		if longest < maxML {
			if ipIndex-matchIndex > maxDistance {
				return matchIndex, longest, offset, runStop
			}
			longest = maxML
			offset = int(ipIndex - matchIndex)
		}
		d := uint32(c.chainTable[uint16(matchIndex)])
		if d > matchIndex {
			return matchIndex, longest, offset, runStop
		}
		matchIndex -= d
	}
	return matchIndex, longest, offset, runContinue
}

// compressChain is LZ4HC_compress_hashChain: for each position the best
// match of the chain search, then a look at the positions near its end for
// a longer one, keeping up to three overlapping matches and trimming them.
// The block is src[start:]; src[:start] is a dictionary its matches may
// refer to.
func (c *Compressor) compressChain(dst, src []byte, start, attempts int, limited bool) int {
	runs := attempts > patternAttempts
	n := len(src)
	mflimit := n - mfLimit
	matchlimit := n - lastLiterals
	ip, anchor, op := start, start, 0
	var (
		start0, start2, start3 int
		m0, m1, m2, m3         match
	)
	if n-start < minLength {
		goto last
	}

	for ip <= mflimit {
		if ip, m1 = c.firstMatch(src, ip, mflimit, matchlimit, attempts, runs); m1.len < minMatch {
			break // ip > mflimit
		}
		// Saved, in case we would skip too much.
		start0, m0 = ip, m1

	search2:
		if ip+m1.len <= mflimit {
			start2 = ip + m1.len - 2
			m2 = c.widerMatch(src, start2, ip, matchlimit, m1.len, attempts, runs)
			start2 += m2.back
		} else {
			m2 = match{}
		}
		if m2.len <= m1.len {
			// No better match: encode m1 now.
			if op = encodeSequence(dst, src, op, anchor, ip, m1.len, m1.off, limited); op < 0 {
				return 0
			}
			ip += m1.len
			anchor = ip
			continue
		}
		if start0 < ip && start2 < ip+m0.len {
			// The first match was skipped at least once: squeeze m1
			// between m0 and m2.
			ip, m1 = start0, m0
		}
		if start2-ip < 3 {
			// The first match is too short: drop it.
			ip, m1 = start2, m2
			goto search2
		}

	search3:
		if start2-ip < optimalML {
			newML := m1.len
			if newML > optimalML {
				newML = optimalML
			}
			if ip+newML > start2+m2.len-minMatch {
				newML = start2 - ip + m2.len - minMatch
			}
			if corr := newML - (start2 - ip); corr > 0 {
				start2 += corr
				m2.len -= corr
			}
		}
		if start2+m2.len <= mflimit {
			start3 = start2 + m2.len - 3
			m3 = c.widerMatch(src, start3, start2, matchlimit, m2.len, attempts, runs)
			start3 += m3.back
		} else {
			m3 = match{}
		}
		if m3.len <= m2.len {
			// No better match: encode m1 and m2.
			if start2 < ip+m1.len {
				m1.len = start2 - ip
			}
			if op = encodeSequence(dst, src, op, anchor, ip, m1.len, m1.off, limited); op < 0 {
				return 0
			}
			anchor = ip + m1.len
			ip = start2
			if op = encodeSequence(dst, src, op, anchor, ip, m2.len, m2.off, limited); op < 0 {
				return 0
			}
			ip += m2.len
			anchor = ip
			continue
		}
		if start3 < ip+m1.len+3 {
			// Not enough room for m2: drop it.
			if start3 >= ip+m1.len {
				// m1 can be written now; m3 becomes m1.
				if start2 < ip+m1.len {
					corr := ip + m1.len - start2
					start2 += corr
					m2.len -= corr
					if m2.len < minMatch {
						start2, m2 = start3, m3
					}
				}
				if op = encodeSequence(dst, src, op, anchor, ip, m1.len, m1.off, limited); op < 0 {
					return 0
				}
				anchor = ip + m1.len
				ip, m1 = start3, m3
				start0, m0 = start2, m2
				goto search2
			}
			start2, m2 = start3, m3
			goto search3
		}

		// Three ascending matches: write m1, trimmed to end where m2 starts.
		if start2 < ip+m1.len {
			if start2-ip < optimalML {
				if m1.len > optimalML {
					m1.len = optimalML
				}
				if ip+m1.len > start2+m2.len-minMatch {
					m1.len = start2 - ip + m2.len - minMatch
				}
				if corr := m1.len - (start2 - ip); corr > 0 {
					start2 += corr
					m2.len -= corr
				}
			} else {
				m1.len = start2 - ip
			}
		}
		if op = encodeSequence(dst, src, op, anchor, ip, m1.len, m1.off, limited); op < 0 {
			return 0
		}
		anchor = ip + m1.len
		ip, m1 = start2, m2
		start2, m2 = start3, m3
		goto search3
	}

last:
	return lastLiteralsRun(dst, src, op, anchor)
}
