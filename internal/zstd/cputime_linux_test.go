package zstd

import (
	"runtime"
	"syscall"
	"testing"
)

// threadCPU returns the CPU time the calling thread has used, in ns.
func threadCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// runCPU runs f b.N times on a locked thread and reports its CPU time per
// call as cpu-ns/op: on a loaded machine it moves far less than ns/op.
func runCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	t0 := threadCPU()
	for i := 0; i < b.N; i++ {
		f()
	}
	b.ReportMetric(float64(threadCPU()-t0)/float64(b.N), "cpu-ns/op")
}
