//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "enc_rowhash_amd64.h"

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
	ROW_INSERT_SETUP(R11)

loop:
	ROW_INSERT_ONE(R11)
	INCQ    DX
	CMPQ    DX, DI
	JLT     loop
	RET
