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
// 32-56(SP) each stream's output end minus 10 (five lookups write at most
// 10 bytes).

// CHECKS jumps to fail unless every stream can refill and has 10 bytes of
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
// container. The XORL breaks BSF's dependency on its destination's old
// value (BSF leaves it unchanged on a zero source, so the CPU waits for
// it): without it the four streams' refills form one chain through SI.
#define REFILL(v, ip) \
	XORL   SI, SI \
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
	LEAQ -10(DI)(AX*1), AX
	MOVQ AX, 32(SP)
	MOVQ 72(SI), BX
	ADDQ BP, BX
	MOVQ BX, 8(SP)
	MOVQ 136(SI), BX
	LEAQ -10(DI)(BX*1), BX
	MOVQ BX, 40(SP)
	MOVQ 80(SI), CX
	ADDQ BP, CX
	MOVQ CX, 16(SP)
	MOVQ 144(SI), CX
	LEAQ -10(DI)(CX*1), CX
	MOVQ CX, 48(SP)
	MOVQ 88(SI), DX
	ADDQ BP, DX
	MOVQ DX, 24(SP)
	MOVQ 152(SI), DX
	LEAQ -10(DI)(DX*1), DX
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

	PCALIGN $32

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

// Register use in hufBulk4X1BMI2 (the streams advance together, five
// symbols each per round, so that two output pointers and the distance
// between streams address all four):
//   R8-R11   the bit containers of streams 0-3, as in hufBulk4X2BMI2
//   R12-R15  the streams' positions in src (pointers)
//   BX, BP   the output positions of streams 0 and 2 (pointers)
//   CX       the distance from stream 0's output to stream 1's (and
//            from stream 2's to stream 3's)
//   DX       64 - the table's log: the shift that leaves a lookup's index
//   DI       the single-symbol table
//   AX       a lookup's entry: the code length in AL (the shift count),
//            the symbol in AH (stored from there: the output pointers
//            are legacy registers, so that no REX prefix rules AH out)
//   SI       scratch
// Locals: 0-24(SP) each stream's start plus 8; 32(SP) the last position
// of BP from which stream 3 has 8 bytes of room (five lookups write 5
// bytes; the generic loop's 8-byte stores need 8); 40(SP) the position
// of BP up to which rounds run without checks.

// CHECKS1 jumps to fail unless every stream can refill and stream 3 (the
// one with the fewest symbols) has 8 bytes of room.
#define CHECKS1(fail) \
	CMPQ R12, 0(SP) \
	JB   fail \
	CMPQ R13, 8(SP) \
	JB   fail \
	CMPQ R14, 16(SP) \
	JB   fail \
	CMPQ R15, 24(SP) \
	JB   fail \
	CMPQ BP, 32(SP) \
	JA   fail

// REFILL1 is REFILL with BSF in place (its source is its destination: no
// false dependency) and SI for the bits left.
#define REFILL1(v, ip) \
	BSFQ  v, v \
	MOVQ  v, SI \
	ANDQ  $7, SI \
	SHRQ  $3, v \
	SUBQ  v, ip \
	MOVQ  (ip), v \
	ORQ   $1, v \
	SHLXQ SI, v, v

// LOOKUP1 decodes one symbol of a stream and stores it at mem.
#define LOOKUP1(v, mem) \
	SHRXQ   DX, v, SI \
	MOVWLZX (DI)(SI*2), AX \
	SHLXQ   AX, v, v \
	MOVB    AH, mem

// ROUND1 decodes one symbol of each stream, at offset k of its output.
#define ROUND1(k) \
	LOOKUP1(R8, k(BX)) \
	LOOKUP1(R9, k(BX)(CX*1)) \
	LOOKUP1(R10, k(BP)) \
	LOOKUP1(R11, k(BP)(CX*1))

