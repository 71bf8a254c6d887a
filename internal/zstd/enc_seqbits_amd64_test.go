//go:build !purego

package zstd

// seqBitsCPU is whether this CPU runs seqBitsBMI2 (useSeqBitsAsm as the
// package set it).
var seqBitsCPU = useSeqBitsAsm

// withSeqBits runs f with seqBits's assembly on or off (on only where the
// CPU has it) and reports whether it was on.
func withSeqBits(on bool, f func()) bool {
	saved := useSeqBitsAsm
	defer func() { useSeqBitsAsm = saved }()
	useSeqBitsAsm = on && seqBitsCPU
	f()
	return useSeqBitsAsm
}
