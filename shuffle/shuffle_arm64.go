//go:build !purego

package shuffle

// NEON byte shuffle kernels, in shuffle_arm64.s. Each processes a number of
// blocks of elements from the start of the buffers; n is the number of whole
// elements, the length of a shuffled row.

//go:noescape
func shuffle2NEON(dst, src *byte, n, blocks int)

//go:noescape
func unshuffle2NEON(dst, src *byte, n, blocks int)

//go:noescape
func shuffle4NEON(dst, src *byte, n, blocks int)

//go:noescape
func unshuffle4NEON(dst, src *byte, n, blocks int)

//go:noescape
func shuffle8NEON(dst, src *byte, n, blocks int)

//go:noescape
func unshuffle8NEON(dst, src *byte, n, blocks int)

//go:noescape
func shuffle16NEON(dst, src *byte, n, blocks int)

//go:noescape
func unshuffle16NEON(dst, src *byte, n, blocks int)

//go:noescape
func shuffleTilesNEON(dst, src *byte, typesize, n, blocks int)

//go:noescape
func unshuffleTilesNEON(dst, src *byte, typesize, n, blocks int)

// shuffleArch shuffles src into dst (len(dst) == len(src) >= 2*typesize,
// typesize 2..255): the NEON kernels do whole blocks of elements and
// shuffleGenericFrom the rest.
func shuffleArch(dst, src []byte, typesize int) {
	if !useNEON {
		shuffleGeneric(dst, src, typesize)
		return
	}
	n := len(src) / typesize
	done := 0
	switch typesize {
	case 2:
		if b := n / 32; b > 0 {
			shuffle2NEON(&dst[0], &src[0], n, b)
			done = 32 * b
		}
	case 4:
		if b := n / 16; b > 0 {
			shuffle4NEON(&dst[0], &src[0], n, b)
			done = 16 * b
		}
	case 8:
		if b := n / 16; b > 0 {
			shuffle8NEON(&dst[0], &src[0], n, b)
			done = 16 * b
		}
	case 16:
		if b := n / 16; b > 0 {
			shuffle16NEON(&dst[0], &src[0], n, b)
			done = 16 * b
		}
	default:
		if b := tileBlocks(len(src), typesize); b > 0 {
			shuffleTilesNEON(&dst[0], &src[0], typesize, n, b)
			done = 16 * b
		}
	}
	shuffleGenericFrom(dst, src, typesize, done)
}

// unshuffleArch reverses shuffleArch.
func unshuffleArch(dst, src []byte, typesize int) {
	if !useNEON {
		unshuffleGeneric(dst, src, typesize)
		return
	}
	n := len(src) / typesize
	done := 0
	switch typesize {
	case 2:
		if b := n / 32; b > 0 {
			unshuffle2NEON(&dst[0], &src[0], n, b)
			done = 32 * b
		}
	case 4:
		if b := n / 16; b > 0 {
			unshuffle4NEON(&dst[0], &src[0], n, b)
			done = 16 * b
		}
	case 8:
		if b := n / 16; b > 0 {
			unshuffle8NEON(&dst[0], &src[0], n, b)
			done = 16 * b
		}
	case 16:
		if b := n / 16; b > 0 {
			unshuffle16NEON(&dst[0], &src[0], n, b)
			done = 16 * b
		}
	default:
		if b := tileBlocks(len(src), typesize); b > 0 {
			unshuffleTilesNEON(&dst[0], &src[0], typesize, n, b)
			done = 16 * b
		}
	}
	unshuffleGenericFrom(dst, src, typesize, done)
}

// tileBlocks returns how many blocks of 16 elements the tile kernels may
// process in a buffer of size bytes. With a typesize below 16 they access 16
// bytes at the start of every element, so the last element of the last
// block must begin at least 16 bytes before the end of the buffer.
func tileBlocks(size, typesize int) int {
	b := size / typesize / 16
	if typesize < 16 {
		for b > 0 && (16*b-1)*typesize+16 > size {
			b--
		}
	}
	return b
}
