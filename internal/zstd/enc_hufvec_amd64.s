//go:build !purego

#include "textflag.h"

// hufVecPerm orders a 64-byte block so that VPUNPCKLBW and VPUNPCKHBW
// of the block's lookups give the words of symbols 0-31 and 32-63 in
// order: byte 16L+j takes symbol 8L+j, byte 16L+8+j symbol 32+8L+j
// (L the 128-bit lane, j < 8).
DATA hufVecPerm<>+0(SB)/8, $0x0706050403020100
DATA hufVecPerm<>+8(SB)/8, $0x2726252423222120
DATA hufVecPerm<>+16(SB)/8, $0x0f0e0d0c0b0a0908
DATA hufVecPerm<>+24(SB)/8, $0x2f2e2d2c2b2a2928
DATA hufVecPerm<>+32(SB)/8, $0x1716151413121110
DATA hufVecPerm<>+40(SB)/8, $0x3736353433323130
DATA hufVecPerm<>+48(SB)/8, $0x1f1e1d1c1b1a1918
DATA hufVecPerm<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL hufVecPerm<>(SB), RODATA|NOPTR, $64

// LOOKUP sets dst to the bytes of the 256-byte table t0:t1:t2:t3 (four
// registers) at the indices in Z0 (K1 marks those of 128 and up).
#define LOOKUP(t0, t1, t2, t3, dst, tmp) \
	VMOVDQA64  Z0, dst \
	VPERMI2B   t1, t0, dst \
	VMOVDQA64  Z0, tmp \
	VPERMI2B   t3, t2, tmp \
	VPBLENDMB  tmp, dst, K1, dst

// QUAD turns the codes w (words, right-aligned) and lengths n (words) of
// 32 symbols into eight groups of four, each as hufStreamGeneric enters
// a group into acc: the four codes, the first on top, left-aligned in a
// quadword, their total length in its low bits. Pairs by VPMADDWD (the
// first code times two to the second's length, plus the second), then
// quads by VPMULUDQ.
#define QUAD(w, n) \
	VPSLLVW   n, Z29, Z8 \
	VPSRLD    $16, Z8, Z8 \
	VPORD     Z30, Z8, Z8 \
	VPMADDWD  Z8, w, w \
	VPMADDWD  Z29, n, Z9 \
	VPSLLVD   Z9, Z15, Z9 \
	VPSRLQ    $32, Z9, Z9 \
	VPMULUDQ  Z9, w, Z10 \
	VPSRLQ    $32, w, w \
	VPADDQ    Z10, w, w \
	VPSADBW   Z14, n, Z11 \
	VPSUBQ    Z11, Z31, Z12 \
	VPSLLVQ   Z12, w, w \
	VPORQ     Z11, w, w

// VEC computes the groups of the 64 symbols in Z0 (as VPERMB by
// hufVecPerm left them) into the 128 bytes at (b): group m (symbols 4m to
// 4m+3) at 8m(b).
#define VEC(b) \
	VPMOVB2M   Z0, K1 \
	LOOKUP(Z16, Z17, Z18, Z19, Z1, Z2) \
	VPMINUB    Z13, Z1, Z1 \
	LOOKUP(Z20, Z21, Z22, Z23, Z2, Z3) \
	LOOKUP(Z24, Z25, Z26, Z27, Z3, Z4) \
	VPUNPCKLBW Z3, Z2, Z4 \
	VPUNPCKHBW Z3, Z2, Z5 \
	VPUNPCKLBW Z14, Z1, Z6 \
	VPUNPCKHBW Z14, Z1, Z7 \
	QUAD(Z4, Z6) \
	QUAD(Z5, Z7) \
	VMOVDQU64  Z4, 0(b) \
	VMOVDQU64  Z5, 64(b)

// FLUSH enters the group at o(b) (as QUAD made it) into acc and writes
// acc's whole bytes, as hufStream4BMI2 does.
#define FLUSH(o, b) \
	MOVQ    o(b), DX \
	SHRXQ   DX, R10, R10 \
	ORQ     DX, R10 \
	ADDQ    DX, CX \
	MOVQ    R10, AX \
	ROLQ    CX, AX \
	MOVQ    AX, (R8) \
	BEXTRQ  R15, CX, BX \
	ADDQ    BX, R8 \
	ANDL    $7, CX

// FLUSH16 enters the 16 groups at (R11), the last first.
#define FLUSH16 \
	FLUSH(120, R11) \
	FLUSH(112, R11) \
	FLUSH(104, R11) \
	FLUSH(96, R11) \
	FLUSH(88, R11) \
	FLUSH(80, R11) \
	FLUSH(72, R11) \
	FLUSH(64, R11) \
	FLUSH(56, R11) \
	FLUSH(48, R11) \
	FLUSH(40, R11) \
	FLUSH(32, R11) \
	FLUSH(24, R11) \
	FLUSH(16, R11) \
	FLUSH(8, R11) \
	FLUSH(0, R11)

