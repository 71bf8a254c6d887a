//go:build !purego

#include "textflag.h"

// Offsets of seqState's fields (sequences.go).
#define ST_LLT 0
#define ST_OFT 8
#define ST_MLT 16
#define ST_BV 24
#define ST_USED 32
#define ST_BPOS 40
#define ST_LLS 48
#define ST_OFS 56
#define ST_MLS 64
#define ST_REP0 72
#define ST_REP1 80
#define ST_REP2 88
#define ST_O 96
#define ST_LP 104
#define ST_N 112
#define ST_LLEN 120
#define ST_MLEN 128
#define ST_OFF 136
// Scratch: the bitstream's start + 8 (the lowest reload address), dst's
// start, dst's end - 32 (the assembly loop's output limit), the literals'
// start, and the limit of their end: their end or their capacity's end -
// 32 (the limit of their 32-byte reads), whichever is lower.
#define ST_BLIM 144
#define ST_DST 152
#define ST_DLIM 160
#define ST_LIT 168
#define ST_LLIM 176

// GETBITS reads the next CX (<= 31) bits of the bitstream into t: the top CX
// bits of bv << used, rotated to the bottom and the rest cleared (CX = 0
// gives 0); used += CX.
#define GETBITS(t) \
	SHLXQ R9, R8, t  \
	ROLQ  CX, t      \
	BZHIQ CX, t, t   \
	ADDQ  CX, R9

// RELOAD refills bv from the bitstream: br moves down by the whole bytes
// used, used keeps the rest (at most 7 bits).
#define RELOAD \
	MOVQ R9, AX  \
	SHRQ $3, AX  \
	SUBQ AX, R10 \
	ANDQ $7, R9  \
	MOVQ (R10), R8

// func decodeSeqsAsm(st *seqState, dst, lits, b []byte) int
//
// Decodes and executes sequences while st.n > 0, with BMI2 and SSSE3; see
// sequences_amd64.go for the contract.
//
// Registers: R8 bv, R9 used, R10 br (the bitstream's address of bv),
// R11/R12/R13 the LL/ML/OF states, then their table entries, R14 the
// output pointer, R15 the literals pointer, DI st, BP st.n; SI offset, BX
// match length, DX literal length; AX, CX scratch (CX: bit counts, then
// the match's source).
TEXT ·decodeSeqsAsm(SB), NOSPLIT, $8-88
	MOVQ st+0(FP), DI
	MOVQ dst_base+8(FP), AX
	MOVQ AX, ST_DST(DI)
	MOVQ ST_O(DI), R14
	ADDQ AX, R14
	ADDQ dst_len+16(FP), AX
	SUBQ $32, AX
	MOVQ AX, ST_DLIM(DI)
	MOVQ lits_base+32(FP), AX
	MOVQ AX, ST_LIT(DI)
	MOVQ ST_LP(DI), R15
	ADDQ AX, R15
	MOVQ AX, BX
	ADDQ lits_len+40(FP), BX
	ADDQ lits_cap+48(FP), AX
	SUBQ $32, AX
	CMPQ AX, BX
	CMOVQCS AX, BX
	MOVQ BX, ST_LLIM(DI)
	MOVQ b_base+56(FP), AX
	MOVQ ST_BPOS(DI), R10
	ADDQ AX, R10
	ADDQ $8, AX
	MOVQ AX, ST_BLIM(DI)
	MOVQ ST_BV(DI), R8
	MOVQ ST_USED(DI), R9
	MOVQ ST_LLS(DI), R11
	MOVQ ST_MLS(DI), R12
	MOVQ ST_OFS(DI), R13
	MOVQ ST_N(DI), BP
	// The states index tables of 512 entries; build keeps the next
	// states below the table size, the Go code the first ones.
	ANDQ $511, R11
	ANDQ $511, R12
	ANDQ $511, R13

