package shuffle

// MaxTypesize is the largest element size the Blosc chunk format can record.
const MaxTypesize = 255

func checkArgs(fn string, dst, src []byte, typesize int) {
	if typesize < 1 || typesize > MaxTypesize {
		panic("shuffle: " + fn + ": typesize out of range 1..255")
	}
	if len(dst) < len(src) {
		panic("shuffle: " + fn + ": dst shorter than src")
	}
}

// Shuffle writes the byte shuffle of src to dst[:len(src)].
// It panics if typesize is outside 1..MaxTypesize or dst is shorter than src.
// dst and src must not overlap.
func Shuffle(dst, src []byte, typesize int) {
	checkArgs("Shuffle", dst, src, typesize)
	dst = dst[:len(src)]
	if typesize == 1 || len(src) < 2*typesize {
		copy(dst, src)
		return
	}
	shuffleArch(dst, src, typesize)
}

// Unshuffle reverses Shuffle: it writes to dst[:len(src)] the bytes that
// Shuffle turned into src.
// It panics if typesize is outside 1..MaxTypesize or dst is shorter than src.
// dst and src must not overlap.
func Unshuffle(dst, src []byte, typesize int) {
	checkArgs("Unshuffle", dst, src, typesize)
	dst = dst[:len(src)]
	if typesize == 1 || len(src) < 2*typesize {
		copy(dst, src)
		return
	}
	unshuffleArch(dst, src, typesize)
}

// BitShuffle writes the bit shuffle of src to dst[:len(src)]. The first
// 8*floor(n/8) elements (n = len(src)/typesize) are transposed; the bytes
// after them are copied unchanged.
// It panics if typesize is outside 1..MaxTypesize or dst is shorter than src.
// dst and src must not overlap.
func BitShuffle(dst, src []byte, typesize int) {
	checkArgs("BitShuffle", dst, src, typesize)
	dst = dst[:len(src)]
	m := bitShuffled(len(src), typesize)
	if m > 0 {
		bitshuffleArch(dst[:m], src[:m], typesize)
	}
	copy(dst[m:], src[m:])
}

// BitUnshuffle reverses BitShuffle.
// It panics if typesize is outside 1..MaxTypesize or dst is shorter than src.
// dst and src must not overlap.
func BitUnshuffle(dst, src []byte, typesize int) {
	checkArgs("BitUnshuffle", dst, src, typesize)
	dst = dst[:len(src)]
	m := bitShuffled(len(src), typesize)
	if m > 0 {
		bitunshuffleArch(dst[:m], src[:m], typesize)
	}
	copy(dst[m:], src[m:])
}

// bitShuffled returns how many leading bytes of an n-byte buffer the bit
// shuffle transposes: a whole number of groups of 8 elements.
func bitShuffled(n, typesize int) int {
	elems := n / typesize
	return (elems - elems%8) * typesize
}
