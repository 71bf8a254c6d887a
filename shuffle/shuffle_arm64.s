//go:build !purego

#include "textflag.h"

// NEON byte shuffle kernels. Every function is a leaf that clobbers only
// caller-saved registers (R0-R17, V0-V31; R18 and R26-R30 are left alone).
// The Go wrappers in shuffle_arm64.go compute how many blocks each kernel
// may process without touching bytes outside the slices.

// ZIPPAIR interleaves the bytes of a and b: lo gets the low halves, hi the
// high halves.
#define ZIPPAIR(a, b, lo, hi) \
	VZIP1	b.B16, a.B16, lo.B16; \
	VZIP2	b.B16, a.B16, hi.B16

// TRANSPOSE16 transposes the 16x16 byte matrix whose row r is Vr
// (r = 0..15), leaving row c of the transpose in Vc. V16-V31 are clobbered.
// Each round zips row i with row i+8, which rotates the 8-bit (row, column)
// index of every byte left by one bit; four rounds swap row and column.
#define TRANSPOSE16 \
	ZIPPAIR(V0, V8, V16, V17); \
	ZIPPAIR(V1, V9, V18, V19); \
	ZIPPAIR(V2, V10, V20, V21); \
	ZIPPAIR(V3, V11, V22, V23); \
	ZIPPAIR(V4, V12, V24, V25); \
	ZIPPAIR(V5, V13, V26, V27); \
	ZIPPAIR(V6, V14, V28, V29); \
	ZIPPAIR(V7, V15, V30, V31); \
	ZIPPAIR(V16, V24, V0, V1); \
	ZIPPAIR(V17, V25, V2, V3); \
	ZIPPAIR(V18, V26, V4, V5); \
	ZIPPAIR(V19, V27, V6, V7); \
	ZIPPAIR(V20, V28, V8, V9); \
	ZIPPAIR(V21, V29, V10, V11); \
	ZIPPAIR(V22, V30, V12, V13); \
	ZIPPAIR(V23, V31, V14, V15); \
	ZIPPAIR(V0, V8, V16, V17); \
	ZIPPAIR(V1, V9, V18, V19); \
	ZIPPAIR(V2, V10, V20, V21); \
	ZIPPAIR(V3, V11, V22, V23); \
	ZIPPAIR(V4, V12, V24, V25); \
	ZIPPAIR(V5, V13, V26, V27); \
	ZIPPAIR(V6, V14, V28, V29); \
	ZIPPAIR(V7, V15, V30, V31); \
	ZIPPAIR(V16, V24, V0, V1); \
	ZIPPAIR(V17, V25, V2, V3); \
	ZIPPAIR(V18, V26, V4, V5); \
	ZIPPAIR(V19, V27, V6, V7); \
	ZIPPAIR(V20, V28, V8, V9); \
	ZIPPAIR(V21, V29, V10, V11); \
	ZIPPAIR(V22, V30, V12, V13); \
	ZIPPAIR(V23, V31, V14, V15)

// LOAD16 loads V0-V15 from p, p+s, p+2s, ... (16 bytes each), advancing p.
#define LOAD16(p, s) \
	VLD1.P	(p)(s), [V0.B16]; \
	VLD1.P	(p)(s), [V1.B16]; \
	VLD1.P	(p)(s), [V2.B16]; \
	VLD1.P	(p)(s), [V3.B16]; \
	VLD1.P	(p)(s), [V4.B16]; \
	VLD1.P	(p)(s), [V5.B16]; \
	VLD1.P	(p)(s), [V6.B16]; \
	VLD1.P	(p)(s), [V7.B16]; \
	VLD1.P	(p)(s), [V8.B16]; \
	VLD1.P	(p)(s), [V9.B16]; \
	VLD1.P	(p)(s), [V10.B16]; \
	VLD1.P	(p)(s), [V11.B16]; \
	VLD1.P	(p)(s), [V12.B16]; \
	VLD1.P	(p)(s), [V13.B16]; \
	VLD1.P	(p)(s), [V14.B16]; \
	VLD1.P	(p)(s), [V15.B16]

