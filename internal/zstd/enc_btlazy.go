package zstd

import (
	"encoding/binary"
	"math/bits"
)

// dubtFinder is zstd's lazily sorted binary tree match finder (its
// "DUBT"), used by the btlazy2 strategy with the lazy2 parse.
//
// A hash table of hashLog bits holds the newest position of each hash of
// minMatch bytes. Every position has a node of two links in the tree
// table, a ring of 2^(chainLog-1) nodes indexed by position. The nodes
// reached from a hash head form a binary search tree of the suffixes that
// start at those positions, ordered by their bytes: the first link of a
// node leads to smaller suffixes, the second to larger ones, and every
// link leads to older positions. Positions are entered unsorted, as a hash
// chain (first link: the previous head; second: an "unsorted" mark), and
// sorted into the tree only when a search reaches them, so that positions
// that no search ever looks at cost a hash, a load and two stores. A
// search first
// sorts the unsorted candidates at the head of its chain (oldest first, at
// most 2^searchLog of them), then walks down the tree from the head,
// inserting its own position as the new root: each step compares the
// suffixes past the length both neighbours already share and goes left or
// right, at most 2^searchLog steps. Every loop is bounded by that budget
// (a sort gets what the unsorted walk left of it, plus one per sort).
//
// Entries hold position+base, base growing from input to input so that
// the tables are never cleared: entries of earlier inputs are at most
// base, which reads as "no candidate" (position 0 itself is never a
// candidate, as in zstd, whose window starts at index 2 and whose searches
// stop at it). Nodes are written before any link to them exists, so
// stale nodes of earlier inputs are never reached.
type dubtFinder struct {
	b        []byte
	hash     []uint32
	nodes    [][2]uint32 // 2^(chainLog-1): smaller, larger
	base     uint32      // entry of b[0]
	top      uint64      // past the entries of the current input
	hashLog  uint
	hashShl  uint   // the hash is ((v<<hashShl)*hashMul)>>(64-hashLog)
	hashMul  uint64 // (hashN's for minMatch bytes)
	btMask   uint32 // nodes - 1
	compares int    // 2^searchLog
	mls      int
	next     int // first position not entered yet (zstd's nextToUpdate)
}

// dubtUnsorted marks a node entered but not sorted yet: its first link
// is the previous position of its hash. No entry is 1: bases are at least 2.
const dubtUnsorted = 1

// dubtMaxBase bounds base+len(b): past it the base starts over at 2 and the
// hash table is cleared (matchEnd, a position past a match, and the
// 8-byte margin must stay below 2^32).
const dubtMaxBase = 1<<32 - 64

// reset readies the finder for b (dictionary content first) with the
// settings p: hashLog bits of hash, 2^(chainLog-1) nodes, 2^searchLog
// comparisons a search.
func (f *dubtFinder) reset(b []byte, p levelParams) {
	n := 1 << p.hashLog
	nb := f.top + 1
	if f.top == 0 || nb+uint64(len(b)) >= dubtMaxBase {
		clear(f.hash[:cap(f.hash)])
		nb = 2
	}
	if cap(f.hash) < n {
		f.hash = make([]uint32, n)
	}
	f.hash = f.hash[:n]
	t := 1 << (p.chainLog - 1)
	if cap(f.nodes) < t {
		f.nodes = make([][2]uint32, t)
	}
	f.nodes = f.nodes[:t]
	f.b = b
	f.base = uint32(nb)
	f.top = nb + uint64(len(b))
	f.hashLog = uint(p.hashLog)
	f.btMask = uint32(t - 1)
	f.compares = 1 << p.searchLog
	f.mls = int(min(max(p.minMatch, 4), 6))
	// hashN's hashes of 4, 5 and 6 bytes as one formula: for 4 bytes,
	// the top 32 bits of (v<<32)*prime4 are uint32(v)*prime4.
	switch f.mls {
	case 4:
		f.hashShl, f.hashMul = 32, prime4
	case 5:
		f.hashShl, f.hashMul = 24, prime5
	default:
		f.hashShl, f.hashMul = 16, prime6
	}
	f.next = 0
}

// hashAt returns the hash of the minMatch bytes at p.
func (f *dubtFinder) hashAt(p int) uint32 {
	v := binary.LittleEndian.Uint64(f.b[p:])
	return uint32(((v << (f.hashShl & 63)) * f.hashMul) >> ((64 - f.hashLog) & 63))
}

// loadDict enters the first n bytes of b (dictionary content) sorted, as
// zstd's dictionary loading does, so that the searches of the input find
// them in the tree rather than in an unsorted chain cut at 2^searchLog.
func (f *dubtFinder) loadDict(n int) {
	for p := 0; p+8 <= n; p++ {
		f.find(p, n)
	}
}

// find returns the best match at ip (length and offset; a length under
// 4 is no match) not past end, and enters ip into the tree. Positions
// inside a long match found earlier are neither entered nor searched
// (zstd's "skip repetitive patterns"): find returns 0 for them. The
// caller guarantees ip+8 <= end <= len(f.b).
func (f *dubtFinder) find(ip, end int) (int, int) {
	if ip < f.next {
		return 0, 0
	}
	f.update(ip)
	return f.search(ip, end)
}

