//go:build !purego

package zstd

import "golang.org/x/sys/cpu"

// useHufEncAsm selects the assembly loops of the Huffman encoder: they
// need BMI2 (SHRX shifts by any register and reads only the count's low
// six bits, which are an elt's length) and BMI1 (BEXTR). Tests turn it
// off to compare with hufStreamGeneric.
var useHufEncAsm = cpu.X86.HasBMI2 && cpu.X86.HasBMI1

// hufStream4BMI2 is hufStreamGeneric's loop in assembly, started with an
// empty accumulator: it encodes src[i:], a multiple of four symbols, four
// per flush, while buf has 40 bytes of room at pos, and returns i and the
// state hufStreamGeneric would have after them. The bytes it stores past
// npos are junk (the next flush stores them again).
//
//go:noescape
func hufStream4BMI2(elt *[256]uint64, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64)

// hufStream5BMI2 is hufStream4BMI2 with five symbols per flush, for codes
// of at most 10 bits; src[i:] is a multiple of five symbols.
//
//go:noescape
func hufStream5BMI2(elt *[256]uint64, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64)

// hufVecMin is the shortest source hufStreamLoop gives hufStreamVBMI:
// below it, its setup and its last, masked, block cost more than the
// BMI2 loops (measured at 130 and 260 symbols: even at about 200).
const hufVecMin = 256

// hufStreamLoop is hufStreamGeneric from an empty accumulator, in
// assembly where the CPU allows: hufStreamVBMI where it has AVX-512 VBMI
// and src is at least hufVecMin long (on the f64-noshuffle stream of
// clevel 1 it writes the streams in 54% of hufStream5BMI2's time), else
// the BMI2 loops.
func hufStreamLoop(h *hufEnc, buf []byte, pos int, src []byte) (int, uint64, uint64) {
	elt := &h.elt
	if useHufVec && len(src) >= hufVecMin {
		i, pos, acc, nb := hufStreamVBMI(&h.vec, buf, pos, src)
		return hufStreamGeneric(elt, buf, pos, src[:i], acc, nb)
	}
	if useHufEncAsm {
		var i int
		var acc, nb uint64
		if h.maxLen <= 10 {
			i, pos, acc, nb = hufStream5BMI2(elt, buf, pos, src)
		} else {
			i, pos, acc, nb = hufStream4BMI2(elt, buf, pos, src)
		}
		return hufStreamGeneric(elt, buf, pos, src[:i], acc, nb)
	}
	return hufStreamGeneric(elt, buf, pos, src, 0, 0)
}