// STORE16 stores V0-V15 to p, p+s, p+2s, ... (16 bytes each), advancing p.
#define STORE16(p, s) \
	VST1.P	[V0.B16], (p)(s); \
	VST1.P	[V1.B16], (p)(s); \
	VST1.P	[V2.B16], (p)(s); \
	VST1.P	[V3.B16], (p)(s); \
	VST1.P	[V4.B16], (p)(s); \
	VST1.P	[V5.B16], (p)(s); \
	VST1.P	[V6.B16], (p)(s); \
	VST1.P	[V7.B16], (p)(s); \
	VST1.P	[V8.B16], (p)(s); \
	VST1.P	[V9.B16], (p)(s); \
	VST1.P	[V10.B16], (p)(s); \
	VST1.P	[V11.B16], (p)(s); \
	VST1.P	[V12.B16], (p)(s); \
	VST1.P	[V13.B16], (p)(s); \
	VST1.P	[V14.B16], (p)(s); \
	VST1.P	[V15.B16], (p)(s)

// func shuffle2NEON(dst, src *byte, n, blocks int)
// Shuffles blocks*32 elements of 2 bytes; n is the row length of dst.
//
// R0 src (advances 64 per block)   R1 dst row 0   R2 dst row 1
// R3 blocks left                   R4 n
// V0-V3 de-interleaved bytes
TEXT ·shuffle2NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R1
	MOVD	src+8(FP), R0
	MOVD	n+16(FP), R4
	MOVD	blocks+24(FP), R3
	ADD	R4, R1, R2

shuffle2Loop:
	VLD2.P	32(R0), [V0.B16, V1.B16]
	VLD2.P	32(R0), [V2.B16, V3.B16]
	VST1.P	[V0.B16], 16(R1)
	VST1.P	[V2.B16], 16(R1)
	VST1.P	[V1.B16], 16(R2)
	VST1.P	[V3.B16], 16(R2)
	SUBS	$1, R3, R3
	BNE	shuffle2Loop
	RET

// func unshuffle2NEON(dst, src *byte, n, blocks int)
// Unshuffles blocks*32 elements of 2 bytes; n is the row length of src.
//
// R0 dst (advances 64 per block)   R1 src row 0   R2 src row 1
// R3 blocks left                   R4 n
// V0-V3 rows to interleave
TEXT ·unshuffle2NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R4
	MOVD	blocks+24(FP), R3
	ADD	R4, R1, R2

unshuffle2Loop:
	VLD1.P	16(R1), [V0.B16]
	VLD1.P	16(R2), [V1.B16]
	VLD1.P	16(R1), [V2.B16]
	VLD1.P	16(R2), [V3.B16]
	VST2.P	[V0.B16, V1.B16], 32(R0)
	VST2.P	[V2.B16, V3.B16], 32(R0)
	SUBS	$1, R3, R3
	BNE	unshuffle2Loop
	RET

// func shuffle4NEON(dst, src *byte, n, blocks int)
// Shuffles blocks*16 elements of 4 bytes; n is the row length of dst.
//
// R0 src (advances 64 per block)   R1-R4 dst rows 0-3
// R5 blocks left                   R6 n
// V0-V3 de-interleaved bytes
TEXT ·shuffle4NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R1
	MOVD	src+8(FP), R0
	MOVD	n+16(FP), R6
	MOVD	blocks+24(FP), R5
	ADD	R6, R1, R2
	ADD	R6, R2, R3
	ADD	R6, R3, R4

