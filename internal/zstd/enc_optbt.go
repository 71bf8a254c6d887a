package zstd

import "encoding/binary"

// btFinder is the match finder of the optimal parsers (zstd's
// ZSTD_insertBtAndGetAllMatches): a hash table gives the newest position
// with the same first bytes, and a binary tree of the earlier positions
// sorted by their suffixes, rooted there, leads to every longer match in
// order of growing length. Each position is entered as its own search
// goes down the tree (the tree is re-sorted around it), so a search
// costs a descent of at most 2^searchLog nodes.
//
// The tree is a rolling buffer of 2^(chainLog-1) nodes: a node holds the
// smaller and the larger child of a position, and positions older than
// the buffer are cut off. With minMatch 3, a table of 3-byte hashes finds
// the 3-byte matches the tree (hashed on 4 bytes) does not.
//
// Entries hold position+base; the base grows from input to input, so that
// the tables are never cleared: entries below it are empty.
type btFinder struct {
	b       []byte
	hash    []uint32
	tree    []uint32 // 2 entries per node, then one that writes go to when a branch ends
	hash3   []uint32
	base    uint32
	hashLog uint8
	h3Log   uint8
	btMask  int
	mls     int // bytes hashed: minMatch within 4..6 (3 hashes 4)
	compare int // nodes a search visits at most
	next    int // first position not entered in the tree
	next3   int // first position not entered in hash3
	end     uint64
}

// zstd's limits: the longest match a search collects before it stops
// (ZSTD_OPT_NUM) and the log of the hash3 table (ZSTD_HASHLOG3_MAX).
const (
	optNum     = 1 << 12
	hash3MaxLg = 17
)

// reset readies the finder for b with the settings p and, if minMatch is
// 3, a hash3 table of 2^h3Log entries. extra is how far btultra2's first
// pass moves the base (rebase), so that every entry fits below 2^31.
func (f *btFinder) reset(b []byte, p levelParams, extra int, h3Log uint8) {
	f.b = b
	f.hashLog = p.hashLog
	btLog := int(p.chainLog) - 1
	f.btMask = 1<<btLog - 1
	f.mls = int(min(max(p.minMatch, 4), 6))
	f.compare = 1 << p.searchLog
	need := uint64(len(b)) + 1 + uint64(extra)
	if f.end+need >= 1<<31 {
		// Entries stay below 2^31, so that they and their differences
		// fit an int on 32-bit platforms too.
		clear(f.hash[:cap(f.hash)])
		clear(f.tree[:cap(f.tree)])
		clear(f.hash3[:cap(f.hash3)])
		f.end = 0
	}
	f.base = uint32(f.end) + 1
	f.end = uint64(f.base) + uint64(len(b))
	f.hash = resizeKeep(f.hash, 1<<f.hashLog)
	f.tree = resizeKeep(f.tree, 2<<btLog+1)
	f.h3Log = 0
	if p.minMatch == 3 {
		f.h3Log = h3Log
		f.hash3 = resizeKeep(f.hash3, 1<<f.h3Log)
	}
	f.next, f.next3 = 0, 0
}

// rebase forgets every position entered, all below upTo (btultra2 after
// its first pass over the first block): entries made so far read as
// empty.
func (f *btFinder) rebase(upTo int) {
	f.base += uint32(upTo) + 1
	f.end = uint64(f.base) + uint64(len(f.b))
	f.next, f.next3 = 0, 0
}

func (f *btFinder) hashAt(p int) int {
	return int(hashN(binary.LittleEndian.Uint64(f.b[p:]), f.mls, int(f.hashLog)))
}

func hash3(v uint32, log uint8) int { return int((v << 8) * 506832829 >> (32 - log)) }

// update enters the positions from f.next up to (not including) target,
// comparing up to end. Positions inside long repetitions are skipped as
// zstd skips them.
func (f *btFinder) update(target, end int) {
	for f.next < target {
		f.next += f.insert(f.next, end)
	}
	f.next = max(f.next, target)
}

// insert enters position p in the tree (zstd's ZSTD_insertBt1), comparing
// up to end, and returns how many positions to step: more than one when
// a long match shows that the next ones repeat this one.
func (f *btFinder) insert(p, end int) int {
	b := f.b
	tree := f.tree
	base := int(f.base)
	h := f.hashAt(p)
	m := int(f.hash[h]) - base
	f.hash[h] = uint32(p + base)
	dummy := len(tree) - 1
	smaller := 2 * (p & f.btMask)
	larger := smaller + 1
	btLow := p - f.btMask
	matchEnd := p + 9
	best := 8
	cs, cl := 0, 0 // bytes known in common with the smaller and the larger bound
	for n := f.compare; n > 0 && m >= 0; n-- {
		node := 2 * (m & f.btMask)
		l := min(cs, cl)
		l += matchLen(b, p+l, m+l, end)
		if l > best {
			best = l
			matchEnd = max(matchEnd, m+l)
		}
		if p+l == end {
			break // no byte to order them by: leave the tree as it is
		}
		if b[m+l] < b[p+l] {
			tree[smaller] = uint32(m + base)
			cs = l
			if m <= btLow {
				smaller = dummy
				break
			}
			smaller = node + 1
			m = int(tree[node+1]) - base
		} else {
			tree[larger] = uint32(m + base)
			cl = l
			if m <= btLow {
				larger = dummy
				break
			}
			larger = node
			m = int(tree[node]) - base
		}
	}
	tree[smaller], tree[larger] = 0, 0
	skip := 0
	if best > 384 {
		skip = min(192, best-384)
	}
	return max(skip, matchEnd-(p+8))
}

