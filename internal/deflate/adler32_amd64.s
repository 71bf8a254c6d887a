//go:build !purego

#include "textflag.h"

// Weights 32, 31, ..., 1 of the bytes of a 32-byte block.
DATA adlerWeights<>+0(SB)/8, $0x191a1b1c1d1e1f20
DATA adlerWeights<>+8(SB)/8, $0x1112131415161718
DATA adlerWeights<>+16(SB)/8, $0x090a0b0c0d0e0f10
DATA adlerWeights<>+24(SB)/8, $0x0102030405060708
GLOBL adlerWeights<>(SB), RODATA|NOPTR, $32

DATA adlerOnes<>+0(SB)/8, $0x0001000100010001
DATA adlerOnes<>+8(SB)/8, $0x0001000100010001
DATA adlerOnes<>+16(SB)/8, $0x0001000100010001
DATA adlerOnes<>+24(SB)/8, $0x0001000100010001
GLOBL adlerOnes<>(SB), RODATA|NOPTR, $32

// func adler32AVX2(p []byte) (s, w, prefix uint64)
TEXT ·adler32AVX2(SB), NOSPLIT, $0-48
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	SHRQ $5, CX
	VPXOR Y0, Y0, Y0 // zero
	VPXOR Y1, Y1, Y1 // byte sums (4 x uint64)
	VPXOR Y2, Y2, Y2 // weighted sums (8 x uint32)
	VPXOR Y3, Y3, Y3 // sums of the byte sums before each block (4 x uint64)
	VMOVDQU adlerWeights<>(SB), Y4
	VMOVDQU adlerOnes<>(SB), Y5
	TESTQ CX, CX
	JZ    done

loop:
	VMOVDQU    (SI), Y6
	VPADDQ     Y1, Y3, Y3
	VPSADBW    Y0, Y6, Y7
	VPADDQ     Y7, Y1, Y1
	VPMADDUBSW Y4, Y6, Y8
	VPMADDWD   Y5, Y8, Y8
	VPADDD     Y8, Y2, Y2
	ADDQ       $32, SI
	DECQ       CX
	JNZ        loop

done:
	VEXTRACTI128 $1, Y1, X9
	VPADDQ       X9, X1, X1
	VPSHUFD      $0x4e, X1, X9
	VPADDQ       X9, X1, X1
	VMOVQ        X1, AX
	MOVQ         AX, s+24(FP)
	VEXTRACTI128 $1, Y3, X9
	VPADDQ       X9, X3, X3
	VPSHUFD      $0x4e, X3, X9
	VPADDQ       X9, X3, X3
	VMOVQ        X3, AX
	MOVQ         AX, prefix+40(FP)
	VEXTRACTI128 $1, Y2, X9
	VPADDD       X9, X2, X2
	VPSHUFD      $0x4e, X2, X9
	VPADDD       X9, X2, X2
	VPSHUFD      $0xb1, X2, X9
	VPADDD       X9, X2, X2
	VMOVD        X2, AX
	MOVQ         AX, w+32(FP)
	VZEROUPPER
	RET
