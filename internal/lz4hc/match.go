package lz4hc

import (
	"encoding/binary"
	"math/bits"
)

// Byte comparisons on src. Loads are little-endian on every host, so the
// hashes and counts are those of lz4 on x86-64, where C-Blosc2 wrote the
// reference data.

func load16(b []byte, i int) uint16 { return binary.LittleEndian.Uint16(b[i : i+2]) }
func load32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[i : i+4]) }
func load64(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i : i+8]) }

// hashHC is LZ4HC_hashPtr of the 4 bytes v.
func hashHC(v uint32) uint32 { return (v * 2654435761) >> (32 - hashLog) }

// hashMid4 is LZ4MID_hash4Ptr of the 4 bytes v.
func hashMid4(v uint32) uint32 { return (v * 2654435761) >> (32 - midHashLog) }

// hashMid8 is LZ4MID_hash8Ptr of the 8 bytes v (their low 7 bytes count).
func hashMid8(v uint64) uint32 { return uint32(((v << 8) * 58295818150454627) >> (64 - midHashLog)) }

// count returns how many bytes src[a:] and src[b:] have in common, counting
// only bytes of the first before limit (LZ4_count). b < a.
func count(src []byte, a, b, limit int) int {
	if a >= limit {
		return 0
	}
	// Two windows of the same length: one bounds check per 8 bytes.
	sa := src[a:limit]
	sb := src[b:]
	sb = sb[:len(sa)]
	i := 0
	for ; i+8 <= len(sa); i += 8 {
		if x := binary.LittleEndian.Uint64(sa[i:i+8]) ^ binary.LittleEndian.Uint64(sb[i:i+8]); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
	}
	for ; i < len(sa) && sa[i] == sb[i]; i++ {
	}
	return i
}

// countBack returns how many bytes before src[a] and src[b] are equal,
// going back at most to aMin and bMin, as a negative number
// (LZ4HC_countBack).
func countBack(src []byte, a, b, aMin, bMin int) int {
	lim := a - aMin
	if m := b - bMin; m < lim {
		lim = m
	}
	n := 0
	for n+8 <= lim {
		if x := load64(src, a-n-8) ^ load64(src, b-n-8); x != 0 {
			return -(n + bits.LeadingZeros64(x)>>3)
		}
		n += 8
	}
	for n < lim && src[a-n-1] == src[b-n-1] {
		n++
	}
	return -n
}

// countRun returns how many bytes from src[i] on, before end, equal v
// (LZ4HC_countPattern for a pattern of one repeated byte, the only kind the
// search detects).
func countRun(src []byte, i, end int, v byte) int {
	start := i
	pat := uint64(v) * 0x0101010101010101
	for i+8 <= end {
		if x := load64(src, i) ^ pat; x != 0 {
			return i - start + bits.TrailingZeros64(x)>>3
		}
		i += 8
	}
	for i < end && src[i] == v {
		i++
	}
	return i - start
}

// countRunBack returns how many bytes before src[i], down to src[low], equal
// v (LZ4HC_reverseCountPattern for a one-byte pattern).
func countRunBack(src []byte, i, low int, v byte) int {
	start := i
	pat := uint64(v) * 0x0101010101010101
	for i-8 >= low {
		if x := load64(src, i-8) ^ pat; x != 0 {
			return start - i + bits.LeadingZeros64(x)>>3
		}
		i -= 8
	}
	for i > low && src[i-1] == v {
		i--
	}
	return start - i
}
