//go:build !purego

#include "textflag.h"

// The frame slots block_amd64.h uses.
#define ANCHOR_RESULT anchor+88(FP)
#define DI_RESULT di+80(FP)
#define OLIMIT_ARG olimit+72(FP)

// func compress32Block(t *[4096]uint32, dst, src []byte, start, acceleration, olimit int) (di, anchor int)
//
// compress32Generic's loop over the sequences, with search32's search in
// it. Registers:
//
//	SI  src's base            DI  the table
//	R8  mflimitPlusOne, len(src)-11: no match starts at or past it
//	DX  anchor, the first byte not yet written
//	AX  ip, the position tried (a in the search)
//	R13 match, the candidate
//
// in the search
//
//	BX  b, the next position    CX  step    R9 searchMatchNb
//	R10 the 8 bytes at a        R11 their hash
//	R14 the 8 bytes at b        R12 prime5    R15 scratch
//
// and in the sequences
//
//	R9  dst's base    R15 op, the output position    R14 the token's index
//	BX  lengths       CX, R10-R12 scratch
//
// op lives in the result di during the search. A candidate is read only
// when 1 <= a-match <= 65535: below a, itself in bounds (compress32Generic's
// test match+65535 >= a, for the positions below a the table holds).
// Positions tried are at most len(src)-11, so 8 bytes are readable there,
// and a match found starts before it; matches are extended up to
// matchLimit = len(src)-5 and backwards to anchor and src[0]. The output
// checks are lz4's limitedOutput ones against olimit, then exact ones
// against len(dst) before anything is written (they fail only where
// compress32Generic would index past dst). Divisions by 255 are a multiply
// by 0x80808081 and a shift by 39, exact below 1<<32 (len(src) is at most
// MaxInputSize plus a dictionary of 64 KiB).
TEXT ·compress32Block(SB), NOSPLIT, $0-96
	MOVQ t+0(FP), DI
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R8
	MOVQ start+56(FP), DX
	MOVQ acceleration+64(FP), R9
	TESTQ DX, DX
	JLT  fail
	MOVQ R8, AX
	SUBQ DX, AX
	CMPQ AX, $13
	JLT  fail                  // len(src)-start < minLength
	LEAQ -1(R9), AX
	CMPQ AX, $65537
	JCC  fail                  // acceleration-1 >= MaxAcceleration (unsigned)
	SUBQ $11, R8               // mflimitPlusOne
	MOVQ $0, di+80(FP)         // op
	LEAQ 1(DX), AX             // ip: at most len(src)-12

search:
	// A search from ip = AX <= mflimitPlusOne.
	MOVQ acceleration+64(FP), R9
	SHLQ $6, R9                // searchMatchNb
	MOVQ $1, CX                // step
	MOVQ $889523592379, R12    // prime5
	MOVQ (SI)(AX*1), R10       // the bytes at a
	MOVQ R10, R11
	SHLQ $24, R11
	IMULQ R12, R11
	SHRQ $52, R11              // their hash

	PCALIGN $32

loop:
	LEAQ (AX)(CX*1), BX        // b = a + step
	MOVQ R9, CX
	SHRQ $6, CX
	INCQ R9
	CMPQ BX, R8
	JGT  last
	MOVL (DI)(R11*4), R13      // match
	MOVQ (SI)(BX*1), R14       // the bytes at b
	MOVL AX, (DI)(R11*4)
	MOVQ R14, R11
	SHLQ $24, R11
	IMULQ R12, R11
	SHRQ $52, R11              // their hash
	LEAQ -1(AX), R15
	SUBQ R13, R15
	CMPQ R15, $65535
	JCC  next                  // a-match-1 >= 65535 (unsigned)
	CMPL (SI)(R13*1), R10
	JEQ  found

next:
	MOVQ BX, AX
	MOVQ R14, R10
	JMP  loop

#include "block_amd64.h"

	// Enter ip-2 (its 8 bytes hold the 5 hashed at ip too), then test ip
	// for a match right away.
	MOVQ $889523592379, R12
	MOVQ -2(SI)(AX*1), R10
	MOVQ R10, R11
	SHLQ $24, R11
	IMULQ R12, R11
	SHRQ $52, R11
	LEAQ -2(AX), BX
	MOVL BX, (DI)(R11*4)
	SHRQ $16, R10              // the bytes at ip
	MOVQ R10, R11
	SHLQ $24, R11
	IMULQ R12, R11
	SHRQ $52, R11
	MOVL (DI)(R11*4), R13
	MOVL AX, (DI)(R11*4)
	LEAQ -1(AX), BX
	SUBQ R13, BX
	CMPQ BX, $65535
	JCC  nextsearch
	CMPL (SI)(R13*1), R10
	JNE  nextsearch
	// A match without literals: its token is 0 so far.
	CMPQ R15, dst_len+16(FP)
	JGE  fail
	MOVQ R15, R14
	MOVB $0, (R9)(R14*1)
	INCQ R15
	JMP  matchlen

nextsearch:
	MOVQ R15, di+80(FP)
	INCQ AX
	JMP  search

end:
	MOVQ R15, di+80(FP)
	MOVQ DX, anchor+88(FP)
	RET

fail:
	MOVQ $-1, di+80(FP)
	MOVQ $0, anchor+88(FP)
	RET
