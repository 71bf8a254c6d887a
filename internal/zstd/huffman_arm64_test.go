//go:build !purego

package zstd

import "testing"

// hufBulk4X2BMI2 is the name the shared tests (TestHufBulkState) call the
// assembly double-symbol loop by: amd64's; here it is hufBulk4X2Asm.
func hufBulk4X2BMI2(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4) {
	hufBulk4X2Asm(dt, dst, src, s)
}

// hufBulk4X1BMI2 is amd64's name and arguments for the assembly
// single-symbol loop, which TestHufBulkState calls; here it is
// hufBulk4X1Asm, which takes the table.
func hufBulk4X1BMI2(dt *[1 << hufMaxBits]uint16, log uint, dst, src []byte, s *huf4) {
	hufBulk4X1Asm(&hufTable{dt: *dt, log: uint8(log)}, dst, src, s)
}

// TestArm64AsmSelected fails unless an arm64 build without purego runs
// the assembly Huffman and sequence loops (so that the cross-checks
// compare them with the Go loops rather than skip).
func TestArm64AsmSelected(t *testing.T) {
	if !hufAsm || !hufAsmCPU || !haveSeqAsm || !useSeqAsm {
		t.Fatalf("assembly loops not selected: huffman %v/%v, sequences %v/%v", hufAsm, hufAsmCPU, haveSeqAsm, useSeqAsm)
	}
	var modes []string
	for _, m := range hufModes() {
		if m.asm {
			modes = append(modes, m.name)
		}
	}
	if len(modes) == 0 {
		t.Fatal("no assembly Huffman mode in the tests")
	}
}
