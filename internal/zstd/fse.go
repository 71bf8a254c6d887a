package zstd

import (
	"encoding/binary"
	"math/bits"
)

// FSE table kinds of the sequences section.
const (
	kindLL = iota // literal lengths
	kindOF        // offsets
	kindML        // match lengths
)

var (
	fseMaxLog = [3]int{kindLL: 9, kindOF: 8, kindML: 9}
	fseMaxSym = [3]int{kindLL: 35, kindOF: 31, kindML: 52}

	// The predefined distributions (RFC 8878 3.1.1.3.2.2).
	predefLog  = [3]uint8{kindLL: 6, kindOF: 5, kindML: 6}
	predefNorm = [3][]int16{
		kindLL: {4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1},
		kindOF: {1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1},
		kindML: {1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
			1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1},
	}
	predefTable [3]fseTable
)

func init() {
	initBaselines()
	initSeqVals()
	for k := range predefTable {
		if err := predefTable[k].build(predefNorm[k], predefLog[k]); err != nil {
			panic("zstd: predefined table: " + err.Error())
		}
		predefTable[k].setBaselines(k)
	}
}

// fseEntry is one state of an FSE decoding table.
type fseEntry struct {
	sym  uint8
	nb   uint8  // bits to read for the next state
	base uint16 // next state = base + those bits
}

// fseTable is an FSE decoding table of up to 1<<9 states (the largest
// accuracy log zstd uses); fixed-size so that masked indexes need no
// bounds checks. The sequences' tables (after setBaselines) also have seq,
// each state packed in one word for the hot loop: see seqEntry.
type fseTable struct {
	e   [512]fseEntry
	seq [512]uint64
	log uint8
}

// seqEntry packs a state of a sequences table: the bits to read for the
// next state (bits 0-7), the extra bits of the value (8-15), the next
// state's base (16-31) and the value's baseline (32-63).
func seqEntry(nb, addBits uint8, base uint16, baseVal uint32) uint64 {
	return uint64(nb) | uint64(addBits)<<8 | uint64(base)<<16 | uint64(baseVal)<<32
}

// build builds the decoding table of a normalized distribution (RFC 8878
// 4.1.1) with accuracy log log (at most 9).
func (tab *fseTable) build(norm []int16, log uint8) error {
	size := 1 << log
	t := tab.e[:size]
	var next [64]uint16
	if len(norm) > len(next) {
		return reason("FSE distribution has too many symbols")
	}
	high := size - 1
	for s, n := range norm {
		if n == -1 {
			if high < 0 {
				return reason("bad FSE distribution")
			}
			t[high].sym = uint8(s)
			high--
			next[s] = 1
		} else {
			next[s] = uint16(n)
		}
	}
	pos, step, mask := 0, size>>1+size>>3+3, size-1
	for s, n := range norm {
		for i := 0; i < int(n); i++ {
			t[pos].sym = uint8(s)
			for pos = (pos + step) & mask; pos > high; pos = (pos + step) & mask {
			}
		}
	}
	if pos != 0 {
		return reason("bad FSE distribution")
	}
	for u := range t {
		s := t[u].sym
		x := next[s]
		if x == 0 {
			return reason("bad FSE distribution")
		}
		next[s]++
		nb := int(log) - (bits.Len16(x) - 1)
		t[u].nb = uint8(nb)
		t[u].base = uint16(int(x)<<nb - size)
	}
	tab.log = log
	return nil
}

// seqVals[k][c] is the extra bits and value baseline of code c of the
// sequences tables of kind k, as seqEntry packs them (bits 8-15 and
// 32-63).
var seqVals [3][64]uint64

func initSeqVals() {
	for c := range seqVals[kindLL] {
		if c <= fseMaxSym[kindLL] {
			seqVals[kindLL][c] = seqEntry(0, llBits[c], 0, llBase[c])
		}
		if c <= fseMaxSym[kindML] {
			seqVals[kindML][c] = seqEntry(0, mlBits[c], 0, mlBase[c])
		}
		o := uint8(c & 31)
		seqVals[kindOF][c] = seqEntry(0, o, 0, 1<<o)
	}
}

// buildSeq builds the packed states (tab.seq) of a sequences table of
// kind k from a normalized distribution with accuracy log log (at most
// 9): what build then setBaselines give, in one pass over the states
// (tab.e is left as it was). See spreadSymbols for the spread.
func (tab *fseTable) buildSeq(norm []int16, log uint8, k int) error {
	size := 1 << log
	var syms [512]uint8
	var next [64]uint16
	if len(norm) > len(next) {
		return reason("FSE distribution has too many symbols")
	}
	if err := spreadSymbols(&syms, &next, norm, log); err != nil {
		return err
	}
	vals := &seqVals[k]
	seq := tab.seq[:size]
	syms2 := syms[:len(seq)]
	sz := uint32(size)
	for u := range seq {
		s := syms2[u] & 63
		x := uint32(next[s])
		if x == 0 {
			return reason("bad FSE distribution")
		}
		next[s] = uint16(x + 1)
		nb := uint32(log) + 1 - uint32(bits.Len32(x))
		seq[u] = vals[s] | uint64(nb) | uint64((x<<(nb&15)-sz)&0xFFFF)<<16
	}
	tab.log = log
	return nil
}