// optMatch is a match found at a position: its offBase (1-3 a repeat
// offset, else the offset plus 3) and length.
type optMatch struct {
	off, len uint32
}

// find enters p and returns in ms (room for optNum+3) the matches at p
// of growing length, longest last, not past end: the repeat offsets
// first (rep as the parser has them there, ll0 whether no literal
// precedes p), then a 3-byte match if minMatch is 3 and no repeat offset
// matched, then the tree's. Matches shorter than minMatch are not
// listed; a match longer than target ends the search.
func (f *btFinder) find(ms []optMatch, p, end int, rep *[3]uint32, ll0 bool, minMatch, target int) int {
	if p < f.next {
		return 0 // inside a repetition skipped by insert
	}
	f.update(p, end)
	b := f.b
	base := int(f.base)
	best := minMatch - 1
	n := 0
	cur := binary.LittleEndian.Uint32(b[p:])
	// Both tables are read first, so that their cache misses overlap
	// (hash3 gets every position before p first: its lookups see what
	// zstd's, which enters them when it looks up, see).
	h := f.hashAt(p)
	m := int(f.hash[h]) - base
	m3 := -1
	if f.h3Log != 0 {
		for i := f.next3; i < p; i++ {
			f.hash3[hash3(binary.LittleEndian.Uint32(b[i:]), f.h3Log)] = uint32(i + base)
		}
		f.next3 = max(f.next3, p)
		m3 = int(f.hash3[hash3(cur, f.h3Log)]) - base
	}
	mask := uint32(0xFFFFFFFF)
	if minMatch == 3 {
		mask = 0xFFFFFF
	}
	// Repeat offsets: rep[0..2], or rep[1], rep[2] and rep[0]-1 after a
	// match.
	first := 0
	if ll0 {
		first = 1
	}
	for k := first; k < first+3; k++ {
		var off int
		if k == 3 {
			off = int(rep[0]) - 1
		} else {
			off = int(rep[k])
		}
		if off < 1 || off > p {
			continue
		}
		if (binary.LittleEndian.Uint32(b[p-off:])^cur)&mask != 0 {
			continue
		}
		l := minMatch + matchLen(b, p+minMatch, p+minMatch-off, end)
		if l > best {
			best = l
			ms[n] = optMatch{off: uint32(k - first + 1), len: uint32(l)}
			n++
			if l > target || p+l == end {
				return n
			}
		}
	}
	if best < 3 && m3 >= 0 && p-m3 < 1<<18 {
		if l := matchLen(b, p, m3, end); l >= 3 {
			best = l
			ms[0] = optMatch{off: uint32(p - m3 + 3), len: uint32(l)}
			n = 1
			if l > target || p+l == end {
				f.next = p + 1 // p itself is not entered
				return 1
			}
		}
	}
	tree := f.tree
	f.hash[h] = uint32(p + base)

	dummy := len(tree) - 1
	smaller := 2 * (p & f.btMask)
	larger := smaller + 1
	btLow := p - f.btMask
	matchEnd := p + 9
	cs, cl := 0, 0
	for c := f.compare; c > 0 && m >= 0; c-- {
		node := 2 * (m & f.btMask)
		l := min(cs, cl)
		l += matchLen(b, p+l, m+l, end)
		if l > best {
			matchEnd = max(matchEnd, m+l)
			best = l
			ms[n] = optMatch{off: uint32(p - m + 3), len: uint32(l)}
			n++
			if l > optNum || p+l == end {
				break
			}
		}
		if b[m+l] < b[p+l] {
			tree[smaller] = uint32(m + base)
			cs = l
			if m <= btLow {
				smaller = dummy
				break
			}
			smaller = node + 1
			m = int(tree[node+1]) - base
		} else {
			tree[larger] = uint32(m + base)
			cl = l
			if m <= btLow {
				larger = dummy
				break
			}
			larger = node
			m = int(tree[node]) - base
		}
	}
	tree[smaller], tree[larger] = 0, 0
	f.next = matchEnd - 8
	return n
}
