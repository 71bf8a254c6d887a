//go:build !linux

package zstd

import "testing"

// fastLoopBuf returns n bytes (without a guard page on this system).
func fastLoopBuf(t testing.TB, n int) []byte { return make([]byte, n) }
