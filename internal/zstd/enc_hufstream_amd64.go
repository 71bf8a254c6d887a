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

// hufStreamLoop is hufStreamGeneric from an empty accumulator, in
// assembly where the CPU allows; maxLen is the longest code.
func hufStreamLoop(elt *[256]uint64, maxLen int, buf []byte, pos int, src []byte) (int, uint64, uint64) {
	if useHufEncAsm {
		var i int
		var acc, nb uint64
		if maxLen <= 10 {
			i, pos, acc, nb = hufStream5BMI2(elt, buf, pos, src)
		} else {
			i, pos, acc, nb = hufStream4BMI2(elt, buf, pos, src)
		}
		return hufStreamGeneric(elt, buf, pos, src[:i], acc, nb)
	}
	return hufStreamGeneric(elt, buf, pos, src, 0, 0)
}
