//go:build !purego

#include "textflag.h"

// func decodeFast(dst, src []byte, si, di int) (nsi, ndi int)
//
// Registers: DI dst base, R8 dst end - 48 (the loop's limit), R9 output
// pointer, R13 dst end - 32; SI src base, R10 src end, R11 input pointer,
// R12 src end - 32; R14, R15 the input and output pointers at the start of
// the sequence (where to return when the sequence is left to the Go code);
// AX match length, BX literal length then match pointer, DX offset.
//
// The common sequence (under 15 literals, a match under 19 bytes at a
// distance of 16 or more) runs straight through: one 16-byte literal copy
// and two 16-byte match copies, which the 48 bytes of room at the top of
// the loop allow. Longer literals and matches take the branches below,
// checked against the 32 bytes of room of src and dst.
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
	SUBQ $48, R8

loop:
	CMPQ    R11, R12
	JAE     done
	CMPQ    R9, R8
	JA      done
	MOVQ    R11, R14
	MOVQ    R9, R15
	MOVBQZX (R11), AX
	MOVQ    AX, BX
	SHRQ    $4, BX
	ANDQ    $15, AX
	CMPQ    BX, $15
	JEQ     lit_long

	// Up to 14 literals: one 16-byte copy (ip + 17 and op + 16 are well
	// inside the margins). The next input pointer comes from the token's
	// in one LEAQ: it is the loop's chain of dependences.
	MOVOU   1(R11), X0
	MOVOU   X0, (R9)
	MOVWQZX 1(R11)(BX*1), DX
	LEAQ    3(R11)(BX*1), R11
	ADDQ    BX, R9

offset:
	// Here ip <= src end - 32 and op <= dst end - 32, DX the offset. It
	// must be 1 to op - dst base: one unsigned compare, off - 1 < op - base
	// (off 0 wraps). Others (0, or reaching into the dictionary) are left
	// to the Go code.
	MOVQ    R9, CX
	SUBQ    DI, CX
	LEAQ    -1(DX), BX
	CMPQ    BX, CX
	JAE     bail
	MOVQ    R9, BX
	SUBQ    DX, BX
	CMPQ    AX, $15
	JEQ     ml_long
	ADDQ    $4, AX
	CMPQ    DX, $16
	JB      short_off

	// A match of at most 18 bytes at distance 16 or more: two 16-byte
	// copies (op + 32 <= dst end); the second reads bytes the first wrote
	// when the distance is below 32.
	MOVOU (BX), X0
	MOVOU X0, (R9)
	MOVOU 16(BX), X1
	MOVOU X1, 16(R9)
	ADDQ  AX, R9
	JMP   loop

lit_long:
	INCQ R11

lit_ext:
	CMPQ    R11, R12
	JAE     bail
	MOVBQZX (R11), CX
	INCQ    R11
	ADDQ    CX, BX
	CMPQ    CX, $255
	JEQ     lit_ext

	// ip + lit <= src end - 32 and op + lit <= dst end - 32.
	MOVQ R12, CX
	SUBQ R11, CX
	CMPQ BX, CX
	JA   bail
	MOVQ R13, CX
	SUBQ R9, CX
	CMPQ BX, CX
	JA   bail
	XORQ CX, CX

lit_loop:
	MOVOU (R11)(CX*1), X0
	MOVOU 16(R11)(CX*1), X1
	MOVOU X0, (R9)(CX*1)
	MOVOU X1, 16(R9)(CX*1)
	ADDQ  $32, CX
	CMPQ  CX, BX
	JB    lit_loop
	ADDQ    BX, R11
	ADDQ    BX, R9
	MOVWQZX (R11), DX
	ADDQ    $2, R11
	JMP     offset

ml_long:
	MOVQ $19, AX

ml_ext:
	CMPQ    R11, R10
	JAE     bail
	MOVBQZX (R11), CX
	INCQ    R11
	ADDQ    CX, AX
	CMPQ    CX, $255
	JEQ     ml_ext

	// op + ml <= dst end - 32.
	MOVQ R13, CX
	SUBQ R9, CX
	CMPQ AX, CX
	JA   bail
	CMPQ DX, $16
	JB   short_off
	XORQ CX, CX
	CMPQ DX, $32
	JB   match_loop

	// Distance 32 or more: 32 bytes at a time.
match_loop32:
	MOVOU (BX)(CX*1), X0
	MOVOU 16(BX)(CX*1), X1
	MOVOU X0, (R9)(CX*1)
	MOVOU X1, 16(R9)(CX*1)
	ADDQ  $32, CX
	CMPQ  CX, AX
	JB    match_loop32
	ADDQ  AX, R9
	JMP   loop

	// Distance 16 to 31: each 16-byte piece was written before it is read.
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
