package zstd

import "encoding/binary"

// fastState is what matchFast's search (fastFind) reads: the input, the
// hash table and the settings of the hash.
type fastState struct {
	b      []byte
	t      *[fastTableMask + 1]uint32
	base   int // entries are positions plus base
	limit  int // the last position whose 8 bytes can be read
	rep0   int // the first repeat offset
	sl, sr uint64
	pr     uint64
}

// fastFindGeneric is the search of matchFast, the reference of fastFind's
// assembly twin (always compiled, cross-checked against it): from ip0, it
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
