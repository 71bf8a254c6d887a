//go:build purego || !amd64

package zstd

// hufEncKernels returns the assembly loops of the Huffman encoder: none
// in this build.
func hufEncKernels() []hufEncKernel { return nil }

// hufEncModes names the ways hufEnc.stream can run: generic only here.
func hufEncModes() []string { return []string{"generic"} }

// withHufEnc runs f (there is no assembly loop to switch).
func withHufEnc(mode string, f func()) { f() }