// func hufStreamVBMI(t *hufVecTab, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64)
//
// Register use:
//   SI       the end of the symbols left (src[i:] is done)
//   R13      src's start
//   R14      src's start plus 64: whole blocks are left while SI is at or
//            above it
//   R8, R9   the output position (pointer) and the last one a block may
//            start at
//   R10, CX  acc and nb, as in hufStreamGeneric (nb in CX for ROLQ)
//   R15      BEXTR's control for bits 3-7 (nb's whole bytes)
//   R11, R12 the frame's halves: the groups of the block being flushed
//            and of the next one
//   Z16-Z27  the tables (t), Z28 hufVecPerm, Z13-Z15 and Z29-Z31 the
//            constants of VEC; AX, BX, DX, Z0-Z12 scratch
//
// The groups of a block are computed one block ahead, into the other half
// of the frame, so that the flushes do not wait on the vector work nor on
// the stores of its results. Fewer than 64 symbols left (at least four)
// make a last block, loaded under a mask (the masked-off bytes before src
// are not read), of which only the whole groups are flushed.
TEXT ·hufStreamVBMI(SB), NOSPLIT, $256-96
	MOVQ t+0(FP), DI
	MOVQ buf_base+8(FP), R8
	MOVQ buf_len+16(FP), R9
	MOVQ pos+32(FP), AX
	MOVQ src_base+40(FP), R13
	MOVQ src_len+48(FP), SI
	XORL R10, R10
	XORL CX, CX
	MOVL $0x0503, R15
	// A block is 16 flushes of at most 6 bytes each (lengths are clamped
	// to 11), the last storing 8.
	SUBQ $104, R9
	CMPQ AX, R9
	JGT  none
	CMPQ SI, $4
	JB   none
	ADDQ R8, R9
	ADDQ R8, AX
	MOVQ AX, R8
	ADDQ R13, SI
	LEAQ 64(R13), R14

	VMOVDQU64 0(DI), Z16
	VMOVDQU64 64(DI), Z17
	VMOVDQU64 128(DI), Z18
	VMOVDQU64 192(DI), Z19
	VMOVDQU64 256(DI), Z20
	VMOVDQU64 320(DI), Z21
	VMOVDQU64 384(DI), Z22
	VMOVDQU64 448(DI), Z23
	VMOVDQU64 512(DI), Z24
	VMOVDQU64 576(DI), Z25
	VMOVDQU64 640(DI), Z26
	VMOVDQU64 704(DI), Z27
	VMOVDQU64 hufVecPerm<>(SB), Z28
	MOVL $1, AX
	VPBROADCASTW AX, Z29
	VPBROADCASTD AX, Z15
	MOVL $0x10000, AX
	VPBROADCASTD AX, Z30
	MOVL $64, AX
	VPBROADCASTQ AX, Z31
	MOVL $11, AX
	VPBROADCASTB AX, Z13
	VPXORQ Z14, Z14, Z14
	LEAQ 0(SP), R11
	LEAQ 128(SP), R12
	CMPQ SI, R14
	JB   part
	VPERMB -64(SI), Z28, Z0
	VEC(R11)

loop:
	LEAQ -64(SI), AX
	CMPQ AX, R14
	JB   last
	VPERMB -128(SI), Z28, Z0
	VEC(R12)
	CMPQ R8, R9
	JA   done
	FLUSH16
	SUBQ  $64, SI
	XCHGQ R11, R12
	JMP   loop

last:
	CMPQ R8, R9
	JA   done
	FLUSH16
	SUBQ $64, SI

part:
	// r = SI-R13 symbols left: the whole groups of the last r go, from
	// the block of the 64 bytes that end at SI, bytes 64-r on.
	MOVQ  SI, DX
	SUBQ  R13, DX
	CMPQ  DX, $4
	JB    done
	CMPQ  R8, R9
	JA    done
	MOVL  $64, AX
	SUBQ  DX, AX
	MOVQ  $-1, BX
	SHLXQ AX, BX, BX
	KMOVQ BX, K2
	VMOVDQU8.Z -64(SI), K2, Z0
	VPERMB     Z0, Z28, Z0
	VEC(R11)
	SHRQ  $2, DX
	MOVQ  DX, R12
	SHLQ  $2, DX
	SUBQ  DX, SI
	LEAQ  128(R11), R11

partloop:
	SUBQ  $8, R11
	FLUSH(0, R11)
	DECQ  R12
	JNZ   partloop

done:
	VZEROUPPER
	SUBQ R13, SI
	MOVQ SI, i+64(FP)
	SUBQ buf_base+8(FP), R8
	MOVQ R8, npos+72(FP)
	MOVQ R10, acc+80(FP)
	MOVQ CX, nb+88(FP)
	RET

none:
	MOVQ src_len+48(FP), SI
	MOVQ SI, i+64(FP)
	MOVQ AX, npos+72(FP)
	MOVQ $0, acc+80(FP)
	MOVQ $0, nb+88(FP)
	RET
