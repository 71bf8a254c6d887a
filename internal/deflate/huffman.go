package deflate

import "math/bits"

// A decode table entry (uint32) describes one code word:
//
//	bits  0-4   the bits to drop for this table level: the code word
//	            length plus the symbol's extra bits (for a subtable
//	            pointer: the main table's index bits); bit 5 stays 0, so
//	            that buf >>= e & 63 is one shift, and bits 5-7 are 0 in
//	            the entries of lengths and distances, so that an
//	            instruction that takes its count from the low byte (BZHI)
//	            masks the length's or distance's bits with the entry
//	bit   6     end of block
//	bit   7     subtable pointer
//	bits  8-12  code word length (for a subtable pointer: the subtable's
//	            index bits)
//	bit  13     invalid code (unused symbol or the hole of an incomplete
//	            code)
//	bits 16-30  value: length or distance base, subtable start, code
//	            length symbol
//	bit  31     literal
//
// A literal entry holds its byte in bits 8-15; the main literal/length
// table also has double-literal entries (bit 30): two literals whose codes
// fit the main table together, the second byte in bits 16-23, the first
// code's length in bits 24-28 and the length of both in bits 0-4.
//
// A length or distance is value + (buf & (1<<total-1)) >> codelen, read
// from the bit buffer before the total bits (e & 31) are dropped: the bit
// buffer's shift waits on the entry's load only, not on field
// extraction.
const (
	fInvalid = 1 << 13
	fEOB     = 1 << 6
	fSub     = 1 << 7
	fLiteral = 1 << 31
	fDouble  = 1 << 30
	// fSpecial are the flags that leave the fast path of a length.
	fSpecial = fInvalid | fEOB | fSub
)

// Table sizes: a main table of 1<<xBits entries then the subtables. The
// totals are the largest any complete code needs (zlib's "enough" program
// for 288 symbols, 11 bits, 15 at most; 32 symbols, 8 bits, 15 at most);
// build checks them anyway.
const (
	litlenBits   = 11
	distBits     = 8
	precodeBits  = 7
	litlenEnough = 2342
	distEnough   = 402
	maxCodeLen   = 15
	numLitlen    = 288
	numDist      = 32
	numPrecode   = 19
)

// Symbol entries before the code length is added.
var (
	litlenSyms  [numLitlen]uint32
	distSyms    [numDist]uint32
	precodeSyms [numPrecode]uint32
)

// precodeOrder is the order of the code length code lengths in a dynamic
// block header.
var precodeOrder = [numPrecode]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

func init() {
	for i := 0; i < 256; i++ {
		litlenSyms[i] = fLiteral | uint32(i)<<8
	}
	litlenSyms[256] = fEOB
	base, extra := uint32(3), uint32(0)
	for s := 257; s < 286; s++ {
		if s >= 265 && s < 285 && (s-265)%4 == 0 {
			extra++
		}
		if s == 285 {
			base, extra = 258, 0
		}
		litlenSyms[s] = base<<16 | extra
		base += 1 << extra
	}
	litlenSyms[286], litlenSyms[287] = fInvalid, fInvalid
	base, extra = 1, 0
	for s := 0; s < 30; s++ {
		if s >= 4 && s%2 == 0 {
			extra++
		}
		distSyms[s] = base<<16 | extra
		base += 1 << extra
	}
	distSyms[30], distSyms[31] = fInvalid, fInvalid
	for s := range precodeSyms {
		precodeSyms[s] = uint32(s) << 16
	}
}

// Incomplete-code policies of build.
const (
	completeOnly    = iota // the precode
	singleOK               // one code of length 1 (literal/length)
	singleOrEmptyOK        // also no code at all (distance)
)

// litList lists literal codes of at most litlenBits-1 bits, by code
// length: byte in bits 0-7, reversed code word in bits 8-23, length in bits
// 24-28. build fills it for pairLiterals.
type litList struct {
	n int
	e [numLitlen]uint32
}

