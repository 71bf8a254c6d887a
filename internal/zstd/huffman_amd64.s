//go:build !purego

#include "textflag.h"

// Register use in hufBulk4X2BMI2:
//   R8-R11   the bit containers of streams 0-3: the 8 bytes at the stream's
//            position with bit 0 set as a marker, shifted left by the bits
//            already read (so the marker's position, BSF, counts them)
//   R12-R15  the streams' positions in src (pointers)
//   AX-DX    the streams' output positions in dst (pointers)
//   DI       the double-symbol table
//   SI, BP   scratch
// Locals: 0-24(SP) each stream's start plus 8 (a refill reads 8 bytes at
// a position that moves back at most 7 bytes from one at or above it);
// 32-56(SP) each stream's output end minus 8 (four lookups write at most
// 8 bytes).

// CHECKS jumps to fail unless every stream can refill and has 8 bytes of
// room.
#define CHECKS(fail) \
	CMPQ R12, 0(SP) \
	JB   fail \
	CMPQ R13, 8(SP) \
	JB   fail \
	CMPQ R14, 16(SP) \
	JB   fail \
	CMPQ R15, 24(SP) \
	JB   fail \
	CMPQ AX, 32(SP) \
	JA   fail \
	CMPQ BX, 40(SP) \
	JA   fail \
	CMPQ CX, 48(SP) \
	JA   fail \
	CMPQ DX, 56(SP) \
	JA   fail

// REFILL moves a stream back by the whole bytes read and reloads its
// container.
#define REFILL(v, ip) \
	BSFQ   v, SI \
	MOVQ   SI, BP \
	SHRQ   $3, BP \
	SUBQ   BP, ip \
	ANDQ   $7, SI \
	MOVQ   (ip), v \
	ORQ    $1, v \
	SHLXQ  SI, v, v

// LOOKUP decodes one table entry of a stream: one or two symbols, stored
// as two bytes (the second overwritten next when there was one symbol).
#define LOOKUP(v, op) \
	MOVQ    v, SI \
	SHRQ    $53, SI \
	MOVL    (DI)(SI*4), BP \
	SHLXQ   BP, v, v \
	MOVBQZX 1(DI)(SI*4), SI \
	SHRL    $16, BP \
	MOVW    BP, (op) \
	ADDQ    SI, op

// func hufBulk4X2BMI2(dt *[2048]uint32, dst, src []byte, s *huf4)
TEXT ·hufBulk4X2BMI2(SB), NOSPLIT, $64-64
	MOVQ s+56(FP), SI
	MOVQ src_base+32(FP), BP
	MOVQ dst_base+8(FP), DI
	MOVQ 64(SI), AX
	ADDQ BP, AX
	MOVQ AX, 0(SP)
	MOVQ 128(SI), AX
	LEAQ -8(DI)(AX*1), AX
	MOVQ AX, 32(SP)
	MOVQ 72(SI), BX
	ADDQ BP, BX
	MOVQ BX, 8(SP)
	MOVQ 136(SI), BX
	LEAQ -8(DI)(BX*1), BX
	MOVQ BX, 40(SP)
	MOVQ 80(SI), CX
	ADDQ BP, CX
	MOVQ CX, 16(SP)
	MOVQ 144(SI), CX
	LEAQ -8(DI)(CX*1), CX
	MOVQ CX, 48(SP)
	MOVQ 88(SI), DX
	ADDQ BP, DX
	MOVQ DX, 24(SP)
	MOVQ 152(SI), DX
	LEAQ -8(DI)(DX*1), DX
	MOVQ DX, 56(SP)
	MOVQ 0(SI), R12
	ADDQ BP, R12
	MOVQ 96(SI), AX
	ADDQ DI, AX
	MOVQ 8(SI), R13
	ADDQ BP, R13
	MOVQ 104(SI), BX
	ADDQ DI, BX
	MOVQ 16(SI), R14
	ADDQ BP, R14
	MOVQ 112(SI), CX
	ADDQ DI, CX
	MOVQ 24(SI), R15
	ADDQ BP, R15
	MOVQ 120(SI), DX
	ADDQ DI, DX
	CHECKS(none)
	MOVQ  (R12), R8
	ORQ   $1, R8
	MOVQ  32(SI), BP
	SHLXQ BP, R8, R8
	MOVQ  (R13), R9
	ORQ   $1, R9
	MOVQ  40(SI), BP
	SHLXQ BP, R9, R9
	MOVQ  (R14), R10
	ORQ   $1, R10
	MOVQ  48(SI), BP
	SHLXQ BP, R10, R10
	MOVQ  (R15), R11
	ORQ   $1, R11
	MOVQ  56(SI), BP
	SHLXQ BP, R11, R11
	MOVQ dt+0(FP), DI

loop:
	REFILL(R8, R12)
	REFILL(R9, R13)
	REFILL(R10, R14)
	REFILL(R11, R15)
	LOOKUP(R8, AX)
	LOOKUP(R9, BX)
	LOOKUP(R10, CX)
	LOOKUP(R11, DX)
	LOOKUP(R8, AX)
	LOOKUP(R9, BX)
	LOOKUP(R10, CX)
	LOOKUP(R11, DX)
	LOOKUP(R8, AX)
	LOOKUP(R9, BX)
	LOOKUP(R10, CX)
	LOOKUP(R11, DX)
	LOOKUP(R8, AX)
	LOOKUP(R9, BX)
	LOOKUP(R10, CX)
	LOOKUP(R11, DX)
	CHECKS(done)
	JMP loop

done:
	MOVQ s+56(FP), SI
	MOVQ src_base+32(FP), BP
	SUBQ BP, R12
	MOVQ R12, 0(SI)
	BSFQ R8, R8
	MOVQ R8, 32(SI)
	SUBQ BP, R13
	MOVQ R13, 8(SI)
	BSFQ R9, R9
	MOVQ R9, 40(SI)
	SUBQ BP, R14
	MOVQ R14, 16(SI)
	BSFQ R10, R10
	MOVQ R10, 48(SI)
	SUBQ BP, R15
	MOVQ R15, 24(SI)
	BSFQ R11, R11
	MOVQ R11, 56(SI)
	MOVQ dst_base+8(FP), BP
	SUBQ BP, AX
	MOVQ AX, 96(SI)
	SUBQ BP, BX
	MOVQ BX, 104(SI)
	SUBQ BP, CX
	MOVQ CX, 112(SI)
	SUBQ BP, DX
	MOVQ DX, 120(SI)

none:
	RET
