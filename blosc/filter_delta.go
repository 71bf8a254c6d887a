package blosc

import "encoding/binary"

// DELTA (filter 3): every block but the first is XORed with block 0, block 0
// with itself shifted by one word.

// deltaWord returns the width DELTA XORs with for a typesize: the typesize
// for 1, 2, 4 and 8, 8 for other multiples of 8, else 1.
func deltaWord(typesize int) int {
	switch {
	case typesize == 1 || typesize == 2 || typesize == 4 || typesize == 8:
		return typesize
	case typesize%8 == 0:
		return 8
	}
	return 1
}

// deltaEncode is DELTA forward: for block 0 (ref nil) every word is XORed
// with the word before it, for the others with the word at the same
// position of ref. The width is deltaWord(typesize); the trailing bytes
// that do not fill a word are copied (C-Blosc2 leaves them unwritten).
func deltaEncode(dst, src, ref []byte, typesize int) {
	w := deltaWord(typesize)
	n := len(src) - len(src)%w
	copy(dst[n:], src[n:])
	if ref == nil {
		if n == 0 {
			return
		}
		copy(dst[:w], src[:w])
		k := w
		for ; k+8 <= n; k += 8 {
			// Every output byte depends on src only, so eight at a time
			// give the same bytes whatever the word width.
			binary.LittleEndian.PutUint64(dst[k:], binary.LittleEndian.Uint64(src[k:])^binary.LittleEndian.Uint64(src[k-w:]))
		}
		for ; k < n; k++ {
			dst[k] = src[k] ^ src[k-w]
		}
		return
	}
	k := 0
	for ; k+8 <= n; k += 8 {
		binary.LittleEndian.PutUint64(dst[k:], binary.LittleEndian.Uint64(src[k:])^binary.LittleEndian.Uint64(ref[k:]))
	}
	for ; k < n; k++ {
		dst[k] = src[k] ^ ref[k]
	}
}

// deltaDecode undoes DELTA in place. For block 0 (ref nil) each word was
// XORed with the word before it; for the other blocks with the word at the
// same position of the decoded block 0. Only whole words are touched: the
// len(b) % word trailing bytes stay as stored, as in C-Blosc2.
func deltaDecode(b, ref []byte, typesize int) {
	w := deltaWord(typesize)
	n := len(b) - len(b)%w
	if ref == nil {
		switch w {
		case 8:
			for i := 8; i < n; i += 8 {
				binary.LittleEndian.PutUint64(b[i:], binary.LittleEndian.Uint64(b[i:])^binary.LittleEndian.Uint64(b[i-8:]))
			}
		case 4:
			for i := 4; i < n; i += 4 {
				binary.LittleEndian.PutUint32(b[i:], binary.LittleEndian.Uint32(b[i:])^binary.LittleEndian.Uint32(b[i-4:]))
			}
		default:
			for i := w; i < n; i++ {
				b[i] ^= b[i-w]
			}
		}
		return
	}
	ref = ref[:n]
	b = b[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		binary.LittleEndian.PutUint64(b[i:], binary.LittleEndian.Uint64(b[i:])^binary.LittleEndian.Uint64(ref[i:]))
	}
	for ; i < n; i++ {
		b[i] ^= ref[i]
	}
}
