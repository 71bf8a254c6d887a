//go:build !purego

#include "textflag.h"

// The frame slots block_amd64.h uses.
#define ANCHOR_RESULT anchor+80(FP)
#define DI_RESULT di+72(FP)
#define OLIMIT_ARG olimit+64(FP)

// func compress16Block(t *[8192]uint16, dst, src []byte, acceleration, olimit int) (di, anchor int)
//
// compress32Block for the byU16 table, without a start: positions and
// table entries are 16 bits, hashes the top 13 bits of a 32-bit product
// of 4 bytes, and there is no window to check, the block being shorter
// than u16Limit. A candidate is read only when it is below the position
// tried (always so: the table holds positions entered before).
// Registers as in compress32Block, R12 unused in the search.
TEXT ·compress16Block(SB), NOSPLIT, $0-88
	MOVQ t+0(FP), DI
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R8
	XORL DX, DX                // anchor
	MOVQ acceleration+56(FP), R9
	CMPQ R8, $13
	JLT  fail                  // len(src) < minLength
	CMPQ R8, $65546
	JGT  fail                  // len(src) >= u16Limit
	LEAQ -1(R9), AX
	CMPQ AX, $65537
	JCC  fail                  // acceleration-1 >= MaxAcceleration (unsigned)
	SUBQ $11, R8               // mflimitPlusOne
	MOVQ $0, di+72(FP)         // op
	LEAQ 1(DX), AX             // ip: at most len(src)-12

search:
	// A search from ip = AX <= mflimitPlusOne.
	MOVQ acceleration+56(FP), R9
	SHLQ $6, R9                // searchMatchNb
	MOVQ $1, CX                // step
	MOVL (SI)(AX*1), R10       // the bytes at a
	IMUL3L $-1640531535, R10, R11 // prime4
	SHRL $19, R11              // their hash

	PCALIGN $32

loop:
	LEAQ (AX)(CX*1), BX        // b = a + step
	MOVQ R9, CX
	SHRQ $6, CX
	INCQ R9
	CMPQ BX, R8
	JGT  last
	MOVWLZX (DI)(R11*2), R13   // match
	MOVL (SI)(BX*1), R14       // the bytes at b
	MOVW AX, (DI)(R11*2)
	IMUL3L $-1640531535, R14, R11
	SHRL $19, R11              // their hash
	CMPQ R13, AX
	JCC  next                  // match >= a: never
	CMPL (SI)(R13*1), R10
	JEQ  found

next:
	MOVQ BX, AX
	MOVL R14, R10
	JMP  loop

#include "block_amd64.h"

	// Enter ip-2, then test ip for a match right away.
	MOVL -2(SI)(AX*1), R10
	IMUL3L $-1640531535, R10, R11
	SHRL $19, R11
	LEAQ -2(AX), BX
	MOVW BX, (DI)(R11*2)
	MOVL (SI)(AX*1), R10       // the bytes at ip
	IMUL3L $-1640531535, R10, R11
	SHRL $19, R11
	MOVWLZX (DI)(R11*2), R13
	MOVW AX, (DI)(R11*2)
	CMPQ R13, AX
	JCC  nextsearch            // match >= ip: never
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
	MOVQ R15, di+72(FP)
	INCQ AX
	JMP  search

end:
	MOVQ R15, di+72(FP)
	MOVQ DX, anchor+80(FP)
	RET

fail:
	MOVQ $-1, di+72(FP)
	MOVQ $0, anchor+80(FP)
	RET
