//go:build !purego

package zstd

import "golang.org/x/sys/cpu"

// hufAsm reports whether this build has assembly Huffman loops.
const hufAsm = true

// useHufAsm selects the assembly loops: they need BMI2 (SHLX). Tests turn
// it off to compare with the portable code.
var useHufAsm = cpu.X86.HasBMI2

// hufBulk4X2BMI2 is hufBulk4X2Generic in assembly: it stops where the
// generic loop stops, in the same state.
//
//go:noescape
func hufBulk4X2BMI2(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4)

// hufBulk4X1BMI2 is hufBulk4X1Generic in assembly for states whose
// streams 0 and 1 are as far apart in dst as streams 2 and 3 (split4's):
// it stops where the generic loop stops, in the same state.
//
//go:noescape
func hufBulk4X1BMI2(dt *[1 << hufMaxBits]uint16, log uint, dst, src []byte, s *huf4)

func hufBulk4X1(t *hufTable, dst, src []byte, s *huf4) {
	if useHufAsm && s.out[1]-s.out[0] == s.out[3]-s.out[2] {
		hufBulk4X1BMI2(&t.dt, uint(t.log), dst, src, s)
		return
	}
	hufBulk4X1Generic(t, dst, src, s)
}

func hufBulk4X2(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4) {
	if useHufAsm {
		hufBulk4X2BMI2(dt, dst, src, s)
		return
	}
	hufBulk4X2Generic(dt, dst, src, s)
}
