//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// Locals of fastLoop: the settings of the hash and the parse state that
// does not fit in registers.
#define LIMIT limit-8(SP)
#define PR pr-24(SP)
#define SR sr-32(SP)
#define BASE base-40(SP)
#define REP0 rep0-48(SP)
#define NEXT next-56(SP)
#define END end-64(SP)
#define ANCHOR anchor-72(SP)
#define REP1 rep1-80(SP)
#define REP2 rep2-88(SP)
#define LITP litp-96(SP)
#define SEQP seqp-104(SP)
#define CUR0 cur0-112(SP)
#define OFF off-120(SP)

// HASH sets h to the table index of the word v, clobbering CX: v<<sl*pr
// is v*(pr<<sl) (modulo 2^64), so PR holds pr<<sl and the hash is
// v*PR>>sr, masked.
#define HASH(v, h) \
	MOVQ  v, h; \
	IMULQ PR, h; \
	MOVQ  SR, CX; \
	SHRQ  CX, h; \
	ANDL  $0xffff, h

// ENTER enters position p (a register other than CX, AX, DX) in the
// table: t[hash(p)] = p + base, clobbering AX, CX, DX.
#define ENTER(p) \
	MOVQ (BX)(p*1), AX; \
	HASH(AX, DX); \
	MOVQ BASE, AX; \
	ADDQ p, AX; \
	MOVL AX, (DI)(DX*4)

// func fastLoop(s *fastState)
//
// The whole of matchFast's parse (matchFastGeneric) from s.ip: the search
// of fastFindGeneric, then per match the extension forwards and
// backwards, the literals appended to s.lits, the offset coded against
// the repeat offsets (codeOffset), the sequence appended to s.seqs, the
// table entries after the match and the immediate repeats of the second
// offset; it stores back s.anchor (the start of the literals left), the
// repeat offsets and the lengths of s.lits and s.seqs. s.lits has room
// for end-ip more bytes and s.seqs for (end-ip)/4+1 more sequences (a
// sequence covers at least 4 bytes): nothing is checked.
//
// Registers in the search: BX = &b[0], DI = t, R8 = ip0 (ip1 = ip0+1 at
// the top of the loop), R9 = ip2 (ip3 = ip2+1), R10 = v0, R11 = v1,
// R12 = h0, R13 = h1, R14 = idx, SI = the entry at h1 (the next idx,
// read as soon as the entry at h0 is written, so that its load is under
// way while the probe before it is decided), R15 = step, DX = v2. A probe
// reads its candidate without a branch on its validity (zstd's way): an
// invalid idx reads at ip0 instead and compares with v0+1, which never
// matches, so the only branch left is the one on the match.
TEXT ·fastLoop(SB), NOSPLIT, $120-8
	MOVQ s+0(FP), AX
	MOVQ fastState_b(AX), BX
	MOVQ fastState_t(AX), DI
	MOVQ fastState_limit(AX), CX
	MOVQ CX, LIMIT
	MOVQ fastState_pr(AX), DX
	MOVQ fastState_sl(AX), CX
	SHLQ CX, DX
	MOVQ DX, PR
	MOVQ fastState_sr(AX), CX
	MOVQ CX, SR
	MOVQ fastState_base(AX), CX
	MOVQ CX, BASE
	MOVQ fastState_rep0(AX), CX
	MOVQ CX, REP0
	MOVQ fastState_rep1(AX), CX
	MOVQ CX, REP1
	MOVQ fastState_rep2(AX), CX
	MOVQ CX, REP2
	MOVQ fastState_end(AX), CX
	MOVQ CX, END
	MOVQ fastState_anchor(AX), CX
	MOVQ CX, ANCHOR
	MOVQ fastState_lits(AX), CX
	ADDQ fastState_lits+8(AX), CX
	MOVQ CX, LITP
	MOVQ fastState_seqs+8(AX), CX
	IMULQ $seq__size, CX
	ADDQ fastState_seqs(AX), CX
	MOVQ CX, SEQP
	MOVQ fastState_ip(AX), R8

