//go:build !purego

#include "textflag.h"

// The twin of huffman_amd64.s. Register use in hufBulk4X2Asm:
//   R0-R3    the bit containers of streams 0-3: the 8 bytes at the stream's
//            position with bit 0 set as a marker, shifted left by the bits
//            already read (so the marker's position, RBIT+CLZ, counts them)
//   R4-R7    the streams' positions in src (pointers)
//   R8-R11   the streams' output positions in dst (pointers)
//   R12-R15  each stream's start plus 8 (a refill reads 8 bytes at a
//            position that moves back at most 7 bytes from one at or above
//            it)
//   R16, R17, R19, R20  each stream's output end minus 10 (five lookups
//            write at most 10 bytes)
//   R21      the double-symbol table
//   R22-R25  scratch

// CHECKS branches to fail unless every stream can refill and has 10 bytes
// of room.
#define CHECKS(fail) \
	CMP R12, R4 \
	BLO fail \
	CMP R13, R5 \
	BLO fail \
	CMP R14, R6 \
	BLO fail \
	CMP R15, R7 \
	BLO fail \
	CMP R16, R8 \
	BHI fail \
	CMP R17, R9 \
	BHI fail \
	CMP R19, R10 \
	BHI fail \
	CMP R20, R11 \
	BHI fail

// REFILL moves a stream back by the whole bytes read and reloads its
// container.
#define REFILL(v, ip, t1, t2) \
	RBIT v, t1 \
	CLZ  t1, t1 \
	LSR  $3, t1, t2 \
	SUB  t2, ip, ip \
	AND  $7, t1, t1 \
	MOVD (ip), v \
	ORR  $1, v, v \
	LSL  t1, v, v

// LOOKUP decodes one table entry of a stream: one or two symbols, stored
// as two bytes (the second overwritten next when there was one symbol).
// The shift by the entry uses its low 6 bits, the bits consumed.
#define LOOKUP(v, op, t1, t2) \
	LSR   $53, v, t1 \
	MOVWU (R21)(t1<<2), t2 \
	LSL   t2, v, v \
	LSR   $16, t2, t1 \
	MOVH  t1, (op) \
	UBFX  $8, t2, $8, t2 \
	ADD   t2, op, op

// func hufBulk4X2Asm(dt *[2048]uint32, dst, src []byte, s *huf4)
TEXT ·hufBulk4X2Asm(SB), NOSPLIT, $0-64
	MOVD s+56(FP), R22
	MOVD src_base+32(FP), R23
	MOVD dst_base+8(FP), R24
	LDP  0(R22), (R4, R5)
	LDP  16(R22), (R6, R7)
	ADD  R23, R4, R4
	ADD  R23, R5, R5
	ADD  R23, R6, R6
	ADD  R23, R7, R7
	LDP  64(R22), (R12, R13)
	LDP  80(R22), (R14, R15)
	ADD  R23, R12, R12
	ADD  R23, R13, R13
	ADD  R23, R14, R14
	ADD  R23, R15, R15
	LDP  96(R22), (R8, R9)
	LDP  112(R22), (R10, R11)
	ADD  R24, R8, R8
	ADD  R24, R9, R9
	ADD  R24, R10, R10
	ADD  R24, R11, R11
	SUB  $10, R24, R24
	LDP  128(R22), (R16, R17)
	LDP  144(R22), (R19, R20)
	ADD  R24, R16, R16
	ADD  R24, R17, R17
	ADD  R24, R19, R19
	ADD  R24, R20, R20
	CHECKS(none)
	LDP  32(R22), (R23, R24)
	MOVD (R4), R0
	ORR  $1, R0, R0
	LSL  R23, R0, R0
	MOVD (R5), R1
	ORR  $1, R1, R1
	LSL  R24, R1, R1
	LDP  48(R22), (R23, R24)
	MOVD (R6), R2
	ORR  $1, R2, R2
	LSL  R23, R2, R2
	MOVD (R7), R3
	ORR  $1, R3, R3
	LSL  R24, R3, R3
	MOVD dt+0(FP), R21