// spreadSymbols spreads the symbols of a normalized distribution with
// accuracy log log (at most 9) over the states (RFC 8878 4.1.1) into
// syms, and sets next[s] to the first "next state" counter of each
// symbol: its count, 1 for a "less than 1" symbol. len(norm) is at most
// len(next).
//
// Without "less than 1" symbols (the common case) no cell is skipped,
// so the i-th symbol in order of the distribution lands in state
// i*step mod size: the symbols are first written in order with 8-byte
// stores (a run of 8 copies per step, runs overlapping), then scattered
// four at a time with independent positions. With such symbols, the
// spread steps over the cells at the top that they take.
func spreadSymbols(syms *[512]uint8, next *[64]uint16, norm []int16, log uint8) error {
	size := 1 << (log & 15)
	if size > len(syms) {
		return reason("FSE accuracy log too large")
	}
	high := size - 1
	for s, n := range norm {
		if n == -1 {
			if high < 0 {
				return reason("bad FSE distribution")
			}
			syms[high&511] = uint8(s)
			high--
			next[s&63] = 1
		} else {
			next[s&63] = uint16(n)
		}
	}
	step, mask := size>>1+size>>3+3, size-1
	if high != size-1 {
		pos := 0
		for s, n := range norm {
			for i := 0; i < int(n); i++ {
				syms[pos&511] = uint8(s)
				for pos = (pos + step) & mask; pos > high; pos = (pos + step) & mask {
				}
			}
		}
		if pos != 0 {
			return reason("bad FSE distribution")
		}
		return nil
	}
	// lin holds the symbols in order, with room for the last run's
	// 8-byte stores.
	var lin [512 + 8]uint8
	p := 0
	for s, n := range norm {
		if int(n) > size-p {
			return reason("bad FSE distribution")
		}
		v := uint64(s) * 0x0101010101010101
		binary.LittleEndian.PutUint64(lin[p:], v)
		for i := 8; i < int(n); i += 8 {
			binary.LittleEndian.PutUint64(lin[p+i:], v)
		}
		p += max(int(n), 0)
	}
	if p != size {
		return reason("bad FSE distribution")
	}
	// size is a multiple of 4 (log >= 2) or below 4.
	i, pos := 0, 0
	for ; i+4 <= size; i += 4 {
		syms[pos&mask&511] = lin[i]
		syms[(pos+step)&mask&511] = lin[i+1]
		syms[(pos+2*step)&mask&511] = lin[i+2]
		syms[(pos+3*step)&mask&511] = lin[i+3]
		pos += 4 * step
	}
	for ; i < size; i++ {
		syms[pos&mask&511] = lin[i&511]
		pos += step
	}
	return nil
}

// setRLE makes tab the one-state table of symbol sym (RLE mode) of kind
// k.
func (tab *fseTable) setRLE(sym uint8, k int) {
	tab.e[0] = fseEntry{sym: sym}
	tab.log = 0
	tab.setBaselines(k)
}

// setBaselines sets the value baselines and extra bits of the states of a
// sequences table of kind k (RFC 8878 3.1.1.3.2.1): literal and match
// length codes from llBase/llBits and mlBase/mlBits, offset code c is
// 1<<c plus c bits.
func (tab *fseTable) setBaselines(k int) {
	t := tab.e[:1<<tab.log]
	for i := range t {
		c := t[i].sym & 63
		var ab uint8
		var bv uint32
		switch k {
		case kindLL:
			ab, bv = llBits[c], llBase[c]
		case kindML:
			ab, bv = mlBits[c], mlBase[c]
		default:
			c &= 31
			ab, bv = c, 1<<c
		}
		tab.seq[i] = seqEntry(t[i].nb, ab, t[i].base, bv)
	}
}

// readNCount reads an FSE table description (RFC 8878 4.1.1) whose symbols
// are at most maxSym and accuracy log at most maxLog from b into norm. It
// returns the distribution, its accuracy log and the bytes read.
func readNCount(norm *[64]int16, b []byte, maxSym, maxLog int) ([]int16, uint8, int, error) {
	// Bits are read little-endian from a zero-padded view of b.
	bitPos := 0
	peek := func() uint32 {
		i := bitPos >> 3
		var v uint32
		for j := 3; j >= 0; j-- {
			v <<= 8
			if i+j < len(b) {
				v |= uint32(b[i+j])
			}
		}
		return v >> (bitPos & 7)
	}
	if len(b) == 0 {
		return nil, 0, 0, reason("FSE table description truncated")
	}
	log := int(b[0]&15) + 5
	bitPos = 4
	if log > maxLog {
		return nil, 0, 0, reason("FSE accuracy log too large")
	}
	remaining := 1<<log + 1
	threshold := 1 << log
	nbBits := log + 1
	sym := 0
	prev0 := false
	for remaining > 1 && sym <= maxSym {
		if prev0 {
			n0 := sym
			for {
				r := int(peek() & 3)
				bitPos += 2
				n0 += r
				if r != 3 {
					break
				}
				if n0 > maxSym+1 || bitPos > 8*len(b)+32 {
					return nil, 0, 0, reason("FSE table description: too many symbols")
				}
			}
			if n0 > maxSym {
				return nil, 0, 0, reason("FSE table description: too many symbols")
			}
			for ; sym < n0; sym++ {
				norm[sym] = 0
			}
		}
		v := peek()
		max := (2*threshold - 1) - remaining
		var count int
		if int(v)&(threshold-1) < max {
			count = int(v) & (threshold - 1)
			bitPos += nbBits - 1
		} else {
			count = int(v) & (2*threshold - 1)
			if count >= threshold {
				count -= max
			}
			bitPos += nbBits
		}
		count--
		if count < 0 {
			remaining += count
		} else {
			remaining -= count
		}
		norm[sym] = int16(count)
		sym++
		prev0 = count == 0
		for remaining < threshold && threshold > 1 {
			nbBits--
			threshold >>= 1
		}
	}
	n := (bitPos + 7) >> 3
	if remaining != 1 || n > len(b) {
		return nil, 0, 0, reason("bad FSE table description")
	}
	return norm[:sym], uint8(log), n, nil
}