search:
	MOVQ $2, R15
	LEAQ 128(R8), CX // fastStepIncr
	MOVQ CX, NEXT
	LEAQ 3(R8), AX
	CMPQ AX, LIMIT
	JGE  finish
	LEAQ 2(R8), R9
	MOVQ (BX)(R8*1), R10
	MOVQ 1(BX)(R8*1), R11
	HASH(R10, R12)
	HASH(R11, R13)
	MOVL (DI)(R12*4), R14
	SUBQ BASE, R14

loop:
	LEAQ 1(R9), AX
	CMPQ AX, LIMIT
	JGE  finish
	MOVQ (BX)(R9*1), DX // v2
	MOVQ BASE, AX
	ADDQ R8, AX
	MOVL AX, (DI)(R12*4) // t[h0] = ip0
	MOVL (DI)(R13*4), SI // the entry at h1
	// The repeat offset at ip2.
	MOVQ REP0, AX
	CMPQ R9, AX
	JLE  probe1
	MOVQ R9, CX
	SUBQ AX, CX
	CMPL DX, (BX)(CX*1)
	JNE  probe1
	MOVQ BASE, AX
	LEAQ 1(R8)(AX*1), AX
	MOVL AX, (DI)(R13*4) // t[h1] = ip1
	MOVQ R8, CUR0
	MOVQ R9, R8
	MOVQ CX, DX
	JMP  match

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
	MOVQ BASE, AX
	LEAQ 1(R8)(AX*1), AX
	MOVL AX, (DI)(R13*4) // t[h1] = ip1
	JMP  found

next1:
	MOVQ SI, R14
	SUBQ BASE, R14 // idx = t[h1]
	MOVQ R13, R12
	HASH(DX, R13)
	INCQ R8 // ip0 = ip1; ip1 = ip2 = R9, ip2 = ip3 = R9+1
	MOVQ R11, R10
	MOVQ DX, R11
	MOVQ BASE, AX
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
	MOVQ BASE, AX
	ADDQ R9, AX
	MOVL AX, (DI)(R13*4) // t[h1] = ip1
	JMP  found

next2:
	MOVQ SI, R14
	SUBQ BASE, R14 // idx = t[h1]
	MOVQ 1(BX)(R9*1), DX  // v2 = the word at ip2
	MOVQ R13, R12
	HASH(DX, R13)
	MOVQ R9, R8 // ip0 = ip1, ip1 = ip2
	MOVQ R11, R10
	MOVQ DX, R11
	LEAQ (R8)(R15*1), R9 // ip2 = ip0+step
	CMPQ R9, NEXT
	JLT  loop
	INCQ R15
	ADDQ $128, NEXT
	JMP  loop

found:
	MOVQ R8, CUR0
	MOVQ R14, DX

match:
	// R8 = ip0, DX = cand: the match of 4 bytes or more found.
	MOVQ R8, R9
	SUBQ DX, R9
	MOVQ R9, OFF
	LEAQ 4(R8), R10
	LEAQ 4(DX), R11
	// The bytes at R10 that equal those at R11, up to end (R10 and R11
	// advance past them), clobbering AX, R13 and X0-X1: 8 bytes first
	// (most matches are short), then 16 at a time.
	MOVQ END, R13
	SUBQ $8, R13
	CMPQ R10, R13
	JGT  fwd1
	MOVQ (BX)(R10*1), AX
	XORQ (BX)(R11*1), AX
	JNZ  fwdx
	ADDQ $8, R10
	ADDQ $8, R11
	SUBQ $8, R13

fwd16:
	CMPQ     R10, R13
	JGT      fwd16e
	MOVOU    (BX)(R10*1), X0
	MOVOU    (BX)(R11*1), X1
	PCMPEQB  X1, X0
	PMOVMSKB X0, AX
	XORL     $0xffff, AX
	JNZ      fwd16x
	ADDQ     $16, R10
	ADDQ     $16, R11
	JMP      fwd16

fwd16x:
	BSFL AX, AX
	ADDQ AX, R10
	JMP  fwdd

fwd16e:
	ADDQ $8, R13

fwd8:
	CMPQ R10, R13
	JGT  fwd1
	MOVQ (BX)(R10*1), AX
	XORQ (BX)(R11*1), AX
	JNZ  fwdx
	ADDQ $8, R10
	ADDQ $8, R11
	JMP  fwd8

