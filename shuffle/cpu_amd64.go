//go:build !purego

package shuffle

import "golang.org/x/sys/cpu"

// CPU features the amd64 kernels use. They are variables so that the tests
// can switch each one off and run every code path on one machine.
var (
	useSSE2 = cpu.X86.HasSSE2
	useAVX2 = cpu.X86.HasAVX2
)
