package zstd

// lazySkipStep is the search step beyond which the positions stepped
// over are no longer entered in the match finder (zstd's value).
const lazySkipStep = 8

// matchLazyRow is matchLazy for the row match finder (greedy, lazy and
// lazy2): the same parse, with the searches calling rowFind directly
// (which enters the positions since the last search itself) and the
// repeat offset checks reading the data through load32, one bounds check
// each. On Blosc's streams the parse around the searches took a fifth of
// a frame's time in matchLazy, twice as long as zstd's. With depth 1 or 2,
// rowScan (assembly on amd64) does the searches up to each match and its
// lazy evaluation; the loop here is left the positions where catchUp has
// work (and greedy's parse).
func (e *Encoder) matchLazyRow(b []byte, pos, end int) {
	f := &e.rows
	depth := int(e.p.strat - stratGreedy)
	anchor, ip := pos, pos
	limit := end - 8
	if ip == 0 {
		ip = 1
	}
	for ip < limit {
		if depth > 0 && useRowScanAsm {
			// Up to the next match, chosen, in assembly; on here only
			// where positions wait for catchUp.
			var ml, off, start int
			ip, ml, off, start = rowScan(f, e.rep[0], anchor, ip, limit, end, depth)
			if ml > 0 {
				ip = e.emitLazy(b, anchor, start, off, ml, limit, end)
				anchor = ip
				continue
			}
			if ip >= limit {
				break
			}
		}
		ml, off, start := 0, 0, ip+1 // off 0: the first repeat offset
		if r := e.rep[0]; ip+1 >= r && load32(b, ip+1) == load32(b, ip+1-r) {
			ml = 4 + matchLen(b, ip+5, ip+5-r, end)
		}
		if depth > 0 || ml == 0 {
			f.catchUp(ip)
			if l, o := rowFind(f, ip, end); l > ml {
				ml, off, start = l, o, ip
			}
		}
		if ml < 4 {
			step := 1 + (ip-anchor)>>8
			ip += step
			if step > lazySkipStep {
				// Long without a match: the skipped positions are not
				// entered either (zstd's lazySkipping).
				f.next = max(f.next, ip)
			}
			continue
		}
		for d := 1; d <= depth && ip < limit; d++ {
			// Try a byte further: the repeat offset, then a search.
			ip++
			if ip >= limit {
				break
			}
			if r := e.rep[0]; ip >= r && load32(b, ip) == load32(b, ip-r) {
				if l := 4 + matchLen(b, ip+4, ip+4-r, end); repBetter(l, ml, off, d) {
					ml, off, start = l, 0, ip
				}
			}
			f.catchUp(ip)
			if l, o := rowFind(f, ip, end); matchBetter(l, o, ml, off, d) {
				ml, off, start = l, o, ip
				d = 0 // start over from here
			}
		}
		ip = e.emitLazy(b, anchor, start, off, ml, limit, end)
		anchor = ip
	}
	f.insert(min(max(ip, f.next), max(limit, 0)))
	e.lits = append(e.lits, b[anchor:end]...)
}

// load32 returns the little-endian word at b[i:], with one bounds check.
func load32(b []byte, i int) uint32 {
	b = b[i : i+4 : i+4]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
