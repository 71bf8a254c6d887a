//go:build !purego

package shuffle

import "sync"

//go:generate go run -C _asm/bitshuffle . -out ../../bitshuffle_amd64.s -pkg shuffle

// The vector bit shuffle kernels work on blocks of bitVecElems elements (16
// bytes of every bit row). Blosc blocks hold far more; the elements past the
// last whole block go through the generic code.
const bitVecElems = 128

// bitTmpSize is the size of the tile buffer: the byte shuffle of a tile of
// elements, which the kernels then transpose bit by bit. A tile holds at
// least bitVecElems elements of the largest typesize.
const bitTmpSize = bitVecElems * MaxTypesize

var bitTmpPool = sync.Pool{New: func() any { return new([bitTmpSize]byte) }}

// bitTile returns how many elements of typesize bytes one tile holds, in
// whole vector blocks: about 8 KiB, so that the tile stays in the L1 cache
// next to the data streaming through, but at least 1024 elements (128 bytes
// of every bit row) as long as that fits in 16 KiB. Measured: 8 and 16 KiB
// alike for small typesizes, 32 KiB slower; 16 KiB clearly better than 8
// for typesize 16 on 4 MiB buffers, whose 128 rows are 32 KiB apart.
func bitTile(typesize int) int {
	t := 8192 / typesize
	if t < 1024 {
		t = 16384 / typesize
		if t > 1024 {
			t = 1024
		}
	}
	t &^= bitVecElems - 1
	if t < bitVecElems {
		t = bitVecElems
	}
	return t
}

// A bitFwdKernel transposes nblk blocks of blk bytes each (blk a multiple of
// bitVecElems) from src into bit rows: block j, bit k goes to the blk/8
// bytes at dst[(8*j+k)*rowLen:].
type bitFwdKernel func(dst []byte, rowLen int, src []byte, blk, nblk int)

// A bitInvKernel reverses a bitFwdKernel: it reads the bit rows at
// src[r*rowLen:] and writes nblk blocks of blk bytes to dst.
type bitInvKernel func(dst, src []byte, rowLen, blk, nblk int)

// bitKernels returns the best bit transpose kernels the enabled CPU features
// allow, or nil without SSE2.
func bitKernels() (bitFwdKernel, bitInvKernel) {
	switch {
	case useAVX2 && useGFNI && useAVX512:
		return bitFwdAVX512, bitInvAVX512
	case useAVX2 && useGFNI:
		return bitFwdGFNI, bitInvGFNI
	case useAVX2:
		return bitFwdAVX2, bitInvAVX2
	case useSSE2:
		return bitFwdSSE2, bitInvSSE2
	}
	return nil, nil
}

// bitByteKernels returns the tile byte transposes for typesize, forward and
// inverse, or nil where the byte shuffle kernels of the package serve.
func bitByteKernels(typesize int) (fwd, inv func(dst, src []byte, n int)) {
	if !(useAVX2 && useGFNI && useAVX512) {
		return nil, nil
	}
	switch typesize {
	case 2:
		return bitBytesFwd2, bitBytesInv2
	case 4:
		return bitBytesFwd4, bitBytesInv4
	case 8:
		return bitBytesFwd8, bitBytesInv8
	case 16:
		return bitBytesFwd16, bitBytesInv16
	}
	return nil, nil
}

// bitBytesChecked runs the tile byte transpose f, or, if f is nil, byte
// shuffle or unshuffle sh, on len(src) bytes.
func bitBytesChecked(f func(dst, src []byte, n int), sh func(dst, src []byte, typesize int), dst, src []byte, typesize int) {
	if f == nil {
		sh(dst, src, typesize)
		return
	}
	n := len(src) / typesize
	if len(dst) != len(src) || n*typesize != len(src) || n <= 0 || n%64 != 0 {
		panic("shuffle: internal error: tile byte transpose arguments out of range")
	}
	f(dst, src, n)
}

// bitshuffleArch bit-shuffles src (len(src) == len(dst), a multiple of
// 8*typesize) into dst. Tile by tile (bitTile elements), it byte-shuffles
// the elements into a buffer in the L1 cache and transposes the bits of
// every byte row of the tile into the bit rows of dst, at the tile's column;
// the groups of 8 elements past the last whole vector block go through the
// generic code.
func bitshuffleArch(dst, src []byte, typesize int) {
	fwd, _ := bitKernels()
	n := len(src) / typesize
	nv := n &^ (bitVecElems - 1)
	if fwd == nil || nv == 0 {
		bitshuffleGeneric(dst, src, typesize)
		return
	}
	rowLen := n / 8
	if typesize == 1 {
		// The elements are bytes: no byte shuffle needed.
		bitFwdChecked(fwd, dst, rowLen, src[:nv], nv, 1)
	} else {
		bytesFwd, _ := bitByteKernels(typesize)
		buf := bitTmpPool.Get().(*[bitTmpSize]byte)
		tile := bitTile(typesize)
		for e0 := 0; e0 < nv; e0 += tile {
			t := nv - e0
			if t > tile {
				t = tile
			}
			tmp := buf[:t*typesize]
			bitBytesChecked(bytesFwd, shuffleArch, tmp, src[e0*typesize:(e0+t)*typesize], typesize)
			bitFwdChecked(fwd, dst[e0/8:], rowLen, tmp, t, typesize)
		}
		bitTmpPool.Put(buf)
	}
	bitshuffleGenericGroups(dst, src, typesize, nv/8, rowLen)
}

