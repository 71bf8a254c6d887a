package zstd

import (
	"encoding/binary"
	"math/bits"
)

// matchLazy is zstd's lazy2 strategy on the binary tree (btlazy2, with
// dubtFinder): the longest match, taken unless one found a byte or two
// later scores better. The repeat offset is tried first, a byte ahead,
// and after each match the second repeat offset is tried again and again
// (zstd's "immediate repcode"). matchLazyRow is the same parse on the
// rows of rowFinder, for greedy (depth 0), lazy (1) and lazy2 (2).
//
// Offsets are scored in zstd's terms: offBase is 1 for the first repeat
// offset, else the offset plus 3, and a match's gain is 4 bits a byte
// less the offBase's bit length.
//
// zstd enters every position in the tree, skipping none after long runs
// without a match, and leaves those at the block's end to the next
// block's first search.
func (e *Encoder) matchLazy(b []byte, pos, end int) {
	const depth = 2
	find := func(ip int) (int, int) { return e.dubt.find(ip, end) }
	anchor, ip := pos, pos
	limit := end - 8
	if ip == 0 {
		ip = 1
	}
	read32 := func(p int) uint32 { return binary.LittleEndian.Uint32(b[p:]) }
	// repAt returns the length of the first repeat offset's match at p
	// (0 if under 4 bytes).
	repAt := func(p int) int {
		r := e.rep[0]
		if p-r < 0 || read32(p) != read32(p-r) {
			return 0
		}
		return 4 + matchLen(b, p+4, p+4-r, end)
	}
	for ip < limit {
		ml, off, start := 0, 0, ip+1 // off 0: the first repeat offset
		if l := repAt(ip + 1); l > 0 {
			ml = l
		}
		if l, o := find(ip); l > ml {
			ml, off, start = l, o, ip
		}
		if ml < 4 {
			ip += 1 + (ip-anchor)>>8
			continue
		}
		for d := 1; d <= depth && ip < limit; d++ {
			// Try a byte further: the repeat offset, then a search.
			ip++
			if ip >= limit {
				break
			}
			if l := repAt(ip); l > 0 && repBetter(l, ml, off, d) {
				ml, off, start = l, 0, ip
			}
			if l, o := find(ip); matchBetter(l, o, ml, off, d) {
				ml, off, start = l, o, ip
				d = 0 // start over from here
			}
		}
		ip = e.emitLazy(b, anchor, start, off, ml, limit, end)
		anchor = ip
	}
	e.lits = append(e.lits, b[anchor:end]...)
}

// repBetter reports whether a first-repeat-offset match of l bytes found
// d bytes after the current one (ml bytes, offset off) replaces it in the
// lazy parse (zstd's gain comparison for repeat matches).
func repBetter(l, ml, off, d int) bool {
	mul := 3
	if d == 2 {
		mul = 4
	}
	return l*mul > ml*mul-offBits(off)+1
}

// matchBetter reports whether a match of l bytes at offset o found d bytes
// after the current one (ml bytes, offset off) replaces it in the lazy
// parse: 4 bits a byte less the offset's bits, with a bonus for the
// current match of 4 bits one byte on and 7 bits two bytes on.
func matchBetter(l, o, ml, off, d int) bool {
	bonus := 4
	if d == 2 {
		bonus = 7
	}
	return l >= 4 && 4*l-offBits(o) > 4*ml-offBits(off)+bonus
}

// emitLazy emits the match a lazy parse chose: ml bytes at start with
// offset off (0: the first repeat offset), a new offset first extended
// backwards over equal bytes down to anchor; then, while they match at
// 4 bytes or more before limit, the immediate repeats of the second
// repeat offset (zstd's "immediate repcode"). It returns the position
// after the last match emitted.
func (e *Encoder) emitLazy(b []byte, anchor, start, off, ml, limit, end int) int {
	r := off
	if off == 0 {
		r = e.rep[0]
	} else {
		c := start - off
		for start > anchor && c > 0 && b[start-1] == b[c-1] {
			start--
			c--
			ml++
		}
	}
	e.emit(b, anchor, start, r, ml)
	ip := start + ml
	for ip <= limit {
		r := e.rep[1]
		if ip < r || load32(b, ip) != load32(b, ip-r) {
			break
		}
		l := 4 + matchLen(b, ip+4, ip+4-r, end)
		e.emit(b, ip, ip, r, l)
		ip += l
	}
	return ip
}

// offBits is the bit length of a match's offBase, zstd's highbit of it:
// 0 for the first repeat offset (off 0), else that of off+3.
func offBits(off int) int {
	if off == 0 {
		return 0
	}
	return bits.Len(uint(off+3)) - 1
}
