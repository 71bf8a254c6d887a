//go:build !linux

package zstd

import "testing"

// runCPU runs f b.N times (CPU time is measured on Linux only).
func runCPU(b *testing.B, f func()) {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f()
	}
}
