//go:build !linux

package zstd

import "testing"

// hufEncBuf returns n bytes (without a guard page on this system).
func hufEncBuf(t testing.TB, n int) []byte { return make([]byte, n) }
