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
// rowScan (assembly on amd64, rowScanGeneric elsewhere or with the
// assembly off) does the searches up to each match and its lazy
// evaluation, and the loop here enters the positions a long match left
// (catchUp) and emits; greedy's parse is matchGreedyRow.
func (e *Encoder) matchLazyRow(b []byte, pos, end int) {
	f := &e.rows
	depth := int(e.p.strat - stratGreedy)
	anchor, ip := pos, pos
	limit := end - 8
	if ip == 0 {
		ip = 1
	}
	if depth == 0 {
		anchor, ip = e.matchGreedyRow(b, anchor, ip, limit, end)
	}
	for ip < limit {
		var ml, off, start int
		if useRowScanAsm {
			ip, ml, off, start = rowScan(f, e.rep[0], anchor, ip, limit, end, depth)
		} else {
			ip, ml, off, start = rowScanGeneric(f, e.rep[0], anchor, ip, limit, end, depth)
		}
		if ml > 0 {
			ip = e.emitLazy(b, anchor, start, off, ml, limit, end)
			anchor = ip
		} else {
			// Stopped where catchUp has work (or at limit).
			f.catchUp(ip)
		}
	}
	f.insert(min(max(ip, f.next), max(limit, 0)))
	e.lits = append(e.lits, b[anchor:end]...)
}

// matchGreedyRow is matchLazyRow's greedy parse (depth 0) from ip up to
// limit: the repeat offset at the next position, searched only where it
// does not match. It returns the start of the literals left and the
// position reached.
func (e *Encoder) matchGreedyRow(b []byte, anchor, ip, limit, end int) (int, int) {
	f := &e.rows
	for ip < limit {
		ml, off, start := 0, 0, ip+1 // off 0: the first repeat offset
		if r := e.rep[0]; ip+1 >= r && load32(b, ip+1) == load32(b, ip+1-r) {
			ml = 4 + matchLen(b, ip+5, ip+5-r, end)
		}
		if ml == 0 {
			f.catchUp(ip)
			if l, o := rowFind(f, ip, end); l > ml {
				ml, off, start = l, o, ip
			}
		}
		if ml < 4 {
			ip = f.stepOver(ip, anchor)
			continue
		}
		ip = e.emitLazy(b, anchor, start, off, ml, limit, end)
		anchor = ip
	}
	return anchor, ip
}

// load32 returns the little-endian word at b[i:], with one bounds check.
func load32(b []byte, i int) uint32 {
	b = b[i : i+4 : i+4]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
