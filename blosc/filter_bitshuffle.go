package blosc

import "github.com/blosc2go/blosc2/shuffle"

// BITSHUFFLE (filter 2) transposes the bits of a block's elements
// (package shuffle). C-Blosc 1.x (format version 2) transposes a block only
// when its number of elements is a multiple of 8 and leaves it as is
// otherwise; later versions transpose the largest multiple of 8 elements
// and copy the rest. SHUFFLE (filter 1) is package shuffle's alone.

// bitShuffle runs BITSHUFFLE forward over src into dst, by C-Blosc 1.x's
// rule when blosc1 is set.
func bitShuffle(dst, src []byte, typesize int, blosc1 bool) {
	if blosc1 && (len(src)/typesize)%8 != 0 {
		copy(dst, src)
		return
	}
	shuffle.BitShuffle(dst, src, typesize)
}

// bitUnshuffle undoes BITSHUFFLE, by C-Blosc 1.x's rule when blosc1 is set.
func bitUnshuffle(dst, src []byte, typesize int, blosc1 bool) {
	if blosc1 && (len(src)/typesize)%8 != 0 {
		copy(dst, src)
		return
	}
	shuffle.BitUnshuffle(dst, src, typesize)
}
