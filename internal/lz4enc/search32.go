package lz4enc

import "encoding/binary"

// search32 is compress32Generic's search (compress32Block has its own, in
// assembly, which the tests check against compress32Generic): it looks for
// a match from position ip on, stepping faster as misses accumulate, and
// enters each position it tries in the table. It
// returns the match's position and that of its earlier occurrence, or
// match = -1 when no match starts before len(src)-mfLimit. The table holds
// positions below ip.
func search32(t *[table32Size]uint32, src []byte, ip, acceleration int) (pos, match int) {
	src = src[:len(src):len(src)] // one register for len and cap
	tab := t[:]                   // nil-checked once
	var (
		// Positions a and b take turns as the one tried and the next one,
		// with the 4 bytes there (va, vb) and their hash (ha, hb).
		a             = ip
		w             = load64(src, a)
		va            = uint32(w)
		ha            = hash5(w)
		b             int
		vb, hb        uint32
		step          = 1
		searchMatchNb = acceleration << skipTrigger
	)
	// The loop is unrolled twice to save copying the position, bytes and
	// hash from next to current. The loads and hashes are written out:
	// calls of even inlined functions leave a no-op instruction in the loop.
	for {
		b = a + step
		step = searchMatchNb >> skipTrigger
		searchMatchNb++
		// This form of b > len(src)-mfLimit spares the bounds checks of
		// the load at b.
		if b > len(src)-mfLimit+1 || b < 0 {
			return a, -1
		}
		match = int(tab[ha&(table32Size-1)])
		w = binary.LittleEndian.Uint64(src[b:])
		vb = uint32(w)
		tab[ha&(table32Size-1)] = uint32(a)
		hb = uint32(w << 24 * prime5 >> shift5) // hash5(w)
		if match+maxDistance >= a && binary.LittleEndian.Uint32(src[match:match+4]) == va {
			return a, match
		}

		a = b + step
		step = searchMatchNb >> skipTrigger
		searchMatchNb++
		if a > len(src)-mfLimit+1 || a < 0 {
			return b, -1
		}
		match = int(tab[hb&(table32Size-1)])
		w = binary.LittleEndian.Uint64(src[a:])
		va = uint32(w)
		tab[hb&(table32Size-1)] = uint32(b)
		ha = uint32(w << 24 * prime5 >> shift5)
		if match+maxDistance >= b && binary.LittleEndian.Uint32(src[match:match+4]) == vb {
			return b, match
		}
	}
}