loop:
	DECQ BP
	JS   stop_n

	// Reload unless that would go below b[8:] (the Go loop's end game):
	// then at least 57 bits are readable, and the second reload below
	// stays within b.
	MOVQ R9, AX
	SHRQ $3, AX
	SUBQ AX, R10
	CMPQ R10, ST_BLIM(DI)
	JB   stop_b
	ANDQ $7, R9
	MOVQ (R10), R8

	// The states' entries (seqEntry): next-state bits (byte 0), value
	// bits (byte 1), next-state base (bits 16-31), value base (32-63).
	// The value bits are loaded on their own, alongside: the offset's
	// start the chain of bit counts.
	MOVQ    ST_LLT(DI), AX
	MOVBLZX 1(AX)(R11*8), DX
	MOVQ    (AX)(R11*8), R11
	MOVQ    ST_MLT(DI), AX
	MOVBLZX 1(AX)(R12*8), BX
	MOVQ    (AX)(R12*8), R12
	MOVQ    ST_OFT(DI), AX
	MOVBLZX 1(AX)(R13*8), CX
	MOVQ    (AX)(R13*8), R13

	// Offset value (at most 31 bits), then match length (16): the bits
	// plus the value base, the entry's top half (a value fits in 32
	// bits: ADDL).
	GETBITS(SI)
	RORXQ $32, R13, AX
	ADDL  AX, SI
	MOVQ  BX, CX
	GETBITS(BX)
	RORXQ $32, R12, AX
	ADDL  AX, BX

	// Literal length (16 bits) and the 26 bits of the next states need
	// a reload unless used + those bits fit in 64.
	MOVQ DX, CX
	LEAQ (R9)(CX*1), AX
	CMPQ AX, $38
	JBE  lit_bits
	RELOAD

lit_bits:
	GETBITS(DX)
	RORXQ $32, R11, AX
	ADDL  AX, DX

	// Next states: LL, ML, OF.
	MOVBLZX R11B, CX
	GETBITS(AX)
	SHRL    $16, R11
	ADDQ    AX, R11
	MOVBLZX R12B, CX
	GETBITS(AX)
	SHRL    $16, R12
	ADDQ    AX, R12
	MOVBLZX R13B, CX
	GETBITS(AX)
	SHRL    $16, R13
	ADDQ    AX, R13

	// Offset: a new one (value > 3), or a repeat offset (out of line).
	CMPQ SI, $3
	JBE  repeat
	SUBQ $3, SI
	MOVQ ST_REP1(DI), AX
	MOVQ AX, ST_REP2(DI)
	MOVQ ST_REP0(DI), AX
	MOVQ AX, ST_REP1(DI)
	MOVQ SI, ST_REP0(DI)

execute:
	// Left to the Go code: literals past their limit, output too near
	// dst's end, an offset reaching before dst (the dictionary, or
	// corrupt; a zero offset is handed back where it arises). AX is
	// the literals' end in dst, CX the match's source.
	LEAQ (R15)(DX*1), AX
	CMPQ AX, ST_LLIM(DI)
	JA   pending
	LEAQ (R14)(DX*1), AX
	LEAQ (AX)(BX*1), CX
	CMPQ CX, ST_DLIM(DI)
	JA   pending
	MOVQ AX, CX
	SUBQ SI, CX
	JCS  pending
	CMPQ CX, ST_DST(DI)
	JB   pending

	// Literals: 32 bytes, then 16 at a time past 32.
	MOVOU (R15), X0
	MOVOU 16(R15), X1
	MOVOU X0, (R14)
	MOVOU X1, 16(R14)
	CMPQ  DX, $32
	JA    lit_long

lit_done:
	ADDQ DX, R15
	MOVQ AX, R14

	// The match, from CX.
	CMPQ  SI, $16
	JB    short_off
	MOVOU (CX), X0
	MOVOU X0, (R14)
	CMPQ  BX, $16
	JA    match_long
	ADDQ  BX, R14
	JMP   loop

lit_long:
	MOVQ $32, AX

