package zstd

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// threadCPU returns the CPU time the calling thread has used, in ns. The
// thread's CPU clock counts the scheduler's exact run time, where
// getrusage's figures are split by timer ticks and move in steps of a
// tick on a loaded machine.
func threadCPU() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return ts.Nano()
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
