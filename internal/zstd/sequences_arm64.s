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

// GETBITS reads the next n (<= 31) bits of the bitstream into t: the top n
// bits of bv << used, as (bv << used) >> 1 >> (63 - n) so that n = 0 gives
// 0 (a register shift uses its low 6 bits, and ^n & 63 is 63 - n); used +=
// n. It clobbers n.
#define GETBITS(t, n) \
	LSL R1, R0, t \
	ADD n, R1, R1 \
	LSR $1, t, t  \
	MVN n, n      \
	LSR n, t, t

// func decodeSeqsAsm(st *seqState, dst, lits, b []byte) int
//
// The twin of sequences_amd64.s: decodes and executes sequences while
// st.n > 0; see sequences_arm64.go for the contract.
//
// Registers: R0 bv, R1 used, R2 br (the bitstream's address of bv),
// R3/R4/R5 the LL/ML/OF states, then their table entries, R6 the output
// pointer, R7 the literals pointer, R8 st, R9 offset, R10 match length,
// R11 literal length, R12-R14 scratch, R15 the bitstream's start + 8 (the
// lowest reload address), R16 dst's start, R17 dst's end - 32 (the loop's
// output limit), R19 the limit of the literals' end: their end or their
// capacity's end - 16 (the limit of their 16-byte reads), whichever is
// lower; R21/R22/R23 the LL/ML/OF tables, R24 st.n, R25/R26/R20 the repeat
// offsets 1-3.
TEXT ·decodeSeqsAsm(SB), NOSPLIT, $0-88
	MOVD st+0(FP), R8
	MOVD dst_base+8(FP), R16
	MOVD dst_len+16(FP), R17
	ADD  R16, R17, R17
	SUB  $32, R17, R17
	MOVD ST_O(R8), R6
	ADD  R16, R6, R6
	MOVD lits_base+32(FP), R12
	MOVD ST_LP(R8), R7
	ADD  R12, R7, R7
	MOVD lits_len+40(FP), R19
	ADD  R12, R19, R19
	MOVD lits_cap+48(FP), R13
	ADD  R12, R13, R13
	SUB  $16, R13, R13
	CMP  R13, R19
	CSEL LO, R19, R13, R19
	MOVD b_base+56(FP), R15
	MOVD ST_BPOS(R8), R2
	ADD  R15, R2, R2
	ADD  $8, R15, R15
	MOVD ST_BV(R8), R0
	MOVD ST_USED(R8), R1
	LDP  ST_LLS(R8), (R3, R5)
	MOVD ST_MLS(R8), R4
	LDP  ST_LLT(R8), (R21, R23)
	MOVD ST_MLT(R8), R22
	LDP  ST_REP0(R8), (R25, R26)
	MOVD ST_REP2(R8), R20
	MOVD ST_N(R8), R24
	// The states index tables of 512 entries; build keeps the next
	// states below the table size, the Go code the first ones.
	AND  $511, R3, R3
	AND  $511, R4, R4
	AND  $511, R5, R5

loop:
	CBZ R24, stop

	// Reload unless that would go below b[8:] (the Go loop's end game):
	// then at least 57 bits are readable, and the second reload below
	// stays within b.
	LSR  $3, R1, R12
	SUB  R12, R2, R13
	CMP  R15, R13
	BLO  stop
	MOVD R13, R2
	AND  $7, R1, R1
	MOVD (R2), R0

	// The states' entries (seqEntry): next-state bits (byte 0), value
	// bits (byte 1), next-state base (bits 16-31), value base (32-63).
	MOVD (R21)(R3<<3), R3
	MOVD (R22)(R4<<3), R4
	MOVD (R23)(R5<<3), R5

	// Offset value (at most 31 bits), then match length (16).
	UBFX $8, R5, $5, R12
	GETBITS(R9, R12)
	ADD  R5>>32, R9, R9
	UBFX $8, R4, $5, R12
	GETBITS(R10, R12)
	ADD  R4>>32, R10, R10

	// Literal length (16 bits) and the 26 bits of the next states need
	// a reload unless used + those bits fit in 64.
	UBFX $8, R3, $5, R12
	ADD  R12, R1, R13
	CMP  $38, R13
	BLS  lit_bits
	LSR  $3, R1, R13
	SUB  R13, R2, R2
	AND  $7, R1, R1
	MOVD (R2), R0

lit_bits:
	GETBITS(R11, R12)
	ADD R3>>32, R11, R11

	// Next states: LL, ML, OF.
	AND  $255, R3, R12
	GETBITS(R13, R12)
	UBFX $16, R3, $16, R3
	ADD  R13, R3, R3
	AND  $255, R4, R12
	GETBITS(R13, R12)
	UBFX $16, R4, $16, R4
	ADD  R13, R4, R4
	AND  $255, R5, R12
	GETBITS(R13, R12)
	UBFX $16, R5, $16, R5
	ADD  R13, R5, R5

	// Offset: a new one (value > 3) or a repeat offset.
	CMP $3, R9
	BLS repeat
	SUB $3, R9, R9

