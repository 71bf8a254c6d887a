//go:build (!amd64 && !arm64) || purego

package zstd

// hufAsm reports whether this build has assembly Huffman loops.
const hufAsm = false

func hufBulk4X1(t *hufTable, dst, src []byte, s *huf4) { hufBulk4X1Generic(t, dst, src, s) }

func hufBulk4X2(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4) {
	hufBulk4X2Generic(dt, dst, src, s)
}

// useHufAsm selects the assembly loops (there are none here).
var useHufAsm = false

// hufBulk4X2BMI2 stands in for the assembly loop (never called here).
func hufBulk4X2BMI2(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4) {
	hufBulk4X2Generic(dt, dst, src, s)
}

// hufBulk4X1BMI2 stands in for the assembly loop (never called here).
func hufBulk4X1BMI2(dt *[1 << hufMaxBits]uint16, log uint, dst, src []byte, s *huf4) {
	t := &hufTable{dt: *dt, log: uint8(log)}
	hufBulk4X1Generic(t, dst, src, s)
}
