//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// func rowScan(f *rowFinder, rep, anchor, ip, limit, end int) (nip, ml, off, start int)
//
// Registers: R11 = ip, R12 = f, R13 = ml, R15 = start; across the call
// to rowFind (which uses every register), the state is in the results.
// The repeat offset's check: SI = &b[ip+1], DI = &b[ip+1-rep], DX = the
// bytes from ip+1 to end.
TEXT ·rowScan(SB), 0, $40-80
	MOVQ ip+24(FP), R11

loop:
	CMPQ R11, limit+32(FP)
	JGE  none
	MOVQ f+0(FP), R12
	MOVQ R11, AX
	SUBQ rowFinder_next(R12), AX
	CMPQ AX, $const_skipThreshold
	JGT  none                     // catchUp's work: the caller's
	XORQ R13, R13
	LEAQ 1(R11), R15
	MOVQ rep+8(FP), CX
	CMPQ R15, CX
	JLT  search                   // ip+1 < rep
	MOVQ rowFinder_b(R12), SI
	LEAQ 1(SI)(R11*1), SI
	MOVQ SI, DI
	SUBQ CX, DI
	MOVL (SI), AX
	CMPL AX, (DI)
	JNE  search
	MOVQ end+40(FP), DX
	SUBQ R15, DX
	MOVQ $4, R13

rep8:
	LEAQ 8(R13), AX
	CMPQ AX, DX
	JA   rep1
	MOVQ (SI)(R13*1), AX
	XORQ (DI)(R13*1), AX
	JNZ  repdiff
	ADDQ $8, R13
	JMP  rep8

repdiff:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, R13
	JMP  search

rep1:
	CMPQ    R13, DX
	JAE     search
	MOVBLZX (SI)(R13*1), AX
	CMPB    AL, (DI)(R13*1)
	JNE     search
	INCQ    R13
	JMP     rep1

search:
	MOVQ R11, nip+48(FP)
	MOVQ R13, ml+56(FP)
	MOVQ $0, off+64(FP)
	MOVQ R15, start+72(FP)
	MOVQ R12, 0(SP)
	MOVQ R11, 8(SP)
	MOVQ end+40(FP), AX
	MOVQ AX, 16(SP)
	CALL ·rowFind(SB)
	MOVQ 24(SP), AX
	MOVQ nip+48(FP), R11
	CMPQ AX, ml+56(FP)
	JLE  nobetter
	MOVQ AX, ml+56(FP)
	MOVQ 32(SP), CX
	MOVQ CX, off+64(FP)
	MOVQ R11, start+72(FP)
	RET

nobetter:
	CMPQ ml+56(FP), $4
	JGE  found
	MOVQ R11, AX
	SUBQ anchor+16(FP), AX
	SARQ $8, AX
	INCQ AX                       // the step
	ADDQ AX, R11
	CMPQ AX, $const_lazySkipStep
	JLE  loop
	MOVQ f+0(FP), R12             // the skipped positions not entered
	CMPQ rowFinder_next(R12), R11
	JGE  loop
	MOVQ R11, rowFinder_next(R12)
	JMP  loop

found:
	RET

none:
	MOVQ R11, nip+48(FP)
	MOVQ $0, ml+56(FP)
	MOVQ $0, off+64(FP)
	MOVQ $0, start+72(FP)
	RET