loop:
	REFILL(R0, R4, R22, R23)
	REFILL(R1, R5, R24, R25)
	REFILL(R2, R6, R22, R23)
	REFILL(R3, R7, R24, R25)
	LOOKUP(R0, R8, R22, R23)
	LOOKUP(R1, R9, R24, R25)
	LOOKUP(R2, R10, R22, R23)
	LOOKUP(R3, R11, R24, R25)
	LOOKUP(R0, R8, R22, R23)
	LOOKUP(R1, R9, R24, R25)
	LOOKUP(R2, R10, R22, R23)
	LOOKUP(R3, R11, R24, R25)
	LOOKUP(R0, R8, R22, R23)
	LOOKUP(R1, R9, R24, R25)
	LOOKUP(R2, R10, R22, R23)
	LOOKUP(R3, R11, R24, R25)
	LOOKUP(R0, R8, R22, R23)
	LOOKUP(R1, R9, R24, R25)
	LOOKUP(R2, R10, R22, R23)
	LOOKUP(R3, R11, R24, R25)
	LOOKUP(R0, R8, R22, R23)
	LOOKUP(R1, R9, R24, R25)
	LOOKUP(R2, R10, R22, R23)
	LOOKUP(R3, R11, R24, R25)
	CHECKS(done)
	B loop

done:
	MOVD s+56(FP), R22
	MOVD src_base+32(FP), R23
	MOVD dst_base+8(FP), R24
	SUB  R23, R4, R4
	SUB  R23, R5, R5
	SUB  R23, R6, R6
	SUB  R23, R7, R7
	STP  (R4, R5), 0(R22)
	STP  (R6, R7), 16(R22)
	RBIT R0, R0
	CLZ  R0, R0
	RBIT R1, R1
	CLZ  R1, R1
	RBIT R2, R2
	CLZ  R2, R2
	RBIT R3, R3
	CLZ  R3, R3
	STP  (R0, R1), 32(R22)
	STP  (R2, R3), 48(R22)
	SUB  R24, R8, R8
	SUB  R24, R9, R9
	SUB  R24, R10, R10
	SUB  R24, R11, R11
	STP  (R8, R9), 96(R22)
	STP  (R10, R11), 112(R22)

none:
	RET

// Register use in hufBulk4X1Asm: R0-R11 as in hufBulk4X2Asm, R12-R15 the
// refill limits, R16 the output end of stream 3 minus 8 (the streams
// advance together and the last has the fewest symbols), R17 the shift
// that leaves the next log bits (64 - log), R21 the single-symbol table,
// R22-R25 the five symbols of each stream, gathered for one 8-byte store,
// R19, R20, R26 scratch.

// LOOKUP1 decodes one symbol of a stream into t (the table entry: bits
// consumed in bits 0-3, symbol in bits 8-15).
#define LOOKUP1(v, t) \
	LSR   R17, v, t \
	MOVHU (R21)(t<<1), t \
	LSL   t, v, v

// SYM0 starts w with the symbol of entry t; SYM puts it in byte k of w.
#define SYM0(t, w) \
	UBFX $8, t, $8, w

#define SYM(t, w, k) \
	UBFX $8, t, $8, t \
	BFI  $(8*k), t, $8, w

// ROUND decodes symbol k of the four streams.
#define ROUND(k) \
	LOOKUP1(R0, R19) \
	LOOKUP1(R1, R20) \
	LOOKUP1(R2, R26) \
	SYM(R19, R22, k) \
	LOOKUP1(R3, R19) \
	SYM(R20, R23, k) \
	SYM(R26, R24, k) \
	SYM(R19, R25, k)

