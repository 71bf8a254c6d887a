package zstd

import "encoding/binary"

// dfastStepIncr is how many bytes without a match make matchDfast's step
// one longer (zstd's 1 << kSearchStrength).
const dfastStepIncr = 256

// matchDfast is zstd's "dfast" strategy (ZSTD_compressBlock_doubleFast):
// a long hash table of 8-byte words (e.table, hashLog bits) and a short
// one of minMatch bytes (e.table2, chainLog bits), both entered at every
// probed position. At each position it tries the repeat offset a byte
// ahead, then the long candidate, then the short one, which gives way to
// a long match at the next position. The step grows by one every 256
// bytes without a match (from 1). After a match, four positions in and
// around it are entered, and repeats of the second offset are taken at
// once.
func (e *Encoder) matchDfast(b []byte, pos, end int) {
	sl, pr := hashShift(int(e.p.minMatch))
	srS := uint(64-e.p.chainLog) & 63
	srL := uint(64-e.p.hashLog) & 63
	tl, ts := e.table, e.table2
	tlm, tsm := len(tl)-1, len(ts)-1
	if tlm < 0 || tsm < 0 {
		return
	}
	base := e.tblBase
	limit := end - 8 // the last position whose 8 bytes can be read
	load := func(p int) uint64 { return binary.LittleEndian.Uint64(b[p : p+8]) }
	read32 := func(p int) uint32 { return binary.LittleEndian.Uint32(b[p : p+4]) }
	hL := func(v uint64) int { return int(v*prime8>>srL) & tlm }
	hS := func(v uint64) int { return int((v<<(sl&63))*pr>>srS) & tsm }
	anchor, ip := pos, pos
	if ip == 0 {
		ip = 1 // no match can start at the very first byte
	}
	for {
		step := 1
		nextStep := ip + dfastStepIncr
		ip1 := ip + step
		if ip1 > limit {
			break
		}
		hl0 := hL(load(ip))
		idxl0 := int(tl[hl0]) - base
		hl1 := 0
		// found: 0 none (end of input), 1 a repeat (emitted), 2 a match
		// at ip of length ml with candidate cand.
		found, curr, ml, cand := 0, 0, 0, 0
		for {
			v := load(ip)
			hs0 := hS(v)
			idxs0 := int(ts[hs0]) - base
			curr = ip
			tl[hl0] = uint32(ip + base)
			ts[hs0] = uint32(ip + base)
			if r := e.rep[0]; ip+1 >= r && read32(ip+1-r) == read32(ip+1) {
				ml = 4 + matchLen(b, ip+5, ip+5-r, end)
				ip++
				e.emit(b, anchor, ip, r, ml)
				found = 1
				break
			}
			v1 := load(ip1)
			hl1 = hL(v1)
			if uint(idxl0-1) < uint(ip-1) && load(idxl0) == v {
				ml, cand, found = 8+matchLen(b, ip+8, idxl0+8, end), idxl0, 2
				break
			}
			idxl1 := int(tl[hl1]) - base
			if uint(idxs0-1) < uint(ip-1) && read32(idxs0) == uint32(v) {
				// A short match: a long one at the next position is
				// better.
				if uint(idxl1-1) < uint(ip1-1) && load(idxl1) == v1 {
					ip = ip1
					ml, cand = 8+matchLen(b, ip+8, idxl1+8, end), idxl1
				} else {
					ml, cand = 4+matchLen(b, ip+4, idxs0+4, end), idxs0
				}
				found = 2
				break
			}
			if ip1 >= nextStep {
				step++
				nextStep += dfastStepIncr
			}
			ip = ip1
			ip1 += step
			hl0, idxl0 = hl1, idxl1
			if ip1 > limit {
				break
			}
		}
		if found == 0 {
			break
		}
		if found == 2 {
			for ip > anchor && cand > 0 && b[ip-1] == b[cand-1] {
				ip--
				cand--
				ml++
			}
			if step < 4 {
				tl[hl1] = uint32(ip1 + base)
			}
			e.emit(b, anchor, ip, ip-cand, ml)
		}
		ip += ml
		anchor = ip
		if ip <= limit {
			// Enter positions in and around the match.
			c2 := curr + 2
			v2 := load(c2)
			tl[hL(v2)] = uint32(c2 + base)
			tl[hL(load(ip-2))] = uint32(ip - 2 + base)
			ts[hS(v2)] = uint32(c2 + base)
			ts[hS(load(ip-1))] = uint32(ip - 1 + base)
			// Immediate repeats of the second offset.
			for ip <= limit {
				r := e.rep[1]
				if ip < r || read32(ip) != read32(ip-r) {
					break
				}
				l := 4 + matchLen(b, ip+4, ip+4-r, end)
				v := load(ip)
				ts[hS(v)] = uint32(ip + base)
				tl[hL(v)] = uint32(ip + base)
				e.emit(b, anchor, ip, r, l)
				ip += l
				anchor = ip
			}
		}
	}
	e.lits = append(e.lits, b[anchor:end]...)
}