shuffle4Loop:
	VLD4.P	64(R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	VST1.P	[V0.B16], 16(R1)
	VST1.P	[V1.B16], 16(R2)
	VST1.P	[V2.B16], 16(R3)
	VST1.P	[V3.B16], 16(R4)
	SUBS	$1, R5, R5
	BNE	shuffle4Loop
	RET

// func unshuffle4NEON(dst, src *byte, n, blocks int)
// Unshuffles blocks*16 elements of 4 bytes; n is the row length of src.
//
// R0 dst (advances 64 per block)   R1-R4 src rows 0-3
// R5 blocks left                   R6 n
// V0-V3 rows to interleave
TEXT ·unshuffle4NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R6
	MOVD	blocks+24(FP), R5
	ADD	R6, R1, R2
	ADD	R6, R2, R3
	ADD	R6, R3, R4

unshuffle4Loop:
	VLD1.P	16(R1), [V0.B16]
	VLD1.P	16(R2), [V1.B16]
	VLD1.P	16(R3), [V2.B16]
	VLD1.P	16(R4), [V3.B16]
	VST4.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R0)
	SUBS	$1, R5, R5
	BNE	unshuffle4Loop
	RET

// func shuffle8NEON(dst, src *byte, n, blocks int)
// Shuffles blocks*16 elements of 8 bytes; n is the row length of dst.
// Two VLD4 leave bytes m and m+4 of the 16 elements alternating in
// V16+m (elements 0-7) and V20+m (elements 8-15); VUZP1/VUZP2 separate them.
//
// R0 src (advances 128 per block)  R1 dst + done elements (row 0)
// R2 row pointer                   R3 blocks left    R4 n
// V16-V23 loaded, V0-V7 rows 0-7
TEXT ·shuffle8NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R1
	MOVD	src+8(FP), R0
	MOVD	n+16(FP), R4
	MOVD	blocks+24(FP), R3

shuffle8Loop:
	VLD4.P	64(R0), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD4.P	64(R0), [V20.B16, V21.B16, V22.B16, V23.B16]
	VUZP1	V20.B16, V16.B16, V0.B16
	VUZP2	V20.B16, V16.B16, V4.B16
	VUZP1	V21.B16, V17.B16, V1.B16
	VUZP2	V21.B16, V17.B16, V5.B16
	VUZP1	V22.B16, V18.B16, V2.B16
	VUZP2	V22.B16, V18.B16, V6.B16
	VUZP1	V23.B16, V19.B16, V3.B16
	VUZP2	V23.B16, V19.B16, V7.B16
	MOVD	R1, R2
	VST1.P	[V0.B16], (R2)(R4)
	VST1.P	[V1.B16], (R2)(R4)
	VST1.P	[V2.B16], (R2)(R4)
	VST1.P	[V3.B16], (R2)(R4)
	VST1.P	[V4.B16], (R2)(R4)
	VST1.P	[V5.B16], (R2)(R4)
	VST1.P	[V6.B16], (R2)(R4)
	VST1.P	[V7.B16], (R2)(R4)
	ADD	$16, R1, R1
	SUBS	$1, R3, R3
	BNE	shuffle8Loop
	RET

// func unshuffle8NEON(dst, src *byte, n, blocks int)
// Unshuffles blocks*16 elements of 8 bytes; n is the row length of src.
// The reverse of shuffle8NEON: VZIP1/VZIP2 pair rows m and m+4, two VST4
// interleave the pairs.
//
// R0 dst (advances 128 per block)  R1 src + done elements (row 0)
// R2 row pointer                   R3 blocks left    R4 n
// V0-V7 rows 0-7, V16-V23 zipped pairs
TEXT ·unshuffle8NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R4
	MOVD	blocks+24(FP), R3

