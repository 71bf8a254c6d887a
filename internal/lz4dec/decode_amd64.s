//go:build !purego

#include "textflag.h"

// func decodeFast(dst, src []byte, si, di int) (nsi, ndi int)
//
// Registers: DI dst base, R8 dst end, R9 output pointer, R13 dst end - 32;
// SI src base, R10 src end, R11 input pointer, R12 src end - 32;
// R14, R15 the input and output pointers at the start of the sequence (where
// to return when the sequence is left to the Go code); AX match length,
// BX literal length then match pointer, DX offset.
TEXT ·decodeFast(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	ADDQ DI, R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R10
	ADDQ SI, R10
	MOVQ si+48(FP), R11
	ADDQ SI, R11
	MOVQ di+56(FP), R9
	ADDQ DI, R9
	LEAQ -32(R10), R12
	LEAQ -32(R8), R13

loop:
	MOVQ R11, R14
	MOVQ R9, R15
	CMPQ R11, R12
	JAE  done
	CMPQ R9, R13
	JA   done
	MOVBQZX (R11), AX
	INCQ R11
	MOVQ AX, BX
	SHRQ $4, BX
	ANDQ $15, AX
	CMPQ BX, $15
	JNE  lit_ready

lit_ext:
	CMPQ R11, R12
	JAE  bail
	MOVBQZX (R11), CX
	INCQ R11
	ADDQ CX, BX
	CMPQ CX, $255
	JEQ  lit_ext

lit_ready:
	// ip + lit <= src end - 32 and op + lit <= dst end - 32.
	MOVQ R12, CX
	SUBQ R11, CX
	CMPQ BX, CX
	JA   bail
	MOVQ R13, CX
	SUBQ R9, CX
	CMPQ BX, CX
	JA   bail
	CMPQ BX, $32
	JA   lit_long
	MOVOU (R11), X0
	MOVOU 16(R11), X1
	MOVOU X0, (R9)
	MOVOU X1, 16(R9)
	JMP  lit_done

lit_long:
	XORQ CX, CX

lit_loop:
	MOVOU (R11)(CX*1), X0
	MOVOU 16(R11)(CX*1), X1
	MOVOU X0, (R9)(CX*1)
	MOVOU X1, 16(R9)(CX*1)
	ADDQ  $32, CX
	CMPQ  CX, BX
	JB    lit_loop

lit_done:
	ADDQ BX, R11
	ADDQ BX, R9

	// The offset: 0, or reaching before dst[0], is left to the Go code.
	MOVWQZX (R11), DX
	ADDQ    $2, R11
	TESTQ   DX, DX
	JZ      bail
	MOVQ    R9, CX
	SUBQ    DI, CX
	CMPQ    DX, CX
	JA      bail
	ADDQ    $4, AX
	CMPQ    AX, $19
	JNE     ml_ready

ml_ext:
	CMPQ R11, R10
	JAE  bail
	MOVBQZX (R11), CX
	INCQ R11
	ADDQ CX, AX
	CMPQ CX, $255
	JEQ  ml_ext

ml_ready:
	// op + ml <= dst end - 32.
	MOVQ R13, CX
	SUBQ R9, CX
	CMPQ AX, CX
	JA   bail
	MOVQ R9, BX
	SUBQ DX, BX
	CMPQ DX, $16
	JB   short_off

	// Distance 16 or more: each 16-byte piece was written before it is read.
	XORQ CX, CX

match_loop:
	MOVOU (BX)(CX*1), X0
	MOVOU X0, (R9)(CX*1)
	ADDQ  $16, CX
	CMPQ  CX, AX
	JB    match_loop
	ADDQ  AX, R9
	JMP   loop

short_off:
	// Distance 1 to 15: the pattern over 16 bytes, then piece after piece.
	MOVOU  (BX), X0
	SHLQ   $4, DX
	LEAQ   ·patMasks(SB), CX
	MOVOU  (CX)(DX*1), X1
	PSHUFB X1, X0
	LEAQ   ·nextMasks(SB), CX
	MOVOU  (CX)(DX*1), X1
	XORQ   CX, CX

short_loop:
	MOVOU  X0, (R9)(CX*1)
	PSHUFB X1, X0
	ADDQ   $16, CX
	CMPQ   CX, AX
	JB     short_loop
	ADDQ   AX, R9
	JMP    loop

bail:
	MOVQ R14, R11
	MOVQ R15, R9

done:
	SUBQ SI, R11
	MOVQ R11, nsi+64(FP)
	SUBQ DI, R9
	MOVQ R9, ndi+72(FP)
	RET
