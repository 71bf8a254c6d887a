package zstd

// rowScanGeneric is the search loop of the lazy parses on the row match
// finder (matchLazyRow with depth 1 or 2) up to their next match: from
// ip, it checks the repeat offset rep at the next position and searches
// the finder at ip, taking the longer match, and steps on (by more the
// longer it has been since anchor) until a match is found or limit is
// reached; a match found, rowLazyGeneric looks up to depth positions
// further for a better one. It returns the last position looked at and
// the match chosen: its length (0 if none), its offset (0: the repeat
// offset) and its start. It also stops, without searching, at a position
// where more than skipThreshold positions wait to be entered (catchUp's
// work, left to the caller). It is the reference of rowScan's assembly
// twin (always compiled, cross-checked against it).
func rowScanGeneric(f *rowFinder, rep, anchor, ip, limit, end, depth int) (nip, ml, off, start int) {
	b := f.b
	for ip < limit {
		if ip-f.next > skipThreshold {
			break
		}
		ml, off, start = 0, 0, ip+1
		if ip+1 >= rep && load32(b, ip+1) == load32(b, ip+1-rep) {
			ml = 4 + matchLen(b, ip+5, ip+5-rep, end)
		}
		if l, o := rowFind(f, ip, end); l > ml {
			ml, off, start = l, o, ip
		}
		if ml >= 4 {
			return rowLazyGeneric(f, rep, ip, ml, off, start, limit, end, depth)
		}
		ip = f.stepOver(ip, anchor)
	}
	return ip, 0, 0, 0
}

// stepOver returns the position to search after ip, where nothing was
// found: one byte on, more the longer it has been since anchor. Long
// without a match, the positions stepped over are not entered either
// (zstd's lazySkipping).
func (f *rowFinder) stepOver(ip, anchor int) int {
	step := 1 + (ip-anchor)>>8
	ip += step
	if step > lazySkipStep {
		f.next = max(f.next, ip)
	}
	return ip
}

// rowLazyGeneric is the lazy evaluation after rowScanGeneric's match (ml
// bytes at start, offset off, found searching at ip): up to depth
// positions on, the repeat offset and a search, a better match starting
// over. It returns the last position looked at and the match chosen.
func rowLazyGeneric(f *rowFinder, rep, ip, ml, off, start, limit, end, depth int) (nip, nml, noff, nstart int) {
	b := f.b
	for d := 1; d <= depth && ip < limit; d++ {
		ip++
		if ip >= limit {
			break
		}
		if ip >= rep && load32(b, ip) == load32(b, ip-rep) {
			if l := 4 + matchLen(b, ip+4, ip+4-rep, end); repBetter(l, ml, off, d) {
				ml, off, start = l, 0, ip
			}
		}
		if l, o := rowFind(f, ip, end); matchBetter(l, o, ml, off, d) {
			ml, off, start = l, o, ip
			d = 0 // start over from here
		}
	}
	return ip, ml, off, start
}