push:
	// rep2, rep1, rep0 = rep1, rep0, offset.
	MOVD R26, R20
	MOVD R25, R26
	MOVD R9, R25

execute:
	SUB $1, R24, R24

	// Left to the Go code: literals past their end or too near their
	// capacity's, output too near dst's end, an offset of 0 or reaching
	// before dst (the dictionary, or corrupt). The lengths are below
	// 2^18: the sums do not wrap.
	ADD R11, R7, R12
	CMP R19, R12
	BHI pending
	ADD R11, R6, R13
	ADD R10, R13, R14
	CMP R17, R14
	BHI pending
	SUB R16, R13, R13
	SUB $1, R9, R12
	CMP R13, R12
	BHS pending

	// Literals, 16 bytes at a time.
	VLD1 (R7), [V0.B16]
	VST1 [V0.B16], (R6)
	CMP  $16, R11
	BHI  lit_long

lit_done:
	ADD R11, R7, R7
	ADD R11, R6, R6

	// The match, from R12 = op - offset.
	SUB  R9, R6, R12
	CMP  $16, R9
	BLO  short_off
	VLD1 (R12), [V0.B16]
	VST1 [V0.B16], (R6)
	CMP  $16, R10
	BHI  match_long
	ADD  R10, R6, R6
	B    loop

repeat:
	// Index value - 1, plus 1 when the literal length is 0: 0 keeps
	// rep0, 1 and 2 bring rep1 or rep2 to the front, 3 is rep0 - 1.
	SUB  $1, R9, R12
	CMP  $0, R11
	CINC EQ, R12, R12
	MOVD R25, R9
	CBZ  R12, execute
	CMP  $2, R12
	BEQ  rep_2
	BHI  rep_3
	MOVD R26, R9
	MOVD R25, R26
	MOVD R9, R25
	B    execute

rep_2:
	MOVD R20, R9
	B    push

rep_3:
	SUB $1, R25, R9
	B   push

lit_long:
	ADD $16, R7, R12
	ADD $16, R6, R13
	ADD R11, R7, R14

lit_loop:
	VLD1.P 16(R12), [V0.B16]
	VST1.P [V0.B16], 16(R13)
	CMP    R14, R12
	BLO    lit_loop
	B      lit_done

match_long:
	// Offset 16 or more: each 16 bytes read were written before.
	ADD $16, R12, R12
	ADD $16, R6, R13
	ADD R10, R6, R6

match_loop:
	VLD1.P 16(R12), [V0.B16]
	VST1.P [V0.B16], 16(R13)
	CMP    R6, R13
	BLO    match_loop
	B      loop

short_off:
	// Offset 1 to 15: the first offset bytes repeated over 16 bytes
	// (TBL with indexes i % offset), then piece after piece.
	VLD1 (R12), [V0.B16]
	MOVD $·patMasks(SB), R13
	ADD  R9<<4, R13, R13
	VLD1 (R13), [V1.B16]
	VTBL V1.B16, [V0.B16], V0.B16
	VST1 [V0.B16], (R6)
	CMP  $16, R10
	BHI  short_long
	ADD  R10, R6, R6
	B    loop

short_long:
	MOVD $·nextMasks(SB), R13
	ADD  R9<<4, R13, R13
	VLD1 (R13), [V1.B16]
	ADD  $16, R6, R13
	ADD  R10, R6, R6

short_loop:
	VTBL   V1.B16, [V0.B16], V0.B16
	VST1.P [V0.B16], 16(R13)
	CMP    R6, R13
	BLO    short_loop
	B      loop

pending:
	MOVD R11, ST_LLEN(R8)
	MOVD R10, ST_MLEN(R8)
	MOVD R9, ST_OFF(R8)
	MOVD $1, R12
	B    save

stop:
	// The entries were not loaded: R3-R5 are states.
	MOVD ZR, R12

save:
	MOVD R12, ret+80(FP)
	MOVD R0, ST_BV(R8)
	MOVD R1, ST_USED(R8)
	MOVD b_base+56(FP), R13
	SUB  R13, R2, R2
	MOVD R2, ST_BPOS(R8)
	STP  (R3, R5), ST_LLS(R8)
	MOVD R4, ST_MLS(R8)
	STP  (R25, R26), ST_REP0(R8)
	MOVD R20, ST_REP2(R8)
	SUB  R16, R6, R6
	MOVD R6, ST_O(R8)
	MOVD lits_base+32(FP), R13
	SUB  R13, R7, R7
	MOVD R7, ST_LP(R8)
	MOVD R24, ST_N(R8)
	RET
