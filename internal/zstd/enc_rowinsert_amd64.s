//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// func rowInsert(f *rowFinder, from, upTo int)
//
// Registers: BX = &b[0], DX = the position, DI = upTo, R8 = tags,
// R9 = pos, R10 = heads, R11 = base, R13 = hashMul, CX = hashShift,
// R14 = entries a row, R15 = their mask.
TEXT ·rowInsert(SB), NOSPLIT, $0-24
	MOVQ f+0(FP), R12
	MOVQ from+8(FP), DX
	MOVQ upTo+16(FP), DI
	MOVQ rowFinder_b(R12), BX
	MOVQ rowFinder_tags(R12), R8
	MOVQ rowFinder_pos(R12), R9
	MOVQ rowFinder_heads(R12), R10
	MOVL rowFinder_base(R12), R11
	MOVQ rowFinder_hashMul(R12), R13
	MOVQ rowFinder_rowLog(R12), CX
	MOVQ $1, R14
	SHLQ CX, R14
	LEAQ -1(R14), R15
	MOVQ rowFinder_hashShift(R12), CX

loop:
	MOVQ    (BX)(DX*1), AX
	IMULQ   R13, AX
	SHRQ    CX, AX
	MOVL    AX, SI         // SIB = tag
	SHRQ    $8, AX         // row
	MOVBLZX (R10)(AX*1), R12
	DECL    R12
	ANDL    R15, R12       // the slot before head becomes the newest
	MOVB    R12, (R10)(AX*1)
	IMULQ   R14, AX
	ADDQ    R12, AX
	MOVB    SI, (R8)(AX*1)
	LEAL    (R11)(DX*1), R12
	MOVL    R12, (R9)(AX*4)
	INCQ    DX
	CMPQ    DX, DI
	JLT     loop
	RET
