//go:build !purego

package zstd

// hufAsm reports whether this build has assembly Huffman loops.
const hufAsm = true

// useHufAsm selects the assembly loops (they need nothing beyond the base
// arm64 instruction set). Tests turn it off to compare with the portable
// code.
var useHufAsm = true

// hufBulk4X2Asm is hufBulk4X2Generic in assembly (huffman_arm64.s, the twin
// of huffman_amd64.s): it stops where the generic loop stops, in the same
// state.
//
//go:noescape
func hufBulk4X2Asm(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4)

// hufBulk4X1Asm is hufBulk4X1Generic in assembly (huffman_arm64.s): it
// stops where the generic loop stops, in the same state, for tables of log
// 1 to 11 (the ones build makes; it does nothing with others).
//
//go:noescape
func hufBulk4X1Asm(t *hufTable, dst, src []byte, s *huf4)

func hufBulk4X1(t *hufTable, dst, src []byte, s *huf4) {
	if useHufAsm {
		hufBulk4X1Asm(t, dst, src, s)
		return
	}
	hufBulk4X1Generic(t, dst, src, s)
}

func hufBulk4X2(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4) {
	if useHufAsm {
		hufBulk4X2Asm(dt, dst, src, s)
		return
	}
	hufBulk4X2Generic(dt, dst, src, s)
}
