//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "enc_rowhash_amd64.h"

// func rowScan(f *rowFinder, rep, anchor, ip, limit, end, depth int) (nip, ml, off, start int)
//
// Registers: R11 = ip, R12 = f, R13 = ml (or the repeat match's length),
// R15 = start; across the searches (rowFind's body, included at find,
// which uses every register), the state is in the results and d, the
// lazy step (0 while no match is found), in a local. The repeat offset's
// checks: SI = &b[ip+1] (&b[ip] in the lazy steps), DI = SI-rep, DX = the
// bytes from SI to end.
#define FIND_END end+40(FP)

TEXT ·rowScan(SB), 0, $296-88
	MOVQ ip+24(FP), R11
	MOVQ $0, d-296(SP)

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
	MOVQ R11, nip+56(FP)
	MOVQ R13, ml+64(FP)
	MOVQ $0, off+72(FP)
	MOVQ R15, start+80(FP)
	JMP  find

	// The search's result (R13 bytes at offset R14) at ip (R11).
scanfound:
	CMPQ R13, ml+64(FP)
	JLE  nobetter
	MOVQ R13, ml+64(FP)
	MOVQ R14, off+72(FP)
	MOVQ R11, start+80(FP)
	JMP  lazy

nobetter:
	CMPQ ml+64(FP), $4
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
	JMP lazy

	// The search at ip (R11, R12 = f): rowFind's body, then back to the
	// scan or the lazy step.
find:
#include "enc_rowfind_amd64.h"
	CMPQ d-296(SP), $0
	JEQ  scanfound
	JMP  lzfound

none:
	MOVQ R11, nip+56(FP)
	MOVQ $0, ml+64(FP)
	MOVQ $0, off+72(FP)
	MOVQ $0, start+80(FP)
	RET

// offBits(off, dst): zstd's highbit of off+3, 0 for off 0 (AX scratch).
#define OFFBITS(off, dst) \
	LEAQ    3(off), dst \
	BSRQ    dst, dst \
	XORQ    AX, AX \
	TESTQ   off, off \
	CMOVQEQ AX, dst

	// The lazy evaluation (rowLazyGeneric): d in a local, the match in the
	// results.
lazy:
	MOVQ $1, d-296(SP)

lzloop:
	MOVQ d-296(SP), AX
	CMPQ AX, depth+48(FP)
	JGT  lzdone
	MOVQ nip+56(FP), R11
	INCQ R11
	MOVQ R11, nip+56(FP)
	CMPQ R11, limit+32(FP)
	JGE  lzdone
	MOVQ f+0(FP), R12
	MOVQ rep+8(FP), CX
	CMPQ R11, CX
	JLT  lzsearch
	MOVQ rowFinder_b(R12), SI
	ADDQ R11, SI
	MOVQ SI, DI
	SUBQ CX, DI
	MOVL (SI), AX
	CMPL AX, (DI)
	JNE  lzsearch
	MOVQ end+40(FP), DX
	SUBQ R11, DX
	MOVQ $4, R13

lzrep8:
	LEAQ 8(R13), AX
	CMPQ AX, DX
	JA   lzrep1
	MOVQ (SI)(R13*1), AX
	XORQ (DI)(R13*1), AX
	JNZ  lzrepdiff
	ADDQ $8, R13
	JMP  lzrep8

lzrepdiff:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, R13
	JMP  lzrepgot

lzrep1:
	CMPQ    R13, DX
	JAE     lzrepgot
	MOVBLZX (SI)(R13*1), AX
	CMPB    AL, (DI)(R13*1)
	JNE     lzrepgot
	INCQ    R13
	JMP     lzrep1

lzrepgot:
	// repBetter: l*mul > ml*mul - offBits(off) + 1, mul 3, or 4 at d 2.
	MOVQ    off+72(FP), CX
	OFFBITS(CX, R8)
	MOVQ    $3, R9
	MOVQ    $4, R10
	CMPQ    d-296(SP), $2
	CMOVQEQ R10, R9
	MOVQ    ml+64(FP), R10
	IMULQ   R9, R10
	SUBQ    R8, R10
	INCQ    R10
	IMULQ   R13, R9
	CMPQ    R9, R10
	JLE     lzsearch
	MOVQ    R13, ml+64(FP)
	MOVQ    $0, off+72(FP)
	MOVQ    R11, start+80(FP)

lzsearch:
	JMP find

	// The search's result (R13 bytes at offset R14) at ip (R11).
	// matchBetter: l >= 4 && 4*l - offBits(o) > 4*ml - offBits(off) + bonus,
	// bonus 4, or 7 at d 2.
lzfound:
	CMPQ    R13, $4
	JLT     lznext
	OFFBITS(R14, R8)
	LEAQ    (R13*4), R9
	SUBQ    R8, R9
	MOVQ    off+72(FP), CX
	OFFBITS(CX, R8)
	MOVQ    ml+64(FP), R10
	SHLQ    $2, R10
	SUBQ    R8, R10
	MOVQ    $4, CX
	MOVQ    $7, DX
	CMPQ    d-296(SP), $2
	CMOVQEQ DX, CX
	ADDQ    CX, R10
	CMPQ    R9, R10
	JLE     lznext
	MOVQ    R13, ml+64(FP)
	MOVQ    R14, off+72(FP)
	MOVQ    R11, start+80(FP)
	MOVQ    $0, d-296(SP)    // start over from here

lznext:
	INCQ d-296(SP)
	JMP  lzloop

lzdone:
	RET
