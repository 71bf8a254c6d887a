//go:build !purego

package shuffle

// NEON bit transposes, in bitshuffle_arm64.s.

//go:noescape
func bitTransposeRowsNEON(dst, src *byte, rowLen, srcStride, rows, count int)

//go:noescape
func bitUntransposeRowsNEON(dst, src *byte, rowLen, dstStride, rows, count int)

// NEON byte transposes of 128 elements by 16 columns, in shuffle_arm64.s.

//go:noescape
func gatherColumnsNEON(tmp, src *byte, typesize int)

//go:noescape
func scatterColumnsNEON(dst, tmp *byte, typesize int)

// bitBlock is the number of elements the NEON bit shuffle handles at once:
// 16 bytes of each of the 8 planes of a row.
const bitBlock = 128

// bitWindow returns where the 16-column window covering column jb starts:
// at jb, or at typesize-16 when a window at jb would run past the element.
// A typesize below 16 has the single window 0 (the kernels then read or
// write bytes past each element, see gatherColumnsNEON).
func bitWindow(jb, typesize int) int {
	if jb+16 > typesize && typesize >= 16 {
		return typesize - 16
	}
	return jb
}

// bitshuffleArch bit-shuffles src into dst (equal lengths, a multiple of
// 8*typesize). For every block of 128 elements and every window of 16 byte
// columns, gatherColumns byte-transposes the window into tmp (one row of 128
// bytes per column) and bitTransposeRowsNEON turns each row into its 8
// planes. Typesize 1 needs no byte transpose. The groups past the last whole
// block are done in Go.
func bitshuffleArch(dst, src []byte, typesize int) {
	if !useNEON {
		bitshuffleGeneric(dst, src, typesize)
		return
	}
	n := len(src) / typesize
	rowLen := n / 8
	blocks := n / bitBlock
	if blocks > 0 {
		if typesize == 1 {
			bitTransposeRowsNEON(&dst[0], &src[0], rowLen, 0, 1, blocks)
		} else {
			var tmp, pad [16 * bitBlock]byte
			for b := 0; b < blocks; b++ {
				in := src[b*bitBlock*typesize:]
				if needsPad(len(in), typesize) {
					// The loads would run past src: use a copy.
					copy(pad[:], in[:bitBlock*typesize])
					in = pad[:]
				}
				for jb := 0; jb < typesize; jb += 16 {
					w := bitWindow(jb, typesize)
					gatherColumns(&tmp, in, w, typesize)
					rows := min(16, typesize-jb)
					bitTransposeRowsNEON(&dst[8*jb*rowLen+16*b], &tmp[(jb-w)*bitBlock], rowLen, bitBlock, rows, 1)
				}
			}
		}
	}
	bitshuffleGenericGroups(dst, src, typesize, 16*blocks, rowLen)
}

// bitunshuffleArch reverses bitshuffleArch.
func bitunshuffleArch(dst, src []byte, typesize int) {
	if !useNEON {
		bitunshuffleGeneric(dst, src, typesize)
		return
	}
	n := len(src) / typesize
	rowLen := n / 8
	blocks := n / bitBlock
	if blocks > 0 {
		if typesize == 1 {
			bitUntransposeRowsNEON(&dst[0], &src[0], rowLen, 0, 1, blocks)
		} else {
			var tmp, pad [16 * bitBlock]byte
			for b := 0; b < blocks; b++ {
				out := dst[b*bitBlock*typesize:]
				usePad := needsPad(len(out), typesize)
				target := out
				if usePad {
					// The stores would run past dst: write a copy.
					target = pad[:]
				}
				for jb := 0; jb < typesize; jb += 16 {
					// The scatter writes all 16 columns of the window, so
					// a window moved back to typesize-16 needs all 16 rows.
					w := bitWindow(jb, typesize)
					rows := min(16, typesize-w)
					bitUntransposeRowsNEON(&tmp[0], &src[8*w*rowLen+16*b], rowLen, bitBlock, rows, 1)
					scatterColumns(target, &tmp, w, typesize)
				}
				if usePad {
					copy(out, pad[:bitBlock*typesize])
				}
			}
		}
	}
	bitunshuffleGenericGroups(dst, src, typesize, 16*blocks, rowLen)
}

// gatherColumns byte-transposes columns w..w+15 of the first 128 elements
// of in into tmp: tmp[c*128+e] = in[e*typesize+w+c]. Typesizes 2, 4 and 8
// use the byte shuffle kernels, whose rows of 128 bytes are exactly that
// layout and which read only the 128 elements.
func gatherColumns(tmp *[16 * bitBlock]byte, in []byte, w, typesize int) {
	switch typesize {
	case 2:
		shuffle2NEON(&tmp[0], &in[0], bitBlock, bitBlock/32)
	case 4:
		shuffle4NEON(&tmp[0], &in[0], bitBlock, bitBlock/16)
	case 8:
		shuffle8NEON(&tmp[0], &in[0], bitBlock, bitBlock/16)
	default:
		gatherColumnsNEON(&tmp[0], &in[w], typesize)
	}
}

// scatterColumns reverses gatherColumns, writing to out.
func scatterColumns(out []byte, tmp *[16 * bitBlock]byte, w, typesize int) {
	switch typesize {
	case 2:
		unshuffle2NEON(&out[0], &tmp[0], bitBlock, bitBlock/32)
	case 4:
		unshuffle4NEON(&out[0], &tmp[0], bitBlock, bitBlock/16)
	case 8:
		unshuffle8NEON(&out[0], &tmp[0], bitBlock, bitBlock/16)
	default:
		scatterColumnsNEON(&out[w], &tmp[0], typesize)
	}
}

// needsPad tells whether gatherColumnsNEON or scatterColumnsNEON, applied
// to a block at the start of a buffer of size bytes, would access bytes past
// its end: a typesize below 16 (other than the byte shuffle sizes) makes
// them access 16 bytes at the start of every element.
func needsPad(size, typesize int) bool {
	switch typesize {
	case 2, 4, 8:
		return false
	}
	return typesize < 16 && size < (bitBlock-1)*typesize+16
}
