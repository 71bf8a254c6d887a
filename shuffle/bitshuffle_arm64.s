//go:build !purego

#include "textflag.h"

// NEON bit transposes for the bit shuffle. Every function is a leaf that
// clobbers only caller-saved registers (R0-R17, V0-V31; R18 and R26-R30 are
// left alone). The byte transposes they build on (gatherColumnsNEON,
// scatterColumnsNEON) are in shuffle_arm64.s; bitshuffle_arm64.go drives
// both.
//
// A row here is byte j of consecutive elements (one byte per element). Its
// bit transpose has 8 planes: bit i%8 of byte i/8 of plane k is bit k of the
// row's byte i. 128 row bytes (16 groups of 8 elements) are loaded into
// A0-A7 = V0-V7 with byte e of group q in lane q of Ae; transposing the 8x8
// bit matrix of every lane across V0-V7 leaves plane k's 16 bytes in Vk.

// SWAPBITS exchanges, in every byte, the bits of lo at the positions of
// mask<<d with the bits of hi at the positions of mask, using scratch t.
#define SWAPBITS(lo, hi, d, mask, t) \
	VUSHR	$d, lo.B16, t.B16; \
	VEOR	hi.B16, t.B16, t.B16; \
	VAND	mask.B16, t.B16, t.B16; \
	VEOR	t.B16, hi.B16, hi.B16; \
	VSHL	$d, t.B16, t.B16; \
	VEOR	t.B16, lo.B16, lo.B16

// BITTRANSPOSE transposes, lane by lane, the 8x8 bit matrix whose row e is
// Ve (e = 0..7): afterwards bit e of Vk is the former bit k of Ve. Each stage
// swaps one bit of the row index with the same bit of the column index.
// Needs V29 = 0x55.., V30 = 0x33.., V31 = 0x0f..; clobbers V8-V11.
#define BITTRANSPOSE \
	SWAPBITS(V0, V1, 1, V29, V8); \
	SWAPBITS(V2, V3, 1, V29, V9); \
	SWAPBITS(V4, V5, 1, V29, V10); \
	SWAPBITS(V6, V7, 1, V29, V11); \
	SWAPBITS(V0, V2, 2, V30, V8); \
	SWAPBITS(V1, V3, 2, V30, V9); \
	SWAPBITS(V4, V6, 2, V30, V10); \
	SWAPBITS(V5, V7, 2, V30, V11); \
	SWAPBITS(V0, V4, 4, V31, V8); \
	SWAPBITS(V1, V5, 4, V31, V9); \
	SWAPBITS(V2, V6, 4, V31, V10); \
	SWAPBITS(V3, V7, 4, V31, V11)

// BITMASKS loads the constants BITTRANSPOSE needs.
#define BITMASKS \
	VMOVI	$0x55, V29.B16; \
	VMOVI	$0x33, V30.B16; \
	VMOVI	$0x0f, V31.B16

// func bitTransposeRowsNEON(dst, src *byte, rowLen, srcStride, rows, count int)
// For r < rows and b < count: bit-transposes the 128 bytes at
// src + r*srcStride + 128*b into 8 planes of 16 bytes, plane k going to
// dst + (8*r+k)*rowLen + 16*b. rows and count are at least 1.
//
// R0 dst for row r   R1 src for row r   R2 rowLen   R3 srcStride
// R4 rows left       R5 count           R6 blocks left in the row
// R7 src pointer     R8 dst for block b R9 plane pointer   R10 8*rowLen
// V16-V23 loaded bytes (VLD4 leaves byte e of group q in lane 2q or 2q+1
// of V16+e%4 or V20+e%4), V0-V7 bit matrix rows, then planes;
// V8-V11 scratch; V29-V31 masks
TEXT ·bitTransposeRowsNEON(SB), NOSPLIT, $0-48
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	rowLen+16(FP), R2
	MOVD	srcStride+24(FP), R3
	MOVD	rows+32(FP), R4
	MOVD	count+40(FP), R5
	LSL	$3, R2, R10
	BITMASKS

bitRowLoop:
	MOVD	R1, R7
	MOVD	R0, R8
	MOVD	R5, R6

