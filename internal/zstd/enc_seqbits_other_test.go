//go:build purego || !amd64

package zstd

// withSeqBits runs f (there is no assembly to switch) and reports false.
func withSeqBits(on bool, f func()) bool { f(); return false }