fwdx:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, R10
	JMP  fwdd

fwd1:
	ADDQ $8, R13

fwdb:
	CMPQ R10, R13
	JGE  fwdd
	MOVBLZX (BX)(R10*1), AX
	CMPB AL, (BX)(R11*1)
	JNE  fwdd
	INCQ R10
	INCQ R11
	JMP  fwdb

fwdd:
	MOVQ R10, R9
	SUBQ R8, R9 // ml
	MOVQ ANCHOR, R12

back:
	CMPQ R8, R12
	JLE  backdone
	TESTQ DX, DX
	JLE  backdone
	MOVBLZX -1(BX)(R8*1), AX
	CMPB AL, -1(BX)(DX*1)
	JNE  backdone
	DECQ R8
	DECQ DX
	INCQ R9
	JMP  back

backdone:
	// The literals b[anchor:ip0] (R13 = ll bytes from SI) to LITP,
	// copied exactly: no byte is read or written outside them.
	MOVQ R8, R13
	SUBQ R12, R13
	LEAQ (BX)(R12*1), SI
	MOVQ LITP, R10
	CMPQ R13, $16
	JAE  lits16
	CMPQ R13, $8
	JB   lits7
	MOVQ (SI), AX
	MOVQ -8(SI)(R13*1), CX
	MOVQ AX, (R10)
	MOVQ CX, -8(R10)(R13*1)
	JMP  litsdone

lits7:
	CMPQ R13, $4
	JB   lits3
	MOVL (SI), AX
	MOVL -4(SI)(R13*1), CX
	MOVL AX, (R10)
	MOVL CX, -4(R10)(R13*1)
	JMP  litsdone

lits3:
	TESTQ R13, R13
	JZ    litsdone
	MOVB  (SI), AX
	MOVB  -1(SI)(R13*1), CX
	MOVB  AX, (R10)
	MOVB  CX, -1(R10)(R13*1)
	CMPQ  R13, $2
	JB    litsdone
	MOVB  1(SI), AX
	MOVB  AX, 1(R10)
	JMP   litsdone

lits16:
	// Whole 16-byte blocks, then the last 16 bytes (overlapping).
	XORL AX, AX
	LEAQ -16(R13), CX

lits16loop:
	MOVOU (SI)(AX*1), X0
	MOVOU X0, (R10)(AX*1)
	ADDQ  $16, AX
	CMPQ  AX, CX
	JB    lits16loop
	MOVOU (SI)(CX*1), X0
	MOVOU X0, (R10)(CX*1)

litsdone:
	ADDQ R13, R10
	MOVQ R10, LITP

	// codeOffset: AX = the offset code, R12, R14, R15 = the repeat
	// offsets after the sequence.
	MOVQ OFF, R11
	MOVQ REP0, R12
	MOVQ REP1, R14
	MOVQ REP2, R15
	TESTQ R13, R13
	JZ   ll0
	CMPQ R11, R12
	JNE  c1
	MOVL $1, AX
	JMP  coded

c1:
	CMPQ R11, R14
	JNE  c2
	MOVL $2, AX
	XCHGQ R12, R14
	JMP  coded

c2:
	CMPQ R11, R15
	JNE  cnew
	MOVL $3, AX
	MOVQ R14, R15
	MOVQ R12, R14
	MOVQ R11, R12
	JMP  coded

ll0:
	CMPQ R11, R14
	JNE  z1
	MOVL $1, AX
	XCHGQ R12, R14
	JMP  coded

z1:
	CMPQ R11, R15
	JNE  z2
	MOVL $2, AX
	MOVQ R14, R15
	MOVQ R12, R14
	MOVQ R11, R12
	JMP  coded

z2:
	LEAQ -1(R12), CX
	CMPQ R11, CX
	JNE  cnew
	MOVL $3, AX
	MOVQ R14, R15
	MOVQ R12, R14
	MOVQ R11, R12
	JMP  coded

cnew:
	LEAQ 3(R11), AX
	MOVQ R14, R15
	MOVQ R12, R14
	MOVQ R11, R12