// func hufBulk4X1Asm(t *hufTable, dst, src []byte, s *huf4)
TEXT ·hufBulk4X1Asm(SB), NOSPLIT, $0-64
	MOVD  t+0(FP), R21
	// The table's log (after its 2048 entries) is 1 to 11 when it was
	// built; anything else is left to the Go code.
	MOVBU 4096(R21), R17
	SUB   $1, R17, R19
	CMP   $11, R19
	BHS   none1
	MOVD  $64, R19
	SUB   R17, R19, R17
	MOVD  s+56(FP), R22
	MOVD  src_base+32(FP), R23
	MOVD  dst_base+8(FP), R24
	LDP   0(R22), (R4, R5)
	LDP   16(R22), (R6, R7)
	ADD   R23, R4, R4
	ADD   R23, R5, R5
	ADD   R23, R6, R6
	ADD   R23, R7, R7
	LDP   64(R22), (R12, R13)
	LDP   80(R22), (R14, R15)
	ADD   R23, R12, R12
	ADD   R23, R13, R13
	ADD   R23, R14, R14
	ADD   R23, R15, R15
	LDP   96(R22), (R8, R9)
	LDP   112(R22), (R10, R11)
	ADD   R24, R8, R8
	ADD   R24, R9, R9
	ADD   R24, R10, R10
	ADD   R24, R11, R11
	MOVD  152(R22), R16
	SUB   $8, R16, R16
	ADD   R24, R16, R16
	CMP   R16, R11
	BHI   none1
	CMP   R12, R4
	BLO   none1
	CMP   R13, R5
	BLO   none1
	CMP   R14, R6
	BLO   none1
	CMP   R15, R7
	BLO   none1
	LDP   32(R22), (R23, R24)
	MOVD  (R4), R0
	ORR   $1, R0, R0
	LSL   R23, R0, R0
	MOVD  (R5), R1
	ORR   $1, R1, R1
	LSL   R24, R1, R1
	LDP   48(R22), (R23, R24)
	MOVD  (R6), R2
	ORR   $1, R2, R2
	LSL   R23, R2, R2
	MOVD  (R7), R3
	ORR   $1, R3, R3
	LSL   R24, R3, R3

loop1:
	// After a refill at least 57 bits are readable and a code has at
	// most 11: five symbols per stream.
	REFILL(R0, R4, R19, R20)
	REFILL(R1, R5, R22, R23)
	REFILL(R2, R6, R19, R20)
	REFILL(R3, R7, R22, R23)
	LOOKUP1(R0, R19)
	LOOKUP1(R1, R20)
	LOOKUP1(R2, R26)
	SYM0(R19, R22)
	LOOKUP1(R3, R19)
	SYM0(R20, R23)
	SYM0(R26, R24)
	SYM0(R19, R25)
	ROUND(1)
	ROUND(2)
	ROUND(3)
	ROUND(4)
	MOVD R22, (R8)
	ADD  $5, R8, R8
	MOVD R23, (R9)
	ADD  $5, R9, R9
	MOVD R24, (R10)
	ADD  $5, R10, R10
	MOVD R25, (R11)
	ADD  $5, R11, R11
	CMP  R16, R11
	BHI  done1
	CMP  R12, R4
	BLO  done1
	CMP  R13, R5
	BLO  done1
	CMP  R14, R6
	BLO  done1
	CMP  R15, R7
	BLO  done1
	B    loop1

done1:
	MOVD s+56(FP), R22
	MOVD src_base+32(FP), R23
	MOVD dst_base+8(FP), R24
	SUB  R23, R4, R4
	SUB  R23, R5, R5
	SUB  R23, R6, R6
	SUB  R23, R7, R7
	STP  (R4, R5), 0(R22)
	STP  (R6, R7), 16(R22)
	RBIT R0, R0
	CLZ  R0, R0
	RBIT R1, R1
	CLZ  R1, R1
	RBIT R2, R2
	CLZ  R2, R2
	RBIT R3, R3
	CLZ  R3, R3
	STP  (R0, R1), 32(R22)
	STP  (R2, R3), 48(R22)
	SUB  R24, R8, R8
	SUB  R24, R9, R9
	SUB  R24, R10, R10
	SUB  R24, R11, R11
	STP  (R8, R9), 96(R22)
	STP  (R10, R11), 112(R22)

none1:
	RET