// build fills table with the decode entries of the canonical Huffman code
// given by lens (one length per symbol, 0 = unused), with a main table of
// 1<<tb entries. It returns an error reason for a code deflate rejects.
// If lits is not nil, it receives the literals (symbols below 256) of at
// most tb-1 bits, shortest first (what pairLiterals needs).
//
// The main table is filled by doubling: codes come in order of length, so
// when the codes of length l come, main[:1<<(l-1)] holds the entries of
// every code shorter than l (at their reversed code word, the index bits
// above the code's length being free); copying it to main[1<<(l-1):1<<l]
// repeats them over l bits, and each code of length l then takes the one
// entry at its reversed code word. Block copies instead of one strided
// store loop per code: for a dynamic block, Blosc's streams being small,
// the table builds weigh.
//
// The counting and sorting loops go through lens in four quarters at once:
// a counter incremented in memory waits on its previous increment, and
// most lengths are equal, so one chain would run at the store-to-load
// latency per symbol.
func build(table []uint32, lens []uint8, syms []uint32, tb uint, policy int, lits *litList) string {
	if lits != nil {
		lits.n = 0
	}
	// Quarter k of lens is lens[k*q:(k+1)*q], the last one also takes the
	// len(lens)%4 symbols past 4*q.
	var cnt [4][maxCodeLen + 1]uint16
	q := len(lens) / 4
	l0, l1, l2, l3 := lens[:q], lens[q:2*q], lens[2*q:3*q], lens[3*q:]
	for i := range l0 {
		cnt[0][l0[i]&maxCodeLen]++
		cnt[1][l1[i]&maxCodeLen]++
		cnt[2][l2[i]&maxCodeLen]++
		cnt[3][l3[i]&maxCodeLen]++
	}
	for _, l := range l3[q:] {
		cnt[3][l&maxCodeLen]++
	}
	var count [maxCodeLen + 1]uint16
	for l := range count {
		count[l] = cnt[0][l] + cnt[1][l] + cnt[2][l] + cnt[3][l]
	}
	count[0] = 0
	maxLen := uint(maxCodeLen)
	for maxLen > 0 && count[maxLen] == 0 {
		maxLen--
	}
	left := 1
	for l := 1; l <= maxCodeLen; l++ {
		left = left<<1 - int(count[l])
		if left < 0 {
			return errOversub
		}
	}
	main := table[:1<<tb]
	if left > 0 {
		switch {
		case maxLen == 0 && policy == singleOrEmptyOK:
		case maxLen == 1 && count[1] == 1 && policy != completeOnly:
		default:
			return errIncomplete
		}
		// Fill the holes with invalid entries; the single code (if any) is
		// written below.
		for i := range main {
			main[i] = fInvalid | 1 | 1<<8
		}
		if maxLen == 0 {
			return ""
		}
	}

	// Symbols sorted by code length, then by value: canonical order. Each
	// quarter has its own offsets (the quarters before it go first within
	// a length); unused symbols (length 0) go after the used ones, where
	// nothing reads them.
	var offs [4][maxCodeLen + 1]uint16
	o := uint16(0)
	for l := 1; l <= maxCodeLen; l++ {
		offs[0][l] = o
		offs[1][l] = o + cnt[0][l]
		offs[2][l] = offs[1][l] + cnt[1][l]
		offs[3][l] = offs[2][l] + cnt[2][l]
		o += count[l]
	}
	offs[0][0] = o
	offs[1][0] = o + cnt[0][0]
	offs[2][0] = offs[1][0] + cnt[1][0]
	offs[3][0] = offs[2][0] + cnt[2][0]
	var sorted [numLitlen]uint16
	for i := range l0 {
		a, b, c, e := l0[i]&maxCodeLen, l1[i]&maxCodeLen, l2[i]&maxCodeLen, l3[i]&maxCodeLen
		sorted[offs[0][a]] = uint16(i)
		sorted[offs[1][b]] = uint16(q + i)
		sorted[offs[2][c]] = uint16(2*q + i)
		sorted[offs[3][e]] = uint16(3*q + i)
		offs[0][a]++
		offs[1][b]++
		offs[2][c]++
		offs[3][e]++
	}
	for i, l := range l3[q:] {
		l &= maxCodeLen
		sorted[offs[3][l]] = uint16(4*q + i)
		offs[3][l]++
	}

	// The codes of at most tb bits, length by length: double the part of
	// the main table filled so far, then store one entry per code.
	// main[:1<<filled] holds the entries of the codes up to filled bits
	// (0: no code yet); the entries that are the prefix of a longer code
	// hold stale values until that code's subtable pointer is written.
	code, k, filled := uint32(0), 0, uint(0)
	for l := uint(1); l <= min(maxLen, tb); l++ {
		c := int(count[l])
		if c != 0 {
			if filled == 0 {
				filled = l
			}
			for ; filled < l; filled++ {
				copy(main[1<<filled:2<<filled], main[:1<<filled])
			}
			// A length or distance also holds the code length in bits 8-12
			// (its extra bits are in the low bits already).
			if lits == nil || l >= tb {
				for _, sym := range sorted[k : k+c] {
					r := uint32(bits.Reverse16(uint16(code)) >> (16 - l))
					s := syms[sym]
					main[r] = s + uint32(l) + uint32(l)<<8&^uint32(int32(s)>>31)
					code++
				}
			} else {
				// The literals come before the lengths in sorted; a
				// length symbol's entry lands past the count (1-sym>>8 is 0
				// for it), where the next literal or nothing overwrites it.
				n := lits.n
				for _, sym := range sorted[k : k+c] {
					r := uint32(bits.Reverse16(uint16(code)) >> (16 - l))
					s := syms[sym]
					main[r] = s + uint32(l) + uint32(l)<<8&^uint32(int32(s)>>31)
					lits.e[n] = uint32(l)<<24 | r<<8 | uint32(sym&0xff)
					n += 1 - int(sym>>8)
					code++
				}
				lits.n = n
			}
			k += c
		}
		code <<= 1
	}
	for ; filled > 0 && filled < tb; filled++ {
		copy(main[1<<filled:2<<filled], main[:1<<filled])
	}

	// The longer codes, in subtables.
	rem := count
	mask := uint32(1)<<tb - 1
	used := 1 << tb
	curPrefix, subStart, subBits := ^uint32(0), 0, uint(0)
	for l := tb + 1; l <= maxLen; l++ {
		for _, sym := range sorted[k : k+int(count[l])] {
			r := uint32(bits.Reverse16(uint16(code)) >> (16 - l))
			if prefix := r & mask; prefix != curPrefix {
				// A new subtable: as wide as the longest code that shares
				// this prefix needs.
				s := l - tb
				space := 1 << s
				for {
					space -= int(rem[tb+s])
					if space <= 0 || tb+s >= maxLen {
						break
					}
					s++
					space <<= 1
				}
				if used+1<<s > len(table) {
					return errOversub // cannot happen for a complete code
				}
				curPrefix, subStart, subBits = prefix, used, s
				used += 1 << s
				main[prefix] = uint32(subStart)<<16 | fSub | uint32(tb) | uint32(s)<<8
			}
			sl := l - tb
			s := syms[sym]
			e := s + uint32(sl) + uint32(sl)<<8&^uint32(int32(s)>>31)
			sub := table[subStart : subStart+1<<subBits]
			for j := r >> tb; j < 1<<subBits; j += 1 << sl {
				sub[j] = e
			}
			rem[l]--
			code++
		}
		k += int(count[l])
		code <<= 1
	}
	return ""
}

// pairLiterals turns the entries of the main table of tb bits that start
// with a literal code followed by another literal code, both within the
// tb bits, into double-literal entries. lits are the literals of at most
// tb-1 bits build listed, shortest first. It goes through the pairs of
// literals whose codes fit together (shortest first) and stores each
// pair's entry at its indexes (the first code, then the second, the bits
// above free): as many stores as double entries, no test per table entry.
func pairLiterals(main []uint32, tb uint, lits *litList) {
	list := lits.e[:lits.n]
	if len(list) == 0 {
		return
	}
	minLen := list[0] >> 24
	size := uint32(1) << tb
	for _, a := range list {
		la := a >> 24
		if la+minLen > uint32(tb) {
			break
		}
		base := fLiteral | fDouble | la<<24 | (a&0xff)<<8
		ra := a >> 8 & 0xffff
		for _, b := range list {
			lb := b >> 24
			if la+lb > uint32(tb) {
				break
			}
			e := base | (b&0xff)<<16 | (la + lb)
			step := uint32(1) << (la + lb)
			for j := ra | (b>>8&0xffff)<<la; j < size; j += step {
				main[j] = e
			}
		}
	}
}