// update enters the positions from f.next up to ip unsorted.
func (f *dubtFinder) update(ip int) {
	p := f.next
	if p >= ip {
		return
	}
	f.next = ip
	idx := uint32(p) + f.base
	shr := (64 - f.hashLog) & 63
	switch b := f.b[p : ip+7]; f.mls {
	case 4:
		dubtInsert(b, f.hash, f.nodes, idx, f.btMask, 32, shr, prime4)
	case 5:
		dubtInsert(b, f.hash, f.nodes, idx, f.btMask, 24, shr, prime5)
	default:
		dubtInsert(b, f.hash, f.nodes, idx, f.btMask, 16, shr, prime6)
	}
}

// dubtInsert enters the positions of b but its last 7 bytes, the first
// one with entry idx, unsorted: the hash of a position's 8 bytes v is
// ((v<<shl)*mul)>>shr.
func dubtInsert(b []byte, hash []uint32, nodes [][2]uint32, idx, mask uint32, shl, shr uint, mul uint64) {
	for i := 0; i < len(b)-7; i++ {
		h := uint32(((binary.LittleEndian.Uint64(b[i:]) << shl) * mul) >> shr)
		nodes[idx&mask] = [2]uint32{hash[h], dubtUnsorted}
		hash[h] = idx
		idx++
	}
}

// search sorts the unsorted candidates at the head of ip's chain, then
// walks the tree for the best match at ip while inserting ip as the root.
func (f *dubtFinder) search(ip, end int) (int, int) {
	b, nodes, base, mask := f.b, f.nodes, f.base, f.btMask
	h := f.hashAt(ip)
	cur := uint32(ip) + base
	btLow := uint32(0)
	if cur > mask {
		btLow = cur - mask // older nodes were overwritten by newer positions
	}
	low := max(btLow, base)

	// The unsorted candidates, newest first: their second links become
	// a chain back up (oldest first), ended by 0.
	m := f.hash[h]
	cands := f.compares
	prev := uint32(0)
	for m > low && cands > 1 {
		nd := &nodes[m&mask]
		if nd[1] != dubtUnsorted {
			break
		}
		nd[1] = prev
		prev = m
		m = nd[0]
		cands--
	}
	if m > low {
		if nd := &nodes[m&mask]; nd[1] == dubtUnsorted {
			// Left unsorted past the budget: dropped with its older chain.
			*nd = [2]uint32{}
		}
	}
	for m = prev; m != 0; cands++ {
		up := nodes[m&mask][1]
		f.sortIn(m, end, cands, low)
		m = up
	}

	// Search from the head, making ip the root: smaller and larger point
	// to the links still to fill (dummy past the tree's end).
	m = f.hash[h]
	f.hash[h] = cur
	root := &nodes[cur&mask]
	smaller, larger := &root[0], &root[1]
	var dummy uint32
	lenS, lenL := 0, 0
	matchEnd := cur + 9
	best, bestOff, bestBits := 0, 0, 29 // zstd starts from an offBase of 999999999
	for n := f.compares; n > 0 && m > base; n-- {
		nd := &nodes[m&mask]
		mp := int(m - base)
		ml := min(lenS, lenL)
		ml += matchLen(b, ip+ml, mp+ml, end)
		if ml > best {
			if uint32(ml) > matchEnd-m {
				matchEnd = m + uint32(ml)
			}
			if 4*(ml-best) > bits.Len32(cur-m+1)-1-bestBits {
				best, bestOff = ml, ip-mp
				bestBits = bits.Len(uint(bestOff+3)) - 1
			}
			if ip+ml == end {
				break // no byte to order ip by: the tree stays consistent without it
			}
		}
		if b[mp+ml] < b[ip+ml] {
			*smaller = m
			lenS = ml
			if m <= btLow {
				smaller = &dummy
				break
			}
			smaller = &nd[1]
			m = nd[1]
		} else {
			*larger = m
			lenL = ml
			if m <= btLow {
				larger = &dummy
				break
			}
			larger = &nd[0]
			m = nd[0]
		}
	}
	*smaller, *larger = 0, 0
	f.next = int(matchEnd - 8 - base)
	return best, bestOff
}

// sortIn sorts the entered position of entry cur into the tree below it,
// with at most compares comparisons; low is the oldest entry still in the
// tree (links to it or older ones end the walk).
func (f *dubtFinder) sortIn(cur uint32, end, compares int, low uint32) {
	b, nodes, base, mask := f.b, f.nodes, f.base, f.btMask
	cp := int(cur - base)
	root := &nodes[cur&mask]
	m := root[0] // the next candidate of its chain, already sorted
	smaller, larger := &root[0], &root[1]
	var dummy uint32
	lenS, lenL := 0, 0
	for ; compares > 0 && m > base; compares-- {
		nd := &nodes[m&mask]
		mp := int(m - base)
		ml := min(lenS, lenL)
		ml += matchLen(b, cp+ml, mp+ml, end)
		if cp+ml == end {
			break
		}
		if b[mp+ml] < b[cp+ml] {
			*smaller = m
			lenS = ml
			if m <= low {
				smaller = &dummy
				break
			}
			smaller = &nd[1]
			m = nd[1]
		} else {
			*larger = m
			lenL = ml
			if m <= low {
				larger = &dummy
				break
			}
			larger = &nd[0]
			m = nd[0]
		}
	}
	*smaller, *larger = 0, 0
}
