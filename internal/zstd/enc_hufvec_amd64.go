//go:build !purego

package zstd

import "golang.org/x/sys/cpu"

// useHufVec selects hufStreamVBMI for the Huffman streams where the CPU
// has AVX-512 VBMI (and BMI1, BMI2). Tests turn it off to compare with
// hufStreamGeneric and the BMI2 loops.
var useHufVec = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasBMI2 && cpu.X86.HasBMI1

// hufStreamVBMI is hufStreamGeneric's loop with AVX-512, started with an
// empty accumulator: it encodes src[i:] (all of src but its first
// len(src)%4 symbols, or less when buf runs out of room), 64 symbols at a
// time while buf has 104 bytes of room at pos, and returns i and the
// state hufStreamGeneric would have after them. Vector lookups in t give
// the codes of 64 symbols, which it combines into groups of four (pairs
// by VPMADDWD, quads by VPMULUDQ) that scalar code then enters into the
// accumulator and flushes, one group per flush, as hufStream4BMI2 does.
// The first len(src)%64 symbols are loaded under a mask (nothing before
// src is read). Lengths above 11 (junk tables only) are taken as 11, so
// that a block of 64 symbols never moves on more than 96 bytes. The
// bytes it stores past npos are junk (the next flush stores them again).
//
//go:noescape
func hufStreamVBMI(t *hufVecTab, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64)

// hufVecTab is a Huffman table as hufStreamVBMI reads it: the lengths,
// the low and the high bytes of the codes (right-aligned), by symbol.
type hufVecTab struct {
	n, lo, hi [256]uint8
}

// set fills t from the codes and lengths of h.
func (t *hufVecTab) set(h *hufEnc) {
	for s := range t.n {
		t.n[s] = h.nbits[s]
		t.lo[s] = uint8(h.code[s])
		t.hi[s] = uint8(h.code[s] >> 8)
	}
}
