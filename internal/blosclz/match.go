package blosclz

import (
	"encoding/binary"
	"math/bits"
)

// hashTable maps hashes of four input bytes to the last position where
// they were seen. Levels with smaller tables use its first 1<<hashLog
// entries.
type hashTable [1 << maxHashLog]uint32

// reset clears the part of the table in use.
func (t *hashTable) reset(hashLog uint) {
	clear(t[:1<<hashLog])
}

// hashShift returns the shift that makes hash return hashLog bits.
func hashShift(hashLog uint) uint {
	return 32 - hashLog
}

// hash returns the table index of seq, below 1<<hashLog for the shift that
// hashShift(hashLog) returns.
func hash(seq uint32, shift uint) uint32 {
	// The masks are no-ops for the shifts in use; they let the compiler
	// drop its shift-overflow and bounds checks.
	return (seq * hashMul) >> (shift & 31) & (1<<maxHashLog - 1)
}

// matcher finds the matches the compressor (or the probe) encodes.
type matcher struct {
	src     []byte
	htab    *hashTable
	shift   uint // hash shift, see hashShift
	ipLimit int  // no match starts at or after this position
	ipBound int  // matches end before this position
	// farMin, when set, rejects far matches (biased distance of
	// maxNearDist or more) shorter than farMin, as the compressor does and
	// the probe does not.
	farMin int
}

// next scans from ip for the next match to encode, recording every scanned
// position in the hash table as C-Blosc2 does. It returns the match's start,
// its end (where the parse resumes, after C's step back of ipShift) and its
// biased distance (0 means 1 byte back), or start == -1 when the scan
// reached ipLimit.
func (m *matcher) next(ip int) (start, end, dist int) {
	if m.shift == hashShift(maxHashLog) {
		return m.nextMax(ip)
	}
	src, tab, shift, ipLimit := m.src, m.htab[:], m.shift, m.ipLimit
	for ; ip < ipLimit; ip++ {
		seq := load32(src, ip)
		h := hash(seq, shift)
		ref := int(tab[h])
		tab[h] = uint32(ip)
		// dist != 0 && dist < maxFarDist, in one comparison.
		if d := ip - ref; uint(d-1) < maxFarDist-1 && sevenEqual(src, ip, ref) {
			if end, ok := m.accept(ip, ref); ok {
				return ip, end, d - 1
			}
		}
	}
	return -1, 0, 0
}

// nextMax is next for the largest hash table, with the hash shift a
// constant; it reads eight bytes at a time and takes the four bytes at each
// position from them.
func (m *matcher) nextMax(ip int) (start, end, dist int) {
	const shift = 32 - maxHashLog
	src, tab, ipLimit := m.src, m.htab[:], m.ipLimit
	for ip < ipLimit {
		// ip < ipLimit = len(src)-limitMargin leaves eight bytes at ip,
		// covering the positions ip..ip+4.
		cv := load64(src, ip)
		stop := min(ip+5, ipLimit)
		for ; ip < stop; ip++ {
			seq := uint32(cv)
			cv >>= 8
			h := (seq * hashMul) >> shift
			ref := int(tab[h])
			tab[h] = uint32(ip)
			if d := ip - ref; uint(d-1) < maxFarDist-1 && sevenEqual(src, ip, ref) {
				if end, ok := m.accept(ip, ref); ok {
					return ip, end, d - 1
				}
			}
		}
	}
	return -1, 0, 0
}

// sevenEqual reports whether the seven bytes at ip and ref are equal.
//
// C-Blosc2 first compares four bytes, then measures the match and drops it
// when, after its step back of ipShift, fewer than minLen bytes remain, so
// any match it keeps has 4+minLen-1 = 7 equal bytes (ip < ipLimit leaves
// room for them before ipBound). Testing seven bytes at once rejects the
// same candidates sooner.
//
// It takes src rather than the matcher: the scans keep src and the table in
// registers, where a method reading m.src would reload them from memory at
// every position (12% of BloscLZ's time on bitshuffled integers).
func sevenEqual(src []byte, ip, ref int) bool {
	return (load64(src, ip)^load64(src, ref))<<8 == 0
}

// accept measures the match of ip against ref (whose first seven bytes are
// equal) and reports whether it is long enough to encode, with its end.
func (m *matcher) accept(ip, ref int) (end int, ok bool) {
	const known = ipShift + minLen - 1 // bytes sevenEqual compared
	end = matchEnd(m.src, ip+known, ref+known, m.ipBound) - ipShift
	n := end - ip
	return end, n >= minLen && (n >= m.farMin || ip-ref-1 < maxNearDist)
}

// load64 reads eight bytes at b[i:] as a little-endian value.
func load64(b []byte, i int) uint64 {
	return binary.LittleEndian.Uint64(b[i : i+8 : i+8])
}

// load32 reads four bytes at b[i:] as a little-endian value.
func load32(b []byte, i int) uint32 {
	b = b[i : i+4 : i+4]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// matchEnd compares b from ip against b from ref (ref < ip) and returns one
// past the first differing position, or bound if all bytes before bound
// match. This is where C-Blosc2's get_match/get_run leave their pointer.
func matchEnd(b []byte, ip, ref, bound int) int {
	for ip+16 <= bound {
		s := b[ip : ip+16 : ip+16]
		r := b[ref : ref+16 : ref+16]
		if x := binary.LittleEndian.Uint64(s[:8]) ^ binary.LittleEndian.Uint64(r[:8]); x != 0 {
			return ip + bits.TrailingZeros64(x)/8 + 1
		}
		if x := binary.LittleEndian.Uint64(s[8:]) ^ binary.LittleEndian.Uint64(r[8:]); x != 0 {
			return ip + 8 + bits.TrailingZeros64(x)/8 + 1
		}
		ip += 16
		ref += 16
	}
	for ip < bound {
		if b[ip] != b[ref] {
			return ip + 1
		}
		ip++
		ref++
	}
	return ip
}