lit_loop:
	MOVOU (R15)(AX*1), X0
	MOVOU X0, (R14)(AX*1)
	ADDQ  $16, AX
	CMPQ  AX, DX
	JB    lit_loop
	LEAQ  (R14)(DX*1), AX
	JMP   lit_done

match_long:
	// Offset 16 or more: each 16 bytes read were written before.
	MOVQ $16, AX

match_loop:
	MOVOU (CX)(AX*1), X0
	MOVOU X0, (R14)(AX*1)
	ADDQ  $16, AX
	CMPQ  AX, BX
	JB    match_loop
	ADDQ  BX, R14
	JMP   loop

short_off:
	// Offset 1 to 15: the first offset bytes repeated over 16 bytes
	// (PSHUFB with indexes i % offset), then piece after piece.
	MOVOU  (CX), X0
	MOVQ   SI, CX
	SHLQ   $4, CX
	LEAQ   ·patMasks(SB), AX
	MOVOU  (AX)(CX*1), X1
	PSHUFB X1, X0
	MOVOU  X0, (R14)
	CMPQ   BX, $16
	JA     short_long
	ADDQ   BX, R14
	JMP    loop

short_long:
	LEAQ   ·nextMasks(SB), AX
	MOVOU  (AX)(CX*1), X1
	MOVQ   $16, CX

short_loop:
	PSHUFB X1, X0
	MOVOU  X0, (R14)(CX*1)
	ADDQ   $16, CX
	CMPQ   CX, BX
	JB     short_loop
	ADDQ   BX, R14
	JMP    loop

repeat:
	// Index value - 1, plus 1 when the literal length is 0: CX = 0 keeps
	// rep0, 1 and 2 bring rep1 or rep2 to the front, 3 is rep0 - 1.
	MOVQ  SI, CX
	CMPQ  DX, $1
	ADCQ  $-1, CX
	MOVQ  ST_REP0(DI), SI
	TESTQ CX, CX
	JEQ   execute
	CMPQ  CX, $2
	JEQ   rep_2
	JA    rep_3
	MOVQ  ST_REP1(DI), SI
	MOVQ  ST_REP0(DI), AX
	MOVQ  AX, ST_REP1(DI)
	MOVQ  SI, ST_REP0(DI)
	JMP   execute

rep_2:
	MOVQ ST_REP2(DI), SI
	MOVQ ST_REP1(DI), AX
	MOVQ AX, ST_REP2(DI)
	MOVQ ST_REP0(DI), AX
	MOVQ AX, ST_REP1(DI)
	MOVQ SI, ST_REP0(DI)
	JMP  execute

rep_3:
	// rep0 - 1, which is 0 (corrupt) when rep0 is 1: handed back.
	DECQ SI
	JEQ  pending
	MOVQ ST_REP1(DI), AX
	MOVQ AX, ST_REP2(DI)
	MOVQ ST_REP0(DI), AX
	MOVQ AX, ST_REP1(DI)
	MOVQ SI, ST_REP0(DI)
	JMP  execute

pending:
	MOVQ DX, ST_LLEN(DI)
	MOVQ BX, ST_MLEN(DI)
	MOVQ SI, ST_OFF(DI)
	MOVQ $1, AX
	JMP  save

stop_b:
	// Undo the reload's move and the count.
	ADDQ AX, R10

stop_n:
	// The entries were not loaded: R11-R13 are states.
	INCQ BP
	XORQ AX, AX

save:
	MOVQ AX, ret+80(FP)
	MOVQ BP, ST_N(DI)
	MOVQ R8, ST_BV(DI)
	MOVQ R9, ST_USED(DI)
	SUBQ b_base+56(FP), R10
	MOVQ R10, ST_BPOS(DI)
	MOVQ R11, ST_LLS(DI)
	MOVQ R12, ST_MLS(DI)
	MOVQ R13, ST_OFS(DI)
	SUBQ ST_DST(DI), R14
	MOVQ R14, ST_O(DI)
	SUBQ ST_LIT(DI), R15
	MOVQ R15, ST_LP(DI)
	RET
