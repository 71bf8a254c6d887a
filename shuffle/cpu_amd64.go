//go:build !purego

package shuffle

import "golang.org/x/sys/cpu"

// CPU features the amd64 kernels use, from the most basic to the most
// capable. Each level is used only on top of the ones before it. They are
// variables, read at every call, so that the tests can switch levels off and
// run every code path on one machine (see featureLevels).
var (
	// useSSE2 selects the SSE2 kernels (every amd64 CPU has SSE2).
	useSSE2 = cpu.X86.HasSSE2
	// useAVX2 selects the AVX2 kernels.
	useAVX2 = cpu.X86.HasAVX2
	// useGFNI selects, on top of AVX2, the bit shuffle kernels that
	// transpose 8x8 bit matrices with the VEX-encoded GF2P8AFFINEQB.
	// x/sys/cpu reports GFNI only together with AVX-512, but many CPUs
	// without AVX-512 have it, so hasGFNI asks CPUID itself.
	useGFNI = cpu.X86.HasAVX2 && hasGFNI()
	// useAVX512 selects, on top of AVX2 (and of GFNI for the bit shuffle),
	// the kernels that work on 64-byte vectors with AVX-512 F, BW and VBMI.
	useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI
)

// hasGFNI reports whether the CPU has GFNI: CPUID leaf 7, ECX bit 8.
func hasGFNI() bool {
	if maxLeaf, _, _, _ := bitCPUID(0, 0); maxLeaf < 7 {
		return false
	}
	_, _, ecx, _ := bitCPUID(7, 0)
	return ecx&(1<<8) != 0
}
