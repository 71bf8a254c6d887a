package zstd

import (
	"encoding/binary"
	"math/bits"
)

// levelParams are a level's match finder settings (after zstd's table for
// inputs up to 256 KB).
type levelParams struct {
	hashLog  int
	hashLog2 int // long hash (dfast)
	minMatch int
	dfast    bool
}

func (e *Encoder) params() levelParams {
	switch {
	case e.level <= 1:
		return levelParams{hashLog: 14, minMatch: 6}
	case e.level == 2:
		return levelParams{hashLog: 14, hashLog2: 14, minMatch: 5, dfast: true}
	default:
		return levelParams{hashLog: 16, hashLog2: 16, minMatch: 5, dfast: true}
	}
}

const (
	prime6 = 227718039650203
	prime5 = 889523592379
	prime8 = 0xCF1BBCDCB7A56463
)

func hashN(v uint64, mm int, log int) uint32 {
	if mm == 5 {
		return uint32(((v << 24) * prime5) >> (64 - log))
	}
	return uint32(((v << 16) * prime6) >> (64 - log))
}

func hash8(v uint64, log int) uint32 { return uint32((v * prime8) >> (64 - log)) }

// prepare sizes and clears the hash tables for b, of which the first
// start bytes are dictionary content, and enters the dictionary.
func (e *Encoder) prepare(b []byte, start int) {
	if e.level >= 4 {
		e.prepareChain(b, start)
		return
	}
	p := e.params()
	log := p.hashLog
	if l := bits.Len(uint(len(b))) + 1; l < log {
		log = l
	}
	if log < 6 {
		log = 6
	}
	e.table = resize(e.table, 1<<log)
	if p.dfast {
		log2 := p.hashLog2
		if l := bits.Len(uint(len(b))) + 1; l < log2 {
			log2 = l
		}
		if log2 < 6 {
			log2 = 6
		}
		e.table2 = resize(e.table2, 1<<log2)
	}
	for i := 0; i+8 <= len(b) && i < start; i++ {
		v := binary.LittleEndian.Uint64(b[i:])
		e.table[hashN(v, p.minMatch, e.hlog())] = uint32(i)
		if p.dfast {
			e.table2[hash8(v, e.hlog2())] = uint32(i)
		}
	}
}

func resize(t []uint32, n int) []uint32 {
	if cap(t) < n {
		return make([]uint32, n)
	}
	t = t[:n]
	clear(t)
	return t
}

func (e *Encoder) hlog() int  { return bits.Len(uint(len(e.table))) - 1 }
func (e *Encoder) hlog2() int { return bits.Len(uint(len(e.table2))) - 1 }

// match finds the sequences of b[pos:end] into e.seqs and e.lits.
func (e *Encoder) match(b []byte, pos, end int) {
	if e.level >= 4 {
		e.matchLazy(b, pos, end)
	} else if e.params().dfast {
		e.matchDfast(b, pos, end)
	} else {
		e.matchFast(b, pos, end)
	}
}

// matchFast is zstd's "fast" strategy: one hash table, a repeat-offset
// check, and steps that grow over incompressible input.
func (e *Encoder) matchFast(b []byte, pos, end int) {
	p := e.params()
	mm := p.minMatch
	log := e.hlog()
	t := e.table
	mask := uint64(1)<<(8*uint(mm)) - 1
	anchor, ip := pos, pos
	limit := end - 8
	if ip == 0 {
		ip = 1 // no match can start at the very first byte
	}
	for ip < limit {
		cur := binary.LittleEndian.Uint64(b[ip:])
		h := hashN(cur, mm, log)
		cand := int(t[h])
		t[h] = uint32(ip)
		if r := e.rep[0]; ip+1-r >= 0 && ip+1 > anchor &&
			binary.LittleEndian.Uint32(b[ip+1:]) == binary.LittleEndian.Uint32(b[ip+1-r:]) {
			ml := 4 + matchLen(b, ip+5, ip+5-r, end)
			e.emit(b, anchor, ip+1, r, ml)
			ip += 1 + ml
			anchor = ip
			continue
		}
		if cand < ip && (binary.LittleEndian.Uint64(b[cand:])^cur)&mask == 0 {
			ml := mm + matchLen(b, ip+mm, cand+mm, end)
			for ip > anchor && cand > 0 && b[ip-1] == b[cand-1] {
				ip--
				cand--
				ml++
			}
			e.emit(b, anchor, ip, ip-cand, ml)
			ip += ml
			anchor = ip
			if ip-2 < limit && ip-2 > pos {
				t[hashN(binary.LittleEndian.Uint64(b[ip-2:]), mm, log)] = uint32(ip - 2)
			}
			continue
		}
		ip += 1 + (ip-anchor)>>8
	}
	e.lits = append(e.lits, b[anchor:end]...)
}

// matchDfast is zstd's "dfast" strategy: a long hash of 8 bytes tried
// first, then a short one.
func (e *Encoder) matchDfast(b []byte, pos, end int) {
	p := e.params()
	mm := p.minMatch
	log, log2 := e.hlog(), e.hlog2()
	t, t2 := e.table, e.table2
	mask := uint64(1)<<(8*uint(mm)) - 1
	anchor, ip := pos, pos
	limit := end - 8
	if ip == 0 {
		ip = 1
	}
	for ip < limit {
		cur := binary.LittleEndian.Uint64(b[ip:])
		h := hashN(cur, mm, log)
		h2 := hash8(cur, log2)
		cand := int(t[h])
		cand2 := int(t2[h2])
		t[h] = uint32(ip)
		t2[h2] = uint32(ip)
		if r := e.rep[0]; ip+1-r >= 0 && ip+1 > anchor &&
			binary.LittleEndian.Uint32(b[ip+1:]) == binary.LittleEndian.Uint32(b[ip+1-r:]) {
			ml := 4 + matchLen(b, ip+5, ip+5-r, end)
			e.emit(b, anchor, ip+1, r, ml)
			ip += 1 + ml
			anchor = ip
			continue
		}
		ml, c := 0, 0
		if cand2 < ip && binary.LittleEndian.Uint64(b[cand2:]) == cur {
			ml, c = 8+matchLen(b, ip+8, cand2+8, end), cand2
		} else if cand < ip && (binary.LittleEndian.Uint64(b[cand:])^cur)&mask == 0 {
			ml, c = mm+matchLen(b, ip+mm, cand+mm, end), cand
			// A long match at the next position?
			if ip+1 < limit {
				nxt := binary.LittleEndian.Uint64(b[ip+1:])
				hn := hash8(nxt, log2)
				cn := int(t2[hn])
				t2[hn] = uint32(ip + 1)
				if cn < ip+1 && binary.LittleEndian.Uint64(b[cn:]) == nxt {
					if l := 8 + matchLen(b, ip+9, cn+8, end); l > ml {
						ip, ml, c = ip+1, l, cn
					}
				}
			}
		}
		if ml == 0 {
			ip += 1 + (ip-anchor)>>7
			continue
		}
		for ip > anchor && c > 0 && b[ip-1] == b[c-1] {
			ip--
			c--
			ml++
		}
		e.emit(b, anchor, ip, ip-c, ml)
		start := ip
		ip += ml
		anchor = ip
		// Enter positions inside the match.
		for _, q := range [2]int{start + 2, ip - 2} {
			if q > start && q < limit {
				v := binary.LittleEndian.Uint64(b[q:])
				t2[hash8(v, log2)] = uint32(q)
				t[hashN(v, mm, log)] = uint32(q)
			}
		}
	}
	e.lits = append(e.lits, b[anchor:end]...)
}