unshuffle8Loop:
	MOVD	R1, R2
	VLD1.P	(R2)(R4), [V0.B16]
	VLD1.P	(R2)(R4), [V1.B16]
	VLD1.P	(R2)(R4), [V2.B16]
	VLD1.P	(R2)(R4), [V3.B16]
	VLD1.P	(R2)(R4), [V4.B16]
	VLD1.P	(R2)(R4), [V5.B16]
	VLD1.P	(R2)(R4), [V6.B16]
	VLD1.P	(R2)(R4), [V7.B16]
	VZIP1	V4.B16, V0.B16, V16.B16
	VZIP2	V4.B16, V0.B16, V20.B16
	VZIP1	V5.B16, V1.B16, V17.B16
	VZIP2	V5.B16, V1.B16, V21.B16
	VZIP1	V6.B16, V2.B16, V18.B16
	VZIP2	V6.B16, V2.B16, V22.B16
	VZIP1	V7.B16, V3.B16, V19.B16
	VZIP2	V7.B16, V3.B16, V23.B16
	VST4.P	[V16.B16, V17.B16, V18.B16, V19.B16], 64(R0)
	VST4.P	[V20.B16, V21.B16, V22.B16, V23.B16], 64(R0)
	ADD	$16, R1, R1
	SUBS	$1, R3, R3
	BNE	unshuffle8Loop
	RET

// func shuffle16NEON(dst, src *byte, n, blocks int)
// Shuffles blocks*16 elements of 16 bytes: one 16x16 byte transpose each.
//
// R0 src (advances 256 per block)  R1 dst + done elements (row 0)
// R2 row pointer                   R3 blocks left    R4 n
// V0-V15 elements, then rows; V16-V31 transpose scratch
TEXT ·shuffle16NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R1
	MOVD	src+8(FP), R0
	MOVD	n+16(FP), R4
	MOVD	blocks+24(FP), R3

shuffle16Loop:
	VLD1.P	64(R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P	64(R0), [V4.B16, V5.B16, V6.B16, V7.B16]
	VLD1.P	64(R0), [V8.B16, V9.B16, V10.B16, V11.B16]
	VLD1.P	64(R0), [V12.B16, V13.B16, V14.B16, V15.B16]
	TRANSPOSE16
	MOVD	R1, R2
	STORE16(R2, R4)
	ADD	$16, R1, R1
	SUBS	$1, R3, R3
	BNE	shuffle16Loop
	RET

// func unshuffle16NEON(dst, src *byte, n, blocks int)
// Unshuffles blocks*16 elements of 16 bytes: one 16x16 byte transpose each.
//
// R0 dst (advances 256 per block)  R1 src + done elements (row 0)
// R2 row pointer                   R3 blocks left    R4 n
// V0-V15 rows, then elements; V16-V31 transpose scratch
TEXT ·unshuffle16NEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R4
	MOVD	blocks+24(FP), R3

unshuffle16Loop:
	MOVD	R1, R2
	LOAD16(R2, R4)
	TRANSPOSE16
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R0)
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R0)
	VST1.P	[V8.B16, V9.B16, V10.B16, V11.B16], 64(R0)
	VST1.P	[V12.B16, V13.B16, V14.B16, V15.B16], 64(R0)
	ADD	$16, R1, R1
	SUBS	$1, R3, R3
	BNE	unshuffle16Loop
	RET

// func shuffleTilesNEON(dst, src *byte, typesize, n, blocks int)
// Shuffles blocks*16 elements of any typesize >= 3 with 16x16 byte tiles:
// 16 elements by a window of 16 byte columns. The windows start at 0, 16,
// 32, ...; when typesize is not a multiple of 16 the last window starts at
// typesize-16 and rewrites some rows with the same bytes. A typesize below
// 16 has one window whose loads run into the following elements (the caller
// keeps them inside src) and only its first typesize rows are stored.
//
// R0 src + done elements*typesize   R1 dst + done elements (row 0)
// R2 typesize      R3 n            R4 blocks left
// R5 window start  R6 src pointer  R7 dst pointer
// R8 typesize-16 (last window)     R9 16*typesize
// V0-V15 elements, then rows; V16-V31 transpose scratch
TEXT ·shuffleTilesNEON(SB), NOSPLIT, $0-40
	MOVD	dst+0(FP), R1
	MOVD	src+8(FP), R0
	MOVD	typesize+16(FP), R2
	MOVD	n+24(FP), R3
	MOVD	blocks+32(FP), R4
	SUB	$16, R2, R8
	LSL	$4, R2, R9

