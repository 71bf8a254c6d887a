//go:build !amd64 || purego

package deflate

// useBMI2 is false: no assembly on this platform or with purego.
var useBMI2 = false

// huffmanFast is never called without the assembly; it leaves the state
// as it is.
func huffmanFast(dst []byte, out int, src []byte, in int, buf uint64, nb uint, ll *[litlenEnough]uint32, dt *[distEnough]uint32) (rout, rin int, rbuf uint64, rnb uint, status int) {
	return out, in, buf, nb, fastMore
}
