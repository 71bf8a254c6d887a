package zstd

import "encoding/binary"

// fastState is what matchFast's parse (fastLoop) reads and leaves: the
// input, the hash table, the settings of the hash, the parse state and
// the literals and sequences found.
type fastState struct {
	b      []byte
	t      *[fastTableMask + 1]uint32
	base   int // entries are positions plus base
	limit  int // the last position whose 8 bytes can be read
	rep0   int // the first repeat offset
	sl, sr uint64
	pr     uint64

	end        int    // the end of the input to parse
	ip         int    // where the search starts
	anchor     int    // the start of the literals not yet appended
	rep1, rep2 int    // the second and third repeat offsets
	lits       []byte // the literals, appended to within their capacity
	seqs       []seq  // the sequences, appended to within their capacity
}

// fastFindGeneric is the search of fastLoopGeneric (fastLoop's assembly
// has its own copy, cross-checked with the whole parse): from ip0, it
// probes the hash table at two positions in turn, entering them, and
// tries the repeat offset two positions ahead, with a step that grows by
// one every fastStepIncr bytes without a match (zstd's
// ZSTD_compressBlock_fast_noDict_generic). It returns the start of the
// match found, its source (cand < 0: none before limit) and the position
// probed last (cur0), or 0, -1, 0.
func fastFindGeneric(s *fastState, ip0 int) (ip, cand, cur0 int) {
	b, t, base, limit, rep0 := s.b, s.t, s.base, s.limit, s.rep0
	sl, pr, sr := s.sl&63, s.pr, s.sr&63
	load := func(p int) uint64 { return binary.LittleEndian.Uint64(b[p : p+8]) }
	hv := func(v uint64) int { return int((v<<sl)*pr>>sr) & fastTableMask }
	read32 := func(p int) uint32 { return binary.LittleEndian.Uint32(b[p : p+4]) }
	step := 2
	nextStep := ip0 + fastStepIncr
	ip1, ip2 := ip0+1, ip0+2
	ip3 := ip2 + 1
	if ip3 >= limit {
		return 0, -1, 0
	}
	// v0 and v1 are the words at ip0 and ip1, h0 and h1 their hashes:
	// each position is read once while it is probed.
	v0, v1 := load(ip0), load(ip1)
	h0, h1 := hv(v0), hv(v1)
	idx := int(t[h0]) - base
	for ip3 < limit {
		v2 := load(ip2)
		t[h0] = uint32(ip0 + base)
		if ip2 > rep0 && uint32(v2) == read32(ip2-rep0) {
			t[h1] = uint32(ip1 + base)
			return ip2, ip2 - rep0, ip0
		}
		if uint(idx-1) < uint(ip0-1) && read32(idx) == uint32(v0) {
			t[h1] = uint32(ip1 + base)
			return ip0, idx, ip0
		}
		idx = int(t[h1]) - base
		h0, h1 = h1, hv(v2)
		ip0, ip1, ip2 = ip1, ip2, ip3
		v0, v1 = v1, v2
		t[h0] = uint32(ip0 + base)
		if uint(idx-1) < uint(ip0-1) && read32(idx) == uint32(v0) {
			if step <= 4 {
				t[h1] = uint32(ip1 + base)
			}
			return ip0, idx, ip0
		}
		idx = int(t[h1]) - base
		v2 = load(ip2)
		h0, h1 = h1, hv(v2)
		ip0, ip1 = ip1, ip2
		v0, v1 = v1, v2
		ip2, ip3 = ip0+step, ip1+step
		if ip2 >= nextStep {
			step++
			nextStep += fastStepIncr
		}
	}
	return 0, -1, 0
}

// fastLoopGeneric is matchFast's parse, the reference of fastLoop's
// assembly twin (always compiled, cross-checked against it): from s.ip,
// it finds matches with fastFindGeneric, extends them forwards and
// backwards, appends the literals before them to s.lits and their
// sequences to s.seqs (emit's work, on local copies of the state: a call
// of emit per sequence costs a tenth of level 1 on blosc's 4-byte
// items), enters two positions of each match in the table and takes the
// immediate repeats of the second offset that follow; it leaves in s the
// start of the literals left (s.anchor) and the repeat offsets.
func fastLoopGeneric(s *fastState) {
	b, t, base, limit, end := s.b, s.t, s.base, s.limit, s.end
	sl, pr, sr := s.sl&63, s.pr, s.sr&63
	load := func(p int) uint64 { return binary.LittleEndian.Uint64(b[p : p+8]) }
	hash := func(p int) int { return int((load(p)<<sl)*pr>>sr) & fastTableMask }
	read32 := func(p int) uint32 { return binary.LittleEndian.Uint32(b[p : p+4]) }
	anchor, ip0 := s.anchor, s.ip
	lits, seqs := s.lits, s.seqs
	r0, r1, r2 := s.rep0, s.rep1, s.rep2
	for {
		s.rep0 = r0
		ip, cand, cur0 := fastFindGeneric(s, ip0)
		if cand < 0 {
			break
		}
		ip0 = ip
		off := ip0 - cand
		ml := 4 + matchLen(b, ip0+4, cand+4, end)
		for ip0 > anchor && cand > 0 && b[ip0-1] == b[cand-1] {
			ip0--
			cand--
			ml++
		}
		ll := ip0 - anchor
		lits = appendLits(lits, b, anchor, ll)
		var ob int
		ob, r0, r1, r2 = codeOffset(off, ll, r0, r1, r2)
		seqs = append(seqs, seq{litLen: uint32(ll), matchLen: uint32(ml), offBase: uint32(ob)})
		ip0 += ml
		anchor = ip0
		if ip0 <= limit {
			t[hash(cur0+2)] = uint32(cur0 + 2 + base)
			t[hash(ip0-2)] = uint32(ip0 - 2 + base)
			// Immediate repeats of the second offset.
			// These have no literals and the offset r1, which emit
			// codes as 1 and swaps with r0.
			for ip0 <= limit {
				r := r1
				if ip0 < r || read32(ip0) != read32(ip0-r) {
					break
				}
				l := 4 + matchLen(b, ip0+4, ip0+4-r, end)
				t[hash(ip0)] = uint32(ip0 + base)
				seqs = append(seqs, seq{litLen: 0, matchLen: uint32(l), offBase: 1})
				r0, r1 = r1, r0
				ip0 += l
				anchor = ip0
			}
		}
	}
	s.anchor, s.lits, s.seqs = anchor, lits, seqs
	s.rep0, s.rep1, s.rep2 = r0, r1, r2
}