tilesBlock:
	MOVD	ZR, R5

tilesWindow:
	ADD	R5, R0, R6
	LOAD16(R6, R2)
	TRANSPOSE16
	MUL	R5, R3, R7
	ADD	R1, R7, R7
	CMP	$16, R2
	BLT	tilesPartial
	STORE16(R7, R3)
	CMP	R8, R5
	BEQ	tilesNext       // that was the window at typesize-16
	ADD	$16, R5, R5
	CMP	R8, R5
	BLE	tilesWindow
	MOVD	R8, R5          // a partial window left: end it at typesize
	B	tilesWindow

tilesPartial:
	// typesize is 3..15: store rows 0..typesize-1.
	VST1.P	[V0.B16], (R7)(R3)
	VST1.P	[V1.B16], (R7)(R3)
	VST1.P	[V2.B16], (R7)(R3)
	CMP	$3, R2
	BLE	tilesNext
	VST1.P	[V3.B16], (R7)(R3)
	CMP	$4, R2
	BLE	tilesNext
	VST1.P	[V4.B16], (R7)(R3)
	CMP	$5, R2
	BLE	tilesNext
	VST1.P	[V5.B16], (R7)(R3)
	CMP	$6, R2
	BLE	tilesNext
	VST1.P	[V6.B16], (R7)(R3)
	CMP	$7, R2
	BLE	tilesNext
	VST1.P	[V7.B16], (R7)(R3)
	CMP	$8, R2
	BLE	tilesNext
	VST1.P	[V8.B16], (R7)(R3)
	CMP	$9, R2
	BLE	tilesNext
	VST1.P	[V9.B16], (R7)(R3)
	CMP	$10, R2
	BLE	tilesNext
	VST1.P	[V10.B16], (R7)(R3)
	CMP	$11, R2
	BLE	tilesNext
	VST1.P	[V11.B16], (R7)(R3)
	CMP	$12, R2
	BLE	tilesNext
	VST1.P	[V12.B16], (R7)(R3)
	CMP	$13, R2
	BLE	tilesNext
	VST1.P	[V13.B16], (R7)(R3)
	CMP	$14, R2
	BLE	tilesNext
	VST1.P	[V14.B16], (R7)(R3)

tilesNext:
	ADD	$16, R1, R1
	ADD	R9, R0, R0
	SUBS	$1, R4, R4
	BNE	tilesBlock
	RET

// func unshuffleTilesNEON(dst, src *byte, typesize, n, blocks int)
// Unshuffles blocks*16 elements of any typesize >= 3 with 16x16 byte tiles,
// the reverse of shuffleTilesNEON. With a typesize below 16 only the first
// typesize rows are loaded and every element is stored as 16 bytes whose
// tail the next element's store overwrites; the last one runs past the
// block (the caller keeps it inside dst and rewrites those bytes later).
//
// R0 dst + done elements*typesize   R1 src + done elements (row 0)
// R2 typesize      R3 n            R4 blocks left
// R5 window start  R6 src pointer  R7 dst pointer
// R8 typesize-16 (last window)     R9 16*typesize
// V0-V15 rows, then elements; V16-V31 transpose scratch
TEXT ·unshuffleTilesNEON(SB), NOSPLIT, $0-40
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	typesize+16(FP), R2
	MOVD	n+24(FP), R3
	MOVD	blocks+32(FP), R4
	SUB	$16, R2, R8
	LSL	$4, R2, R9

untilesBlock:
	MOVD	ZR, R5

