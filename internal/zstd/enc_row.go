package zstd

import "encoding/binary"

// rowFinder is zstd's row match finder, used by the greedy, lazy and
// lazy2 strategies: the hash of a position picks a row of 16, 32 or 64
// entries, the newest first, each with the position and an 8-bit tag
// (more hash bits). A search compares the tags of the whole row at once
// and looks at the data only where they match: few, independent loads,
// where a hash chain follows one dependent load per candidate.
//
// Entries hold position+base. The base grows from stream to stream, so
// that the tables are never cleared: entries of earlier streams are below
// it.
type rowFinder struct {
	b        []byte
	tags     []byte   // rows << rowLog
	pos      []uint32 // rows << rowLog
	heads    []uint8  // per row: the slot of the newest entry
	base     uint32
	rowLog   uint
	rowBits  int // log2 of the number of rows
	attempts int
	minMatch int
	next     int // first position not entered yet
	// The hash of a position whose first 8 bytes are v is
	// v*hashMul>>hashShift: its low 8 bits are the tag, the others the
	// row (hashN with log rowBits+8, as one multiply and one shift).
	hashMul   uint64
	hashShift uint
}

// reset readies the finder for b (start bytes of dictionary first) with
// the settings p.
func (f *rowFinder) reset(b []byte, p levelParams) {
	rowLog := uint(min(max(p.searchLog, 4), 6))
	hashLog := max(min(int(p.hashLog), rowMaxHashLog), int(rowLog)+4)
	rowBits := hashLog - int(rowLog)
	n := 1 << hashLog
	fresh := len(f.tags) != n || f.rowLog != rowLog
	// Positions of b go up to base+len(b): past 2^32, start afresh.
	nb := uint64(f.base) + uint64(f.next) + 1
	if fresh || nb+uint64(len(b)) >= 1<<32 {
		if cap(f.tags) < n {
			f.tags = make([]byte, n)
			f.pos = make([]uint32, n)
		}
		f.tags, f.pos = f.tags[:n], f.pos[:n]
		clear(f.pos)
		if cap(f.heads) < 1<<rowBits {
			f.heads = make([]uint8, 1<<rowBits)
		}
		f.heads = f.heads[:1<<rowBits]
		nb = 1
	}
	f.base = uint32(nb)
	f.b = b
	f.rowLog = rowLog
	f.rowBits = rowBits
	f.attempts = 1 << min(uint(p.searchLog), rowLog)
	f.minMatch = int(min(max(p.minMatch, 4), 6))
	sl, pr := hashShift(f.minMatch)
	f.hashMul = pr << sl
	f.hashShift = uint(64 - (rowBits + 8))
	f.next = 0
}

// hash returns the row and tag of the position whose first 8 bytes are v:
// hashN(v, f.minMatch, f.rowBits+8), without its switch.
func (f *rowFinder) hash(v uint64) (int, uint8) {
	h := v * f.hashMul >> f.hashShift
	return int(h >> 8), uint8(h)
}

// insert enters positions up to (not including) upTo. Past a long match,
// only its first and last positions are entered (zstd's row finder does
// the same): the ones inside it rarely start a better match than those
// around them, and entering them all costs as much as the search on data
// that compresses well.
func (f *rowFinder) insert(upTo int) {
	if upTo-f.next > skipThreshold {
		f.insertRange(f.next, f.next+skipStart)
		f.next = upTo - skipEnd
	}
	f.insertRange(f.next, upTo)
	if upTo > f.next {
		f.next = upTo
	}
}

// Insertion skipping: past skipThreshold positions not entered, only the
// first skipStart and the last skipEnd are (zstd's values).
const (
	skipThreshold = 384
	skipStart     = 96
	skipEnd       = 32
)

// insertRange enters the positions from to upTo (each with 8 bytes in
// f.b).
func (f *rowFinder) insertRange(from, upTo int) {
	if from >= upTo {
		return
	}
	_ = f.b[upTo+6] // the last position's 8 bytes
	if useRowAsm {
		rowInsert(f, from, upTo)
		return
	}
	rowInsertGeneric(f, from, upTo)
}

// rowInsertGeneric is insertRange once its bounds are checked, the
// reference of rowInsert's assembly twins (always compiled, cross-checked
// against them).
func rowInsertGeneric(f *rowFinder, from, upTo int) {
	b := f.b
	mask := uint8(1)<<f.rowLog - 1
	for p := from; p < upTo; p++ {
		row, tag := f.hash(binary.LittleEndian.Uint64(b[p:]))
		head := (f.heads[row] - 1) & mask
		f.heads[row] = head
		i := row<<f.rowLog | int(head)
		f.tags[i] = tag
		f.pos[i] = uint32(p) + f.base
	}
}

// catchUp readies a search at ip (rowFind, which enters the positions from
// f.next to ip itself): where more than skipThreshold positions wait, it
// enters them as insert does, skipping those inside a long match.
func (f *rowFinder) catchUp(ip int) {
	if ip-f.next > skipThreshold {
		f.insert(ip)
	}
}

// rowMaxHashLog caps the row tables at 64Ki entries (320 KiB, within a
// core's L2 cache) where zstd's table asks for up to 2^20 for 512 KiB
// inputs: on Blosc's shuffled streams of 256-512 KiB, compressed sizes
// differ by less than 0.1% and the search runs twice as fast, no longer
// waiting on cache misses.
const rowMaxHashLog = 16
