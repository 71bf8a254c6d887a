//go:build !purego

#include "textflag.h"

// Registers of seqBitsBMI2's loop:
//   R11 write position, R12 bit accumulator, R13 its count of valid bits,
//   SI the sequence (12 bytes: litLen, matchLen, offBase), DI its codes
//   (3 bytes: ll, ml, of), R8/R9/R10 the literal length, match length and
//   offset tables (fseEncTable: state [512]uint16 at 0, sym [64]{deltaNbBits
//   uint32, deltaFindState int32} at 1024), AX/BX/DX their states,
//   CX, R14 and BP scratch.

// STATE codes one FSE state: code index in CX (masked to 63), table in
// tab, state in v: its low k bits enter the accumulator and the state
// moves on (seqBitsGeneric's three state steps).
#define STATE(off, tab, v) \
	MOVBLZX off(DI), CX \
	ANDL    $63, CX \
	MOVL    1024(tab)(CX*8), R14 \
	ADDL    v, R14 \
	SHRL    $16, R14 \
	BZHIL   R14, v, BP \
	SHLXQ   R13, BP, BP \
	ORQ     BP, R12 \
	ADDQ    R14, R13 \
	SHRXL   R14, v, v \
	ADDL    1028(tab)(CX*8), v \
	ANDL    $511, v \
	MOVWLZX (tab)(v*2), v

// FLUSH stores the accumulator and keeps its last 0-7 bits.
#define FLUSH \
	MOVQ  R12, (R11) \
	MOVQ  R13, BP \
	SHRQ  $3, BP \
	ADDQ  BP, R11 \
	MOVQ  R13, BP \
	ANDQ  $56, BP \
	SHRXQ BP, R12, R12 \
	ANDQ  $7, R13

// EXTRA adds the extra bits of a length: code at off(DI) (masked to 63),
// its base and bit count in the table at tab ({base uint32, bits uint8},
// 8 bytes), the length at 4*off(SI).
#define EXTRA(off, tab) \
	MOVBLZX off(DI), CX \
	ANDL    $63, CX \
	LEAQ    tab, R14 \
	MOVL    (R14)(CX*8), BP \
	MOVBLZX 4(R14)(CX*8), CX \
	MOVL    (4*off)(SI), R14 \
	SUBL    BP, R14 \
	SHLXQ   R13, R14, R14 \
	ORQ     R14, R12 \
	ADDQ    CX, R13

// func seqBitsBMI2(out *byte, st *seqBitsState, seqs *seq, codes *seqCodes, n int, tl, tm, to *fseEncTable) int
TEXT ·seqBitsBMI2(SB), NOSPLIT, $8-72
	MOVQ out+0(FP), R11
	MOVQ st+8(FP), CX
	MOVQ 0(CX), R12
	MOVQ 8(CX), R13
	MOVQ 16(CX), AX
	MOVQ 24(CX), BX
	MOVQ 32(CX), DX
	MOVQ n+32(FP), CX
	DECQ CX
	MOVQ seqs+16(FP), SI
	LEAQ (CX)(CX*2), BP
	LEAQ (SI)(BP*4), SI     // &seqs[n-1]
	MOVQ codes+24(FP), DI
	ADDQ BP, DI             // &codes[n-1]
	MOVQ tl+40(FP), R8
	MOVQ tm+48(FP), R9
	MOVQ to+56(FP), R10

loop:
	STATE(2, R10, DX)
	STATE(1, R9, BX)
	STATE(0, R8, AX)
	FLUSH

	// Literal length, then match length extra bits: at most 16 each, on
	// at most 7 bits after the store above.
	EXTRA(0, ·llExtra(SB))
	EXTRA(1, ·mlExtra(SB))

	// Offset extra bits: the code's count (at most 31), after a store if
	// the accumulator would reach 64 bits (a store then shifts by nb&56).
	MOVBLZX 2(DI), CX
	ANDL    $31, CX
	MOVL    8(SI), R14
	BZHIL   CX, R14, R14
	LEAQ    (R13)(CX*1), BP
	CMPQ    BP, $63
	JLS     ofits
	FLUSH

ofits:
	SHLXQ R13, R14, R14
	ORQ   R14, R12
	ADDQ  CX, R13
	FLUSH

	CMPQ DI, codes+24(FP)
	JEQ  done
	SUBQ $3, DI
	SUBQ $12, SI
	JMP  loop

done:
	MOVQ st+8(FP), CX
	MOVQ R12, 0(CX)
	MOVQ R13, 8(CX)
	MOVQ AX, 16(CX)
	MOVQ BX, 24(CX)
	MOVQ DX, 32(CX)
	SUBQ out+0(FP), R11
	MOVQ R11, ret+64(FP)
	RET