coded:
	MOVQ R12, REP0
	MOVQ R14, REP1
	MOVQ R15, REP2
	MOVQ SEQP, CX
	MOVL R13, seq_litLen(CX)
	MOVL R9, seq_matchLen(CX)
	MOVL AX, seq_offBase(CX)
	ADDQ $seq__size, CX
	MOVQ CX, SEQP
	ADDQ R9, R8
	MOVQ R8, ANCHOR
	CMPQ R8, LIMIT
	JGT  search
	MOVQ CUR0, R10
	ADDQ $2, R10
	ENTER(R10)
	LEAQ -2(R8), R10
	ENTER(R10)

rep:
	// Immediate repeats of the second offset: no literals, coded 1.
	CMPQ R8, LIMIT
	JGT  search
	MOVQ REP1, R14
	CMPQ R8, R14
	JLT  search
	MOVQ R8, R11
	SUBQ R14, R11
	MOVL (BX)(R8*1), AX
	CMPL AX, (BX)(R11*1)
	JNE  search
	LEAQ 4(R8), R10
	ADDQ $4, R11
	// The bytes at R10 that equal those at R11, up to end (R10 and R11
	// advance past them), clobbering AX, R13 and X0-X1: 8 bytes first
	// (most matches are short), then 16 at a time.
	MOVQ END, R13
	SUBQ $8, R13
	CMPQ R10, R13
	JGT  rml1
	MOVQ (BX)(R10*1), AX
	XORQ (BX)(R11*1), AX
	JNZ  rmlx
	ADDQ $8, R10
	ADDQ $8, R11
	SUBQ $8, R13

rml16:
	CMPQ     R10, R13
	JGT      rml16e
	MOVOU    (BX)(R10*1), X0
	MOVOU    (BX)(R11*1), X1
	PCMPEQB  X1, X0
	PMOVMSKB X0, AX
	XORL     $0xffff, AX
	JNZ      rml16x
	ADDQ     $16, R10
	ADDQ     $16, R11
	JMP      rml16

rml16x:
	BSFL AX, AX
	ADDQ AX, R10
	JMP  rmld

rml16e:
	ADDQ $8, R13

rml8:
	CMPQ R10, R13
	JGT  rml1
	MOVQ (BX)(R10*1), AX
	XORQ (BX)(R11*1), AX
	JNZ  rmlx
	ADDQ $8, R10
	ADDQ $8, R11
	JMP  rml8

rmlx:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, R10
	JMP  rmld

rml1:
	ADDQ $8, R13

rmlb:
	CMPQ R10, R13
	JGE  rmld
	MOVBLZX (BX)(R10*1), AX
	CMPB AL, (BX)(R11*1)
	JNE  rmld
	INCQ R10
	INCQ R11
	JMP  rmlb

rmld:
	SUBQ R8, R10 // the length
	ENTER(R8)
	MOVQ SEQP, CX
	MOVL $0, seq_litLen(CX)
	MOVL R10, seq_matchLen(CX)
	MOVL $1, seq_offBase(CX)
	ADDQ $seq__size, CX
	MOVQ CX, SEQP
	MOVQ REP0, AX
	MOVQ R14, REP0
	MOVQ AX, REP1
	ADDQ R10, R8
	MOVQ R8, ANCHOR
	JMP  rep

finish:
	MOVQ s+0(FP), AX
	MOVQ ANCHOR, CX
	MOVQ CX, fastState_anchor(AX)
	MOVQ REP0, CX
	MOVQ CX, fastState_rep0(AX)
	MOVQ REP1, CX
	MOVQ CX, fastState_rep1(AX)
	MOVQ REP2, CX
	MOVQ CX, fastState_rep2(AX)
	MOVQ LITP, CX
	SUBQ fastState_lits(AX), CX
	MOVQ CX, fastState_lits+8(AX)
	MOVQ SEQP, CX
	SUBQ fastState_seqs(AX), CX
	MOVQ CX, AX
	XORL DX, DX
	MOVQ $seq__size, CX
	DIVQ CX
	MOVQ s+0(FP), CX
	MOVQ AX, fastState_seqs+8(CX)
	RET
