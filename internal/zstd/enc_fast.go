package zstd

import "encoding/binary"

const (
	prime4 = 2654435761
	prime7 = 58295818150454627
	prime6 = 227718039650203
	prime5 = 889523592379
	prime8 = 0xCF1BBCDCB7A56463
)

// hashN hashes the first mm (4 to 7) bytes of v to log bits (at most 32).
func hashN(v uint64, mm int, log int) uint32 {
	switch mm {
	case 4:
		return uint32(v) * prime4 >> (32 - log)
	case 5:
		return uint32(((v << 24) * prime5) >> (64 - log))
	case 7:
		return uint32(((v << 8) * prime7) >> (64 - log))
	}
	return uint32(((v << 16) * prime6) >> (64 - log))
}

func hash8(v uint64, log int) uint32 { return uint32((v * prime8) >> (64 - log)) }

// prepare chooses the settings for b, of which the first start bytes are
// dictionary content, sizes the hash tables and enters the dictionary.
//
// The hash tables of fast and dfast are not cleared between inputs: an
// entry holds a position plus e.tblBase, and each input gets a base past
// every position entered before (zstd's window index does the same), so
// entries of earlier inputs read as positions before the input's start,
// which are never matches. The tables are cleared only when the bases
// would outgrow 2^30.
func (e *Encoder) prepare(b []byte, start int) {
	p := paramsFor(e.level, len(b))
	e.p = p
	if p.strat >= stratBtopt {
		e.prepareOpt(b, start)
		return
	}
	if p.strat == stratBtlazy2 {
		e.dubt.reset(b, p)
		e.dubt.loadDict(start)
		return
	}
	if p.strat >= stratGreedy {
		e.rows.reset(b, p)
		n := max(min(start, len(b)-8), 0)
		e.rows.insertRange(0, n) // all of it: no skipping
		e.rows.next = n
		return
	}
	base := e.tblEnd
	if base > 1<<30-len(b) {
		clear(e.table[:cap(e.table)])
		clear(e.table2[:cap(e.table2)])
		base = 0
	}
	e.tblBase, e.tblEnd = base, base+len(b)
	e.table = resizeKeep(e.table, 1<<p.hashLog)
	if p.strat == stratFast {
		e.table = resizeKeep(e.table, max(1<<p.hashLog, fastTableMask+1))
	}
	if p.strat == stratDfast {
		e.table2 = resizeKeep(e.table2, 1<<p.chainLog)
	}
	mm := int(p.minMatch)
	for i := 0; i+8 <= len(b) && i < start; i++ {
		v := binary.LittleEndian.Uint64(b[i:])
		if p.strat == stratDfast {
			e.table[hash8(v, int(p.hashLog))] = uint32(i + base)
			e.table2[hashN(v, mm, int(p.chainLog))] = uint32(i + base)
		} else {
			e.table[hashN(v, mm, int(p.hashLog))] = uint32(i + base)
		}
	}
}

// resizeKeep returns t with length n, keeping its entries.
func resizeKeep(t []uint32, n int) []uint32 {
	if cap(t) < n {
		return make([]uint32, n)
	}
	return t[:n]
}

// match finds the sequences of b[pos:end] into e.seqs and e.lits.
func (e *Encoder) match(b []byte, pos, end int) {
	switch e.p.strat {
	case stratFast:
		e.matchFast(b, pos, end)
	case stratDfast:
		e.matchDfast(b, pos, end)
	case stratBtopt, stratBtultra, stratBtultra2:
		e.matchOpt(b, pos, end)
	case stratBtlazy2:
		e.matchLazy(b, pos, end)
	default:
		e.matchLazyRow(b, pos, end)
	}
}

// In the hash tables, 0 is an empty entry, as in zstd (whose first
// position has index 2): a match at the input's first byte is never
// taken. Taking one from an empty entry where the bytes happen to match
// (runs at the start of a highly structured stream) sets repeat offsets
// that zstd would not have and cost up to half again the size.

// matchFast is zstd's "fast" strategy: one hash table probed at two
// positions in turn, a repeat-offset check a step ahead, matches of 4
// bytes or more, and a step that grows by one every 128 bytes without a
// match (from 2: every position is probed at first).
//
// The loop is zstd's (ZSTD_compressBlock_fast_noDict_generic) with the
// hash of hashN computed without branching on minMatch (hashShift) and
// the table indexed through a mask that spares the bounds checks. It is
// fastLoop (assembly on amd64, fastLoopGeneric elsewhere), which appends
// to e.lits and e.seqs within room made here: the whole parse runs in
// one call, with no call and no reload of its state per sequence.
func (e *Encoder) matchFast(b []byte, pos, end int) {
	sl, pr := hashShift(int(e.p.minMatch))
	lits, seqs := e.lits, e.seqs
	if cap(lits)-len(lits) < end-pos {
		lits = append(make([]byte, 0, len(lits)+end-pos), lits...)
	}
	// A sequence covers 4 bytes or more of b[pos:end].
	if n := (end-pos)/4 + 1; cap(seqs)-len(seqs) < n {
		seqs = append(make([]seq, 0, len(seqs)+n), seqs...)
	}
	fs := &e.fast
	*fs = fastState{
		b: b, t: (*[fastTableMask + 1]uint32)(e.table[:fastTableMask+1]),
		base: e.tblBase, limit: end - 8, rep0: e.rep[0],
		sl: uint64(sl), sr: uint64(64 - e.p.hashLog), pr: pr,
		end: end, ip: max(pos, 1), anchor: pos, rep1: e.rep[1], rep2: e.rep[2],
		lits: lits, seqs: seqs,
	}
	if useFastLoopAsm {
		fastLoop(fs)
	} else {
		fastLoopGeneric(fs)
	}
	e.lits = append(fs.lits, b[fs.anchor:end]...)
	e.seqs = fs.seqs
	e.rep = [3]int{fs.rep0, fs.rep1, fs.rep2}
	fs.b, fs.lits, fs.seqs = nil, nil, nil
}

// fastTableMask masks the hashes of matchFast: its table has room for
// the largest hashLog of the fast strategy (16, zstd's level 2 for inputs
// of 128-256 KB), so that masked hashes need no bounds checks.
const fastTableMask = 1<<16 - 1

// hashShift returns the shift and the multiplier that hash the first mm
// bytes (4 to 8) of a little-endian word v as hashN and hash8 do:
// (v<<sl)*pr, of which the top bits are the hash. For mm = 4, the top 32
// bits of (v<<32)*prime4 are the low 32 bits of uint32(v)*prime4.
func hashShift(mm int) (sl uint, pr uint64) {
	switch mm {
	case 4:
		return 32, prime4
	case 5:
		return 24, prime5
	case 7:
		return 8, prime7
	case 8:
		return 0, prime8
	}
	return 16, prime6
}

// fastStepIncr is how many bytes without a match make matchFast's step
// one longer (zstd's 1 << (kSearchStrength-1)).
const fastStepIncr = 128
