//go:build !purego

package zstd

// hufEncCPU is whether this CPU runs the assembly loops of the Huffman
// encoder (useHufEncAsm as the package set it).
var hufEncCPU = useHufEncAsm

// hufEncKernels returns the assembly loops this CPU runs, each with the
// longest code it takes.
func hufEncKernels() []hufEncKernel {
	if !hufEncCPU {
		return nil
	}
	return []hufEncKernel{{"asm4", hufMaxBits, hufStream4BMI2}, {"asm5", 10, hufStream5BMI2}}
}

// withHufEnc runs f with the assembly loops of the Huffman encoder on or
// off (on only where the CPU has them).
func withHufEnc(on bool, f func()) {
	saved := useHufEncAsm
	defer func() { useHufEncAsm = saved }()
	useHufEncAsm = on && hufEncCPU
	f()
}
