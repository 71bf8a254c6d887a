package shuffle

// The portable kernels. They are always compiled: the purego build and other
// architectures run them, and the tests compare every assembly kernel with
// them.

// shuffleGeneric shuffles src (len(dst) == len(src), typesize >= 1) into dst,
// copying the partial trailing element unchanged.
func shuffleGeneric(dst, src []byte, typesize int) {
	shuffleGenericFrom(dst, src, typesize, 0)
}

// shuffleGenericFrom does the work of shuffleGeneric for the elements from
// index start on (and the partial trailing element). Vector kernels handle
// the elements before start themselves.
func shuffleGenericFrom(dst, src []byte, typesize, start int) {
	n := len(src) / typesize
	for j := 0; j < typesize; j++ {
		row := dst[j*n : (j+1)*n]
		for i := start; i < n; i++ {
			row[i] = src[i*typesize+j]
		}
	}
	copy(dst[n*typesize:], src[n*typesize:])
}

// unshuffleGeneric reverses shuffleGeneric.
func unshuffleGeneric(dst, src []byte, typesize int) {
	unshuffleGenericFrom(dst, src, typesize, 0)
}

// unshuffleGenericFrom does the work of unshuffleGeneric for the elements
// from index start on (and the partial trailing element).
func unshuffleGenericFrom(dst, src []byte, typesize, start int) {
	n := len(src) / typesize
	for j := 0; j < typesize; j++ {
		row := src[j*n : (j+1)*n]
		for i := start; i < n; i++ {
			dst[i*typesize+j] = row[i]
		}
	}
	copy(dst[n*typesize:], src[n*typesize:])
}

// bitshuffleGeneric transposes the bits of len(src)/typesize elements, a
// multiple of 8, into dst: bit i%8 of byte (j*8+k)*(n/8) + i/8 of dst is bit
// k of byte j of element i.
func bitshuffleGeneric(dst, src []byte, typesize int) {
	bitshuffleGenericGroups(dst, src, typesize, 0, len(src)/typesize/8)
}

// bitshuffleGenericGroups does the work of bitshuffleGeneric for the groups
// of 8 elements from index start on, of rowLen = n/8 groups in all. Vector
// kernels handle the groups before start themselves.
func bitshuffleGenericGroups(dst, src []byte, typesize, start, rowLen int) {
	for j := 0; j < typesize; j++ {
		for g := start; g < rowLen; g++ {
			// Gather byte j of the 8 elements of group g into one word,
			// element e in byte e, and transpose the 8x8 bit matrix.
			var x uint64
			base := g*8*typesize + j
			for e := 0; e < 8; e++ {
				x |= uint64(src[base+e*typesize]) << (8 * e)
			}
			x = transpose8x8(x)
			for k := 0; k < 8; k++ {
				dst[(j*8+k)*rowLen+g] = byte(x >> (8 * k))
			}
		}
	}
}

// bitunshuffleGeneric reverses bitshuffleGeneric.
func bitunshuffleGeneric(dst, src []byte, typesize int) {
	bitunshuffleGenericGroups(dst, src, typesize, 0, len(src)/typesize/8)
}

// bitunshuffleGenericGroups does the work of bitunshuffleGeneric for the
// groups of 8 elements from index start on, of rowLen = n/8 groups in all.
func bitunshuffleGenericGroups(dst, src []byte, typesize, start, rowLen int) {
	for j := 0; j < typesize; j++ {
		for g := start; g < rowLen; g++ {
			var x uint64
			for k := 0; k < 8; k++ {
				x |= uint64(src[(j*8+k)*rowLen+g]) << (8 * k)
			}
			x = transpose8x8(x)
			base := g*8*typesize + j
			for e := 0; e < 8; e++ {
				dst[base+e*typesize] = byte(x >> (8 * e))
			}
		}
	}
}

// transpose8x8 transposes the 8x8 bit matrix whose row r is byte r of x:
// bit c of byte r moves to bit r of byte c.
func transpose8x8(x uint64) uint64 {
	t := (x ^ (x >> 7)) & 0x00AA00AA00AA00AA
	x ^= t ^ (t << 7)
	t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCC
	x ^= t ^ (t << 14)
	t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0
	x ^= t ^ (t << 28)
	return x
}