bitBlockLoop:
	VLD4.P	64(R7), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD4.P	64(R7), [V20.B16, V21.B16, V22.B16, V23.B16]
	VUZP1	V20.B16, V16.B16, V0.B16
	VUZP2	V20.B16, V16.B16, V4.B16
	VUZP1	V21.B16, V17.B16, V1.B16
	VUZP2	V21.B16, V17.B16, V5.B16
	VUZP1	V22.B16, V18.B16, V2.B16
	VUZP2	V22.B16, V18.B16, V6.B16
	VUZP1	V23.B16, V19.B16, V3.B16
	VUZP2	V23.B16, V19.B16, V7.B16
	BITTRANSPOSE
	MOVD	R8, R9
	VST1.P	[V0.B16], (R9)(R2)
	VST1.P	[V1.B16], (R9)(R2)
	VST1.P	[V2.B16], (R9)(R2)
	VST1.P	[V3.B16], (R9)(R2)
	VST1.P	[V4.B16], (R9)(R2)
	VST1.P	[V5.B16], (R9)(R2)
	VST1.P	[V6.B16], (R9)(R2)
	VST1.P	[V7.B16], (R9)(R2)
	ADD	$16, R8, R8
	SUBS	$1, R6, R6
	BNE	bitBlockLoop

	ADD	R3, R1, R1
	ADD	R10, R0, R0
	SUBS	$1, R4, R4
	BNE	bitRowLoop
	RET

// func bitUntransposeRowsNEON(dst, src *byte, rowLen, dstStride, rows, count int)
// The reverse of bitTransposeRowsNEON: for r < rows and b < count it reads
// plane k from src + (8*r+k)*rowLen + 16*b and writes the 128 row bytes to
// dst + r*dstStride + 128*b. rows and count are at least 1.
//
// R0 src for row r   R1 dst for row r   R2 rowLen   R3 dstStride
// R4 rows left       R5 count           R6 blocks left in the row
// R7 dst pointer     R8 src for block b R9 plane pointer   R10 8*rowLen
// V0-V7 planes, then bit matrix rows; V16-V23 zipped rows for VST4;
// V8-V11 scratch; V29-V31 masks
TEXT ·bitUntransposeRowsNEON(SB), NOSPLIT, $0-48
	MOVD	dst+0(FP), R1
	MOVD	src+8(FP), R0
	MOVD	rowLen+16(FP), R2
	MOVD	dstStride+24(FP), R3
	MOVD	rows+32(FP), R4
	MOVD	count+40(FP), R5
	LSL	$3, R2, R10
	BITMASKS

unbitRowLoop:
	MOVD	R1, R7
	MOVD	R0, R8
	MOVD	R5, R6

unbitBlockLoop:
	MOVD	R8, R9
	VLD1.P	(R9)(R2), [V0.B16]
	VLD1.P	(R9)(R2), [V1.B16]
	VLD1.P	(R9)(R2), [V2.B16]
	VLD1.P	(R9)(R2), [V3.B16]
	VLD1.P	(R9)(R2), [V4.B16]
	VLD1.P	(R9)(R2), [V5.B16]
	VLD1.P	(R9)(R2), [V6.B16]
	VLD1.P	(R9)(R2), [V7.B16]
	BITTRANSPOSE
	VZIP1	V4.B16, V0.B16, V16.B16
	VZIP2	V4.B16, V0.B16, V20.B16
	VZIP1	V5.B16, V1.B16, V17.B16
	VZIP2	V5.B16, V1.B16, V21.B16
	VZIP1	V6.B16, V2.B16, V18.B16
	VZIP2	V6.B16, V2.B16, V22.B16
	VZIP1	V7.B16, V3.B16, V19.B16
	VZIP2	V7.B16, V3.B16, V23.B16
	VST4.P	[V16.B16, V17.B16, V18.B16, V19.B16], 64(R7)
	VST4.P	[V20.B16, V21.B16, V22.B16, V23.B16], 64(R7)
	ADD	$16, R8, R8
	SUBS	$1, R6, R6
	BNE	unbitBlockLoop

	ADD	R3, R1, R1
	ADD	R10, R0, R0
	SUBS	$1, R4, R4
	BNE	unbitRowLoop
	RET