// bitunshuffleArch reverses bitshuffleArch, tile by tile the other way.
func bitunshuffleArch(dst, src []byte, typesize int) {
	_, inv := bitKernels()
	n := len(src) / typesize
	nv := n &^ (bitVecElems - 1)
	if inv == nil || nv == 0 {
		bitunshuffleGeneric(dst, src, typesize)
		return
	}
	rowLen := n / 8
	if typesize == 1 {
		bitInvChecked(inv, dst[:nv], src, rowLen, nv, 1)
	} else {
		_, bytesInv := bitByteKernels(typesize)
		buf := bitTmpPool.Get().(*[bitTmpSize]byte)
		tile := bitTile(typesize)
		for e0 := 0; e0 < nv; e0 += tile {
			t := nv - e0
			if t > tile {
				t = tile
			}
			tmp := buf[:t*typesize]
			bitInvChecked(inv, tmp, src[e0/8:], rowLen, t, typesize)
			bitBytesChecked(bytesInv, unshuffleArch, dst[e0*typesize:(e0+t)*typesize], tmp, typesize)
		}
		bitTmpPool.Put(buf)
	}
	bitunshuffleGenericGroups(dst, src, typesize, nv/8, rowLen)
}

// bitFwdChecked calls fwd after checking that it stays inside the slices.
func bitFwdChecked(fwd bitFwdKernel, dst []byte, rowLen int, src []byte, blk, nblk int) {
	if blk <= 0 || blk%bitVecElems != 0 || nblk <= 0 || blk/8 > rowLen ||
		len(src) < nblk*blk || len(dst) < (8*nblk-1)*rowLen+blk/8 {
		panic("shuffle: internal error: bit shuffle kernel arguments out of range")
	}
	fwd(dst, rowLen, src, blk, nblk)
}

// bitInvChecked calls inv after checking that it stays inside the slices.
func bitInvChecked(inv bitInvKernel, dst, src []byte, rowLen, blk, nblk int) {
	if blk <= 0 || blk%bitVecElems != 0 || nblk <= 0 || blk/8 > rowLen ||
		len(dst) < nblk*blk || len(src) < (8*nblk-1)*rowLen+blk/8 {
		panic("shuffle: internal error: bit unshuffle kernel arguments out of range")
	}
	inv(dst, src, rowLen, blk, nblk)
}

// The kernels, generated by _asm/bitshuffle. The SSE2 ones need SSE2, the
// AVX2 ones AVX2, the GFNI ones AVX2 and GFNI, the AVX512 ones AVX2, GFNI,
// AVX-512 F, BW and VBMI.

//go:noescape
func bitFwdSSE2(dst []byte, rowLen int, src []byte, blk, nblk int)

//go:noescape
func bitInvSSE2(dst, src []byte, rowLen, blk, nblk int)

//go:noescape
func bitFwdAVX2(dst []byte, rowLen int, src []byte, blk, nblk int)

//go:noescape
func bitInvAVX2(dst, src []byte, rowLen, blk, nblk int)

//go:noescape
func bitFwdGFNI(dst []byte, rowLen int, src []byte, blk, nblk int)

//go:noescape
func bitInvGFNI(dst, src []byte, rowLen, blk, nblk int)

//go:noescape
func bitFwdAVX512(dst []byte, rowLen int, src []byte, blk, nblk int)

//go:noescape
func bitInvAVX512(dst, src []byte, rowLen, blk, nblk int)

//go:noescape
func bitBytesFwd2(dst, src []byte, n int)

//go:noescape
func bitBytesInv2(dst, src []byte, n int)

//go:noescape
func bitBytesFwd4(dst, src []byte, n int)

//go:noescape
func bitBytesInv4(dst, src []byte, n int)

//go:noescape
func bitBytesFwd8(dst, src []byte, n int)

//go:noescape
func bitBytesInv8(dst, src []byte, n int)

//go:noescape
func bitBytesFwd16(dst, src []byte, n int)

//go:noescape
func bitBytesInv16(dst, src []byte, n int)

//go:noescape
func bitCPUID(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
