//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// HASH sets h to the table index of the word v (v<<sl*pr>>sr, masked),
// clobbering CX.
#define HASH(v, h) \
	MOVQ  v, h; \
	MOVQ  sl-8(SP), CX; \
	SHLQ  CX, h; \
	IMULQ pr-16(SP), h; \
	MOVQ  sr-24(SP), CX; \
	SHRQ  CX, h; \
	ANDL  $0xffff, h

// func fastFind(s *fastState, ip0 int) (ip, cand, cur0 int)
//
// Registers: BX = &b[0], DI = t, R8 = ip0 (ip1 = ip0+1 at the top of the
// loop), R9 = ip2 (ip3 = ip2+1), R10 = v0, R11 = v1, R12 = h0, R13 = h1,
// R14 = idx, SI = the entry at h1 (the next idx, read as soon as the
// entry at h0 is written, so that its load is under way while the probe
// before it is decided), R15 = step, DX = v2. Locals: the hash settings,
// base, rep0, nextStep and limit.
//
// A probe reads its candidate without a branch on its validity (zstd's
// way): an invalid idx reads at ip0 instead and compares with v0+1, which
// never matches, so the only branch left is the one on the match.
TEXT ·fastFind(SB), NOSPLIT, $56-40
	MOVQ s+0(FP), AX
	MOVQ fastState_b(AX), BX
	MOVQ fastState_t(AX), DI
	MOVQ fastState_limit(AX), SI
	MOVQ SI, limit-56(SP)
	MOVQ fastState_sl(AX), CX
	MOVQ CX, sl-8(SP)
	MOVQ fastState_pr(AX), CX
	MOVQ CX, pr-16(SP)
	MOVQ fastState_sr(AX), CX
	MOVQ CX, sr-24(SP)
	MOVQ fastState_base(AX), CX
	MOVQ CX, base-32(SP)
	MOVQ fastState_rep0(AX), CX
	MOVQ CX, rep0-40(SP)
	MOVQ ip0+8(FP), R8
	MOVQ $2, R15
	LEAQ 128(R8), CX // fastStepIncr
	MOVQ CX, next-48(SP)
	LEAQ 3(R8), AX
	CMPQ AX, SI
	JGE  none
	LEAQ 2(R8), R9
	MOVQ (BX)(R8*1), R10
	MOVQ 1(BX)(R8*1), R11
	HASH(R10, R12)
	HASH(R11, R13)
	MOVL (DI)(R12*4), R14
	SUBQ base-32(SP), R14

loop:
	LEAQ 1(R9), AX
	CMPQ AX, limit-56(SP)
	JGE  none
	MOVQ (BX)(R9*1), DX // v2
	MOVQ base-32(SP), AX
	ADDQ R8, AX
	MOVL AX, (DI)(R12*4) // t[h0] = ip0
	MOVL (DI)(R13*4), SI // the entry at h1
	// The repeat offset at ip2.
	MOVQ rep0-40(SP), AX
	CMPQ R9, AX
	JLE  probe1
	MOVQ R9, CX
	SUBQ AX, CX
	CMPL DX, (BX)(CX*1)
	JNE  probe1
	MOVQ base-32(SP), AX
	LEAQ 1(R8)(AX*1), AX
	MOVL AX, (DI)(R13*4) // t[h1] = ip1
	MOVQ R9, ip+16(FP)
	MOVQ CX, cand+24(FP)
	MOVQ R8, cur0+32(FP)
	RET

probe1:
	// The hash match at ip0.
	LEAQ -1(R14), AX
	LEAQ -1(R8), CX
	CMPQ AX, CX // CF: idx is valid
	MOVQ R14, AX
	CMOVQCC R8, AX
	MOVL R10, CX
	CMC
	ADCL $0, CX
	CMPL CX, (BX)(AX*1)
	JNE  next1
	MOVQ base-32(SP), AX
	LEAQ 1(R8)(AX*1), AX
	MOVL AX, (DI)(R13*4) // t[h1] = ip1
	JMP  found

next1:
	MOVQ SI, R14
	SUBQ base-32(SP), R14 // idx = t[h1]
	MOVQ R13, R12
	HASH(DX, R13)
	INCQ R8 // ip0 = ip1; ip1 = ip2 = R9, ip2 = ip3 = R9+1
	MOVQ R11, R10
	MOVQ DX, R11
	MOVQ base-32(SP), AX
	ADDQ R8, AX
	MOVL AX, (DI)(R12*4) // t[h0] = ip0
	MOVL (DI)(R13*4), SI // the entry at h1
	LEAQ -1(R14), AX
	LEAQ -1(R8), CX
	CMPQ AX, CX // CF: idx is valid
	MOVQ R14, AX
	CMOVQCC R8, AX
	MOVL R10, CX
	CMC
	ADCL $0, CX
	CMPL CX, (BX)(AX*1)
	JNE  next2
	CMPQ R15, $4
	JGT  found
	MOVQ base-32(SP), AX
	ADDQ R9, AX
	MOVL AX, (DI)(R13*4) // t[h1] = ip1
	JMP  found

next2:
	MOVQ SI, R14
	SUBQ base-32(SP), R14 // idx = t[h1]
	MOVQ 1(BX)(R9*1), DX  // v2 = the word at ip2
	MOVQ R13, R12
	HASH(DX, R13)
	MOVQ R9, R8 // ip0 = ip1, ip1 = ip2
	MOVQ R11, R10
	MOVQ DX, R11
	LEAQ (R8)(R15*1), R9 // ip2 = ip0+step
	CMPQ R9, next-48(SP)
	JLT  loop
	INCQ R15
	ADDQ $128, next-48(SP)
	JMP  loop

found:
	MOVQ R8, ip+16(FP)
	MOVQ R14, cand+24(FP)
	MOVQ R8, cur0+32(FP)
	RET

none:
	MOVQ $0, ip+16(FP)
	MOVQ $-1, cand+24(FP)
	MOVQ $0, cur0+32(FP)
	RET
