//go:build !purego

#include "textflag.h"

// func rowSearch(b, row []byte, pos []uint32, ip, end, head int, tag uint8, attempts int, base uint32) (int, int)
//
// Registers in the search: BX = &b[ip], SI = end-ip, DI = &pos[0],
// R8 = candidate mask (newest at bit 0), R9 = head, R10 = size-1,
// R11 = ip, R13 = best length, R14 = its offset, R15 = attempts left;
// base+112(FP) holds ip+base.
TEXT ·rowSearch(SB), NOSPLIT, $0-136
	MOVQ row_base+24(FP), DX
	MOVQ row_len+32(FP), R10
	MOVBQZX tag+96(FP), AX
	MOVQ $0x0101010101010101, CX
	IMULQ CX, AX
	MOVQ AX, X1
	PUNPCKLQDQ X1, X1
	MOVOU (DX), X0
	PCMPEQB X1, X0
	PMOVMSKB X0, R8
	CMPQ R10, $16
	JEQ rotsmall
	MOVOU 16(DX), X2
	PCMPEQB X1, X2
	PMOVMSKB X2, AX
	SHLQ $16, AX
	ORQ AX, R8
	CMPQ R10, $32
	JEQ rotsmall
	MOVOU 32(DX), X2
	PCMPEQB X1, X2
	PMOVMSKB X2, AX
	SHLQ $32, AX
	ORQ AX, R8
	MOVOU 48(DX), X2
	PCMPEQB X1, X2
	PMOVMSKB X2, AX
	SHLQ $48, AX
	ORQ AX, R8
	MOVQ head+88(FP), CX
	RORQ CX, R8
	JMP search

rotsmall:
	// m = (m | m<<size) >> head & (1<<size - 1)
	MOVQ R8, AX
	MOVQ R10, CX
	SHLQ CX, AX
	ORQ  AX, R8
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	MOVQ head+88(FP), CX
	SHRQ CX, R8
	ANDQ AX, R8

search:
	MOVQ head+88(FP), R9
	DECQ R10
	MOVQ ip+72(FP), R11
	MOVQ b_base+0(FP), BX
	ADDQ R11, BX
	MOVQ end+80(FP), SI
	SUBQ R11, SI
	MOVQ pos_base+48(FP), DI
	MOVL base+112(FP), AX
	ADDL R11, AX
	MOVL AX, base+112(FP)
	MOVQ attempts+104(FP), R15
	XORQ R13, R13
	XORQ R14, R14

loop:
	TESTQ R8, R8
	JZ    done
	TESTQ R15, R15
	JLE   done
	DECQ  R15
	BSFQ  R8, AX
	LEAQ  -1(R8), CX
	ANDQ  CX, R8
	ADDQ  R9, AX
	ANDQ  R10, AX
	MOVL  base+112(FP), DX
	SUBL  (DI)(AX*4), DX // DX = offset
	LEAL  -1(DX), CX
	CMPL  CX, R11
	JAE   done           // an entry of an earlier stream
	MOVQ  BX, CX
	SUBQ  DX, CX         // CX = &b[ip-offset]
	MOVBLZX (CX)(R13*1), AX
	MOVBLZX (BX)(R13*1), R12
	CMPL  AX, R12
	JNE   loop
	MOVL  (CX), AX
	CMPL  AX, (BX)
	JNE   loop
	MOVQ  $4, R12

ml8:
	LEAQ 8(R12), AX
	CMPQ AX, SI
	JA   ml1
	MOVQ (BX)(R12*1), AX
	XORQ (CX)(R12*1), AX
	JNZ  mldiff
	ADDQ $8, R12
	JMP  ml8

mldiff:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, R12
	JMP  mlend

ml1:
	CMPQ R12, SI
	JAE  mlend
	MOVBLZX (BX)(R12*1), AX
	CMPB AL, (CX)(R12*1)
	JNE  mlend
	INCQ R12
	JMP  ml1

mlend:
	CMPQ R12, R13
	JLE  loop
	MOVQ R12, R13
	MOVQ DX, R14
	CMPQ R12, SI
	JAE  done
	JMP  loop

done:
	MOVQ R13, ret+120(FP)
	MOVQ R14, ret1+128(FP)
	RET
