package zstd

// rowScanGeneric is the search loop of the lazy parses on the row match
// finder (matchLazyRow with depth 1 or 2) while it finds nothing: from
// ip, it checks the repeat offset rep at the next position and searches
// the finder at ip, taking the longer match, and steps on (by more the
// longer it has been since anchor) until a match is found or limit is
// reached. It returns the position reached and the match found there: its
// length (0 if none), its offset (0: the repeat offset) and its start. It
// also stops, without searching, at a position where more than
// skipThreshold positions wait to be entered (catchUp's work, left to
// the caller). It is the reference of rowScan's assembly twin (always
// compiled, cross-checked against it).
func rowScanGeneric(f *rowFinder, rep, anchor, ip, limit, end int) (nip, ml, off, start int) {
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
			return ip, ml, off, start
		}
		step := 1 + (ip-anchor)>>8
		ip += step
		if step > lazySkipStep {
			// Long without a match: the skipped positions are not
			// entered either (zstd's lazySkipping).
			f.next = max(f.next, ip)
		}
	}
	return ip, 0, 0, 0
}
