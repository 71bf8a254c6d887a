//go:build purego || !amd64

package zstd

// hufEncKernels returns the assembly loops of the Huffman encoder: none
// in this build.
func hufEncKernels() []hufEncKernel { return nil }

// withHufEnc runs f (there is no assembly loop to switch).
func withHufEnc(on bool, f func()) { f() }