untilesWindow:
	MUL	R5, R3, R6
	ADD	R1, R6, R6
	CMP	$16, R2
	BLT	untilesPartial
	LOAD16(R6, R3)

untilesStore:
	TRANSPOSE16
	ADD	R5, R0, R7
	STORE16(R7, R2)
	CMP	$16, R2
	BLT	untilesNext
	CMP	R8, R5
	BEQ	untilesNext     // that was the window at typesize-16
	ADD	$16, R5, R5
	CMP	R8, R5
	BLE	untilesWindow
	MOVD	R8, R5          // a partial window left: end it at typesize
	B	untilesWindow

untilesPartial:
	// typesize is 3..15: load rows 0..typesize-1; the other rows only
	// reach the bytes past each element, which are overwritten.
	VLD1.P	(R6)(R3), [V0.B16]
	VLD1.P	(R6)(R3), [V1.B16]
	VLD1.P	(R6)(R3), [V2.B16]
	CMP	$3, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V3.B16]
	CMP	$4, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V4.B16]
	CMP	$5, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V5.B16]
	CMP	$6, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V6.B16]
	CMP	$7, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V7.B16]
	CMP	$8, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V8.B16]
	CMP	$9, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V9.B16]
	CMP	$10, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V10.B16]
	CMP	$11, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V11.B16]
	CMP	$12, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V12.B16]
	CMP	$13, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V13.B16]
	CMP	$14, R2
	BLE	untilesStore
	VLD1.P	(R6)(R3), [V14.B16]
	B	untilesStore

untilesNext:
	ADD	$16, R1, R1
	ADD	R9, R0, R0
	SUBS	$1, R4, R4
	BNE	untilesBlock
	RET

// func gatherColumnsNEON(tmp, src *byte, typesize int)
// Byte-transposes 128 elements by 16 columns for the bit shuffle:
// tmp[c*128+e] = src[e*typesize+c] for e < 128, c < 16. It reads 16 bytes
// at src + e*typesize for every e (the caller keeps them inside the slice).
//
// R0 tmp tile (advances 16 per tile)   R1 src (advances by R2 per element)
// R2 typesize     R3 128 (tmp row stride)   R4 tiles left   R5 tmp pointer
// V0-V15 elements, then columns; V16-V31 transpose scratch
TEXT ·gatherColumnsNEON(SB), NOSPLIT, $0-24
	MOVD	tmp+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	typesize+16(FP), R2
	MOVD	$128, R3
	MOVD	$8, R4

gatherLoop:
	LOAD16(R1, R2)
	TRANSPOSE16
	MOVD	R0, R5
	STORE16(R5, R3)
	ADD	$16, R0, R0
	SUBS	$1, R4, R4
	BNE	gatherLoop
	RET

// func scatterColumnsNEON(dst, tmp *byte, typesize int)
// The reverse of gatherColumnsNEON: dst[e*typesize+c] = tmp[c*128+e] for
// e < 128, c < 16, storing 16 bytes at dst + e*typesize in increasing e
// (the caller keeps them inside the slice; with a typesize below 16 each
// store's tail is overwritten by the next one or later by the caller).
//
// R0 dst (advances by R2 per element)   R1 tmp tile (advances 16 per tile)
// R2 typesize     R3 128 (tmp row stride)   R4 tiles left   R5 tmp pointer
// V0-V15 columns, then elements; V16-V31 transpose scratch
TEXT ·scatterColumnsNEON(SB), NOSPLIT, $0-24
	MOVD	dst+0(FP), R0
	MOVD	tmp+8(FP), R1
	MOVD	typesize+16(FP), R2
	MOVD	$128, R3
	MOVD	$8, R4

scatterLoop:
	MOVD	R1, R5
	LOAD16(R5, R3)
	TRANSPOSE16
	STORE16(R0, R2)
	ADD	$16, R1, R1
	SUBS	$1, R4, R4
	BNE	scatterLoop
	RET
