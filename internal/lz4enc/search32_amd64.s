//go:build !purego

#include "textflag.h"

// func search32(t *[4096]uint32, src []byte, ip, acceleration int) (pos, match int)
//
// search32Generic without its unrolling, every value in a register. It
// returns (ip, -1) at once unless 0 <= ip <= len(src)-mfLimit+1 and
// 1 <= acceleration <= 65537 (search32Generic does the same for the ip
// above len(src)-mfLimit+1 it accepts). Positions tried, b, are at most
// len(src)-mfLimit+1, so the 8 bytes read there are in bounds; a candidate
// is read only when 1 <= a-match <= 65535, that is below a, itself in
// bounds (search32Generic's test match+65535 >= a, for the positions below
// a the table holds). Table indices are the top 12 bits of a 64-bit
// product.
TEXT ·search32(SB), NOSPLIT, $0-64
	MOVQ t+0(FP), DI
	MOVQ src_base+8(FP), SI
	MOVQ src_len+16(FP), R8
	SUBQ $11, R8               // limit: len(src)-mfLimit+1
	MOVQ ip+32(FP), AX         // a, the position tried
	MOVQ acceleration+40(FP), R9
	CMPQ AX, R8
	JGT  none
	TESTQ AX, AX
	JLT  none
	LEAQ -1(R9), R10
	CMPQ R10, $65537
	JCC  none                  // acceleration-1 >= MaxAcceleration (unsigned)
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
	JGT  none
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

found:
	MOVQ AX, pos+48(FP)
	MOVQ R13, match+56(FP)
	RET

none:
	MOVQ AX, pos+48(FP)
	MOVQ $-1, match+56(FP)
	RET
