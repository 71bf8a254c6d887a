package zstd

import (
	"encoding/binary"
	"math/bits"
)

// lazySkipStep is the search step beyond which the positions stepped
// over are no longer entered in the match finder (zstd's value).
const lazySkipStep = 8

// gain scores a match for the lazy choice: 4 bits a byte, less the
// offset's cost.
func gain(ml, off int) int { return 4*ml - bits.Len(uint(off+3)) }

// matchLazy is zstd's greedy (depth 0), lazy (1) and lazy2 (2)
// strategies: the longest match among a row of candidates (rowFinder),
// taken unless one found a byte or two later scores better; the repeat
// offset is tried first.
func (e *Encoder) matchLazy(b []byte, pos, end int) {
	f := &e.rows
	depth := int(e.p.strat - stratGreedy)
	anchor, ip := pos, pos
	limit := end - 8
	if ip == 0 {
		ip = 1
	}
	for ip < limit {
		// Repeat offset at ip.
		ml, off, at := 0, 0, ip
		if r := e.rep[0]; ip-r >= 0 && binary.LittleEndian.Uint32(b[ip:]) == binary.LittleEndian.Uint32(b[ip-r:]) {
			ml, off = 4+matchLen(b, ip+4, ip+4-r, end), r
		}
		if l, o := f.find(ip, end); l > 0 && (ml == 0 || gain(l, o) > 4*ml-1) {
			ml, off = l, o
		}
		if ml == 0 {
			step := 1 + (ip-anchor)>>8
			ip += step
			if step > lazySkipStep {
				// Long without a match: the skipped positions are not
				// entered either (zstd's lazySkipping).
				f.next = max(f.next, ip)
			}
			continue
		}
		for d := 0; d < depth && at+1 < limit; d++ {
			q := at + 1
			cur := gain(ml, off) + 4
			if off == e.rep[0] {
				cur = 4*ml - 1 + 4
			}
			better := false
			if r := e.rep[0]; q-r >= 0 && binary.LittleEndian.Uint32(b[q:]) == binary.LittleEndian.Uint32(b[q-r:]) {
				if l := 4 + matchLen(b, q+4, q+4-r, end); 4*l-1 > cur {
					ml, off, at, better = l, r, q, true
					cur = 4*l - 1 + 4
				}
			}
			if l, o := f.find(q, end); l > 0 && gain(l, o) > cur {
				ml, off, at, better = l, o, q, true
			}
			if !better {
				break
			}
		}
		ip = at
		c := ip - off
		for ip > anchor && c > 0 && b[ip-1] == b[c-1] {
			ip--
			c--
			ml++
		}
		e.emit(b, anchor, ip, off, ml)
		ip += ml
		anchor = ip
	}
	f.insert(min(max(ip, f.next), max(limit, 0)))
	e.lits = append(e.lits, b[anchor:end]...)
}
