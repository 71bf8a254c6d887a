package zstd

import (
	"encoding/binary"
	"math/bits"
)

// chainParams are the settings of the hash chain strategies (greedy,
// lazy, lazy2), after zstd's parameter table for inputs up to 256 KB.
type chainParams struct {
	hashLog, chainLog, searchLog, minMatch, depth int
}

// chainLevel returns the hash chain settings of level (4 and up).
func chainLevel(level int) chainParams {
	switch {
	case level <= 4:
		return chainParams{14, 16, 3, 5, 0}
	case level == 5:
		return chainParams{18, 17, 5, 5, 0}
	case level == 6:
		return chainParams{19, 18, 3, 5, 1}
	case level == 7:
		return chainParams{19, 18, 4, 4, 1}
	case level == 8:
		return chainParams{19, 18, 4, 4, 2}
	case level == 9:
		return chainParams{19, 18, 5, 4, 2}
	default:
		return chainParams{19, 18, 6, 4, 2}
	}
}

func hash4(v uint64, log int) uint32 { return uint32(uint32(v)*2654435761) >> (32 - log) }

// chainHash hashes the first mm (4 or 5) bytes of v.
func chainHash(v uint64, mm, log int) uint32 {
	if mm == 4 {
		return hash4(v, log)
	}
	return hashN(v, 5, log)
}

// chainFinder is a hash chain match finder over one input.
type chainFinder struct {
	p     chainParams
	b     []byte
	head  []uint32 // e.table
	chain []uint32 // e.table2
	hlog  int
	cmask int
	next  int // first position not entered yet
}

// insert enters positions up to (not including) upTo.
func (f *chainFinder) insert(upTo int) {
	for p := f.next; p < upTo; p++ {
		h := chainHash(binary.LittleEndian.Uint64(f.b[p:]), f.p.minMatch, f.hlog)
		f.chain[p&f.cmask] = f.head[h]
		f.head[h] = uint32(p)
	}
	if upTo > f.next {
		f.next = upTo
	}
}

// find returns the longest match at ip (length 0 if none of at least
// minMatch) among the chain's candidates, not past end.
func (f *chainFinder) find(ip, end int) (int, int) {
	f.insert(ip)
	b := f.b
	h := chainHash(binary.LittleEndian.Uint64(b[ip:]), f.p.minMatch, f.hlog)
	c := int(f.head[h])
	cur := binary.LittleEndian.Uint32(b[ip:])
	best, off := 0, 0
	lowest := ip - f.cmask // older chain entries may be overwritten
	for n := 1 << f.p.searchLog; n > 0 && c < ip && c >= 0 && c > lowest; n-- {
		if ip+best < end && b[c+best] == b[ip+best] && binary.LittleEndian.Uint32(b[c:]) == cur {
			if l := 4 + matchLen(b, ip+4, c+4, end); l > best {
				best, off = l, ip-c
				if ip+l >= end {
					break
				}
			}
		}
		nx := int(f.chain[c&f.cmask])
		if nx >= c {
			break
		}
		c = nx
	}
	if best < f.p.minMatch {
		return 0, 0
	}
	return best, off
}

// gain scores a match for the lazy choice: 4 bits a byte, less the
// offset's cost.
func gain(ml, off int) int { return 4*ml - bits.Len(uint(off+3)) }

// prepareChain sizes the chain finder's tables for b (start bytes of
// dictionary before the input) and enters the dictionary.
func (e *Encoder) prepareChain(b []byte, start int) {
	p := chainLevel(e.level)
	hl, cl := p.hashLog, p.chainLog
	l := bits.Len(uint(len(b))) + 1
	hl, cl = max(min(hl, l), 6), max(min(cl, l), 6)
	e.table = resize(e.table, 1<<hl)
	e.table2 = resize(e.table2, 1<<cl)
	e.chain = chainFinder{p: p, b: b, head: e.table, chain: e.table2, hlog: hl, cmask: 1<<cl - 1}
	end := min(start, len(b)-8)
	e.chain.insert(max(end, 0))
}

// matchLazy is zstd's greedy (depth 0), lazy (1) and lazy2 (2)
// strategies: the longest match on a hash chain, taken unless one found
// a byte or two later scores better; the repeat offset is tried first.
func (e *Encoder) matchLazy(b []byte, pos, end int) {
	f := &e.chain
	depth := f.p.depth
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
			ip += 1 + (ip-anchor)>>8
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
