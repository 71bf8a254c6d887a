// Package shuffle implements the byte shuffle and bit shuffle filters of the
// Blosc2 chunk format, byte for byte as C-Blosc2 applies them.
//
// Byte shuffle regroups the bytes of n elements of typesize bytes so that all
// first bytes come first, then all second bytes, and so on:
//
//	dst[j*n+i] = src[i*typesize+j]
//
// The len(src) % typesize trailing bytes that do not form a whole element are
// copied unchanged at the end.
//
// Bit shuffle (the algorithm of the bitshuffle library that Blosc uses)
// transposes the bits of the elements instead: for every byte j of an element
// and every bit k of that byte it writes one row of n/8 bytes whose bit i%8 of
// byte i/8 is bit k of byte j of element i. Only the largest multiple of 8
// elements is transposed; the remaining bytes (whole elements past it and the
// partial element) are copied unchanged, as C-Blosc2 does for chunk format
// versions 3 and later.
//
// The kernels are selected at run time from the CPU's features with
// golang.org/x/sys/cpu: on amd64 SSE2, AVX2, AVX2 with GFNI (bit shuffle) and
// AVX-512 F/BW/VBMI; on arm64 NEON. Byte shuffle has specialised kernels for
// typesizes 2, 4, 8 and 16 and a column kernel for the others. A portable Go
// implementation is always compiled; it is the only one used with the purego
// build tag and on other architectures, and the tests use it as the oracle
// for the assembly kernels. No function allocates in steady state (the amd64
// bit shuffle reuses tile buffers through a sync.Pool).
//
// The format is described in the Blosc chunk format document:
// https://github.com/Blosc/c-blosc2/blob/main/README_CHUNK_FORMAT.rst
package shuffle