// func hufBulk4X1BMI2(dt *[2048]uint16, log uint, dst, src []byte, s *huf4)
TEXT ·hufBulk4X1BMI2(SB), NOSPLIT, $48-72
	MOVQ s+64(FP), SI
	MOVQ src_base+40(FP), AX
	MOVQ dst_base+16(FP), DI
	MOVQ 64(SI), DX
	ADDQ AX, DX
	MOVQ DX, 0(SP)
	MOVQ 72(SI), DX
	ADDQ AX, DX
	MOVQ DX, 8(SP)
	MOVQ 80(SI), DX
	ADDQ AX, DX
	MOVQ DX, 16(SP)
	MOVQ 88(SI), DX
	ADDQ AX, DX
	MOVQ DX, 24(SP)
	MOVQ 96(SI), BX
	ADDQ DI, BX
	MOVQ 104(SI), CX
	SUBQ 96(SI), CX
	MOVQ 112(SI), BP
	ADDQ DI, BP
	MOVQ 152(SI), DX
	LEAQ -8(DI)(DX*1), DX
	SUBQ CX, DX
	MOVQ DX, 32(SP)
	MOVQ 0(SI), R12
	ADDQ AX, R12
	MOVQ 8(SI), R13
	ADDQ AX, R13
	MOVQ 16(SI), R14
	ADDQ AX, R14
	MOVQ 24(SI), R15
	ADDQ AX, R15
	CHECKS1(none1)
	MOVQ  (R12), R8
	ORQ   $1, R8
	MOVQ  32(SI), DX
	SHLXQ DX, R8, R8
	MOVQ  (R13), R9
	ORQ   $1, R9
	MOVQ  40(SI), DX
	SHLXQ DX, R9, R9
	MOVQ  (R14), R10
	ORQ   $1, R10
	MOVQ  48(SI), DX
	SHLXQ DX, R10, R10
	MOVQ  (R15), R11
	ORQ   $1, R11
	MOVQ  56(SI), DX
	SHLXQ DX, R11, R11
	MOVQ  $64, DX
	SUBQ  log+8(FP), DX
	MOVQ  dt+0(FP), DI

rounds1:
	// The checks hold now. A round moves each stream back by at most 7
	// bytes (a refill finds at most 7 + 5*11 bits read) and BP forward by
	// 5, so they hold for the next K = min(min_k(R12..R15[k] -
	// limit_k) / 7, (32(SP) - BP) / 5) + 1 rounds: those run without
	// them. The divisions are multiplications by 2^32/7 and 2^32/5
	// rounded up, exact below 2^30 (distances are clamped to that).
	MOVQ    R12, SI
	SUBQ    0(SP), SI
	MOVQ    R13, AX
	SUBQ    8(SP), AX
	CMPQ    AX, SI
	CMOVQCS AX, SI
	MOVQ    R14, AX
	SUBQ    16(SP), AX
	CMPQ    AX, SI
	CMOVQCS AX, SI
	MOVQ    R15, AX
	SUBQ    24(SP), AX
	CMPQ    AX, SI
	CMOVQCS AX, SI
	CMPQ    SI, $0x3FFFFFFF
	JBE     in_range_ip
	MOVQ    $0x3FFFFFFF, SI

in_range_ip:
	IMUL3Q  $613566757, SI, SI
	SHRQ    $32, SI
	MOVQ    32(SP), AX
	SUBQ    BP, AX
	CMPQ    AX, $0x3FFFFFFF
	JBE     in_range_out
	MOVQ    $0x3FFFFFFF, AX

in_range_out:
	IMUL3Q  $858993460, AX, AX
	SHRQ    $32, AX
	CMPQ    AX, SI
	CMOVQCS AX, SI
	LEAQ    5(SI)(SI*4), SI
	ADDQ    BP, SI
	MOVQ    SI, 40(SP)

	PCALIGN $32

loop1:
	REFILL1(R8, R12)
	REFILL1(R9, R13)
	REFILL1(R10, R14)
	REFILL1(R11, R15)
	ROUND1(0)
	ROUND1(1)
	ROUND1(2)
	ROUND1(3)
	ROUND1(4)
	ADDQ $5, BX
	ADDQ $5, BP
	CMPQ BP, 40(SP)
	JB   loop1
	CHECKS1(done1)
	JMP  rounds1

done1:
	MOVQ s+64(FP), SI
	MOVQ src_base+40(FP), AX
	SUBQ AX, R12
	MOVQ R12, 0(SI)
	BSFQ R8, R8
	MOVQ R8, 32(SI)
	SUBQ AX, R13
	MOVQ R13, 8(SI)
	BSFQ R9, R9
	MOVQ R9, 40(SI)
	SUBQ AX, R14
	MOVQ R14, 16(SI)
	BSFQ R10, R10
	MOVQ R10, 48(SI)
	SUBQ AX, R15
	MOVQ R15, 24(SI)
	BSFQ R11, R11
	MOVQ R11, 56(SI)
	MOVQ dst_base+16(FP), AX
	SUBQ AX, BX
	MOVQ BX, 96(SI)
	ADDQ CX, BX
	MOVQ BX, 104(SI)
	SUBQ AX, BP
	MOVQ BP, 112(SI)
	ADDQ CX, BP
	MOVQ BP, 120(SI)

none1:
	RET
