//go:build !purego

#include "textflag.h"

// The fast loop of huffman (decode_loop.go) with BMI2, the same steps as
// the Go loop; see huffman.go for the table entry layout.
//
// Registers:
//	DI  dst base (distances are checked against SI-DI)
//	SI  output pointer
//	R8  last output pointer with fastOut bytes of room
//	R9  input pointer (next byte to load into the bit buffer)
//	R10 last input pointer with 8 bytes to load
//	R11 literal/length table, R12 distance table
//	BX  bit buffer, CX bit count (exact modulo 64 only)
//	DX  table entry
//	AX, R13, R14, R15 scratch; X0-X2 match copies, X1 the PSHUFB indexes

// REFILL loads 8 input bytes above the bits in BX and advances R9 by the
// whole bytes taken: nb becomes 56 to 63. Uses R14.
#define REFILL \
	MOVQ   (R9), R14 \
	SHLXQ  CX, R14, R14 \
	ORQ    R14, BX \
	MOVL   CX, R14 \
	ANDL   $63, R14 \
	SHRL   $3, R14 \
	NEGQ   R14 \
	LEAQ   7(R9)(R14*1), R9 \
	ORQ    $56, CX

// LITERAL writes the one or two literals of entry DX, consumes its bits
// and looks the next entry up.
#define LITERAL \
	SHRXQ  DX, BX, BX \
	SUBQ   DX, CX \
	MOVL   DX, AX \
	SHRL   $8, AX \
	MOVW   AX, (SI) \
	MOVL   DX, AX \
	SHRL   $30, AX \
	ANDL   $1, AX \
	LEAQ   1(SI)(AX*1), SI \
	MOVL   BX, AX \
	ANDL   $0x7ff, AX \
	MOVL   (R11)(AX*4), DX

// func huffmanFast(dst []byte, out int, src []byte, in int, buf uint64, nb uint, ll *[litlenEnough]uint32, dt *[distEnough]uint32) (rout, rin int, rbuf uint64, rnb uint, status int)
TEXT ·huffmanFast(SB), NOSPLIT, $0-136
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	LEAQ -274(DI)(R8*1), R8 // fastOut
	MOVQ out+24(FP), SI
	ADDQ DI, SI
	MOVQ src_base+32(FP), R9
	MOVQ src_len+40(FP), R10
	LEAQ -8(R9)(R10*1), R10
	ADDQ in+56(FP), R9
	MOVQ buf+64(FP), BX
	MOVQ nb+72(FP), CX
	MOVQ ll+80(FP), R11
	MOVQ dt+88(FP), R12

top:
	CMPQ R9, R10
	JHI  more
	CMPQ SI, R8
	JHI  more
	REFILL
	MOVL BX, AX
	ANDL $0x7ff, AX
	MOVL (R11)(AX*4), DX

dispatch:
	// DX: the next entry, 56 bits or more in BX.
	TESTL DX, DX
	JNS   notlit
	LITERAL
	TESTL DX, DX
	JNS   keep
	LITERAL
	TESTL DX, DX
	JNS   keep
	LITERAL
	TESTL DX, DX
	JNS   keep
	LITERAL

keep:
	// DX is still valid after the refill (four entries of at most 11 bits
	// leave 12 bits or more, and the refill only adds bits above them).
	CMPQ R9, R10
	JHI  more
	CMPQ SI, R8
	JHI  more
	REFILL
	JMP  dispatch

notlit:
	TESTL $0x20c0, DX // fInvalid|fEOB|fSub
	JNZ   litspecial

length:
	// length = value + (buf & (1<<total-1)) >> codelen; the entry's low
	// byte is total (BZHI's count is bits 0-7, SHRX's bits 0-5).
	BZHIQ  DX, BX, R13
	SHRXQ  DX, BX, BX
	SUBQ   DX, CX
	MOVL   DX, AX
	SHRL   $8, AX
	SHRXQ  AX, R13, R13
	SHRL   $16, DX
	ADDQ   DX, R13

	// distance
	MOVL  BX, AX
	ANDL  $0xff, AX
	MOVL  (R12)(AX*4), DX
	TESTL $0x20c0, DX
	JNZ   distspecial

distance:
	BZHIQ  DX, BX, R14
	SHRXQ  DX, BX, BX
	SUBQ   DX, CX
	MOVL   DX, AX
	SHRL   $8, AX
	SHRXQ  AX, R14, R14
	SHRL   $16, DX
	ADDQ   DX, R14
	MOVQ   SI, AX
	SUBQ   DI, AX
	CMPQ   R14, AX
	JHI    baddist

	// AX: copy destination, R15: copy source, R13: length, SI: end of
	// the match.
	MOVQ SI, AX
	MOVQ SI, R15
	SUBQ R14, R15
	ADDQ R13, SI

	// Refill and look the next entry up before the copy, if the room
	// allows; after the copy the room is tested again.
	CMPQ R9, R10
	JHI  copy
	CMPQ SI, R8
	JHI  copy
	REFILL
	MOVL BX, DX
	ANDL $0x7ff, DX
	MOVL (R11)(DX*4), DX

copy:
	// A match of at most 16 bytes that does not overlap itself (length <=
	// distance, the short matches of literal-heavy data) is one 16-byte
	// copy: one test that such streams predict, where the distance would
	// split them between the two paths below.
	MOVQ    AX, R14
	SUBQ    R15, R14
	MOVOU   (R15), X0
	CMPQ    R13, $16
	JA      copylong
	CMPQ    R13, R14
	JA      copylong
	MOVOU   X0, (AX)
	JMP     copied

copylong:
	CMPQ R14, $16
	JAE  copy16

	// Distances 1 to 15: the 16 bytes at R15 (the d bytes of the pattern,
	// then whatever follows) shuffled into the pattern repeated over 16
	// bytes, stored every step bytes (the largest multiple of d up to 16):
	// one load, no store waited on.
	SHLQ    $4, R14
	LEAQ    ·periodShuf(SB), R15
	MOVOU   (R15)(R14*1), X1
	PSHUFB  X1, X0
	SHRQ    $4, R14
	LEAQ    ·periodStep16(SB), R15
	MOVBQZX (R15)(R14*1), R14

period:
	MOVOU X0, (AX)
	ADDQ  R14, AX
	CMPQ  AX, SI
	JB    period
	JMP   copied

copy16:
	// 48 bytes whatever the length, then 16 at a time.
	MOVOU X0, (AX)
	MOVOU 16(R15), X1
	MOVOU X1, 16(AX)
	MOVOU 32(R15), X2
	MOVOU X2, 32(AX)
	ADDQ  $48, AX
	ADDQ  $48, R15
	CMPQ  AX, SI
	JAE   copied

copy16loop:
	MOVOU (R15), X0
	MOVOU X0, (AX)
	ADDQ  $16, AX
	ADDQ  $16, R15
	CMPQ  AX, SI
	JB    copy16loop
	JMP   copied

copied:
	CMPQ R9, R10
	JHI  more
	CMPQ SI, R8
	JHI  more
	JMP  dispatch

litspecial:
	// A subtable pointer, the end of block or an invalid code.
	TESTL $0x80, DX
	JZ    eobinvalid
	SHRXQ DX, BX, BX
	SUBQ  DX, CX
	MOVL  DX, AX
	SHRL  $8, AX
	ANDL  $31, AX
	BZHIQ AX, BX, R13
	SHRL  $16, DX
	ADDL  R13, DX
	MOVL  (R11)(DX*4), DX
	TESTL DX, DX
	JNS   sublength

	// One literal from a subtable.
	SHRXQ DX, BX, BX
	SUBQ  DX, CX
	SHRL  $8, DX
	MOVB  DX, (SI)
	INCQ  SI
	JMP   top

sublength:
	TESTL $0x2040, DX // fInvalid|fEOB
	JZ    length

eobinvalid:
	TESTL $0x2000, DX
	JNZ   invalid
	SHRXQ DX, BX, BX
	SUBQ  DX, CX
	MOVQ  $1, AX // fastEOB
	JMP   done

distspecial:
	TESTL $0x80, DX
	JZ    invalid
	SHRXQ DX, BX, BX
	SUBQ  DX, CX
	MOVL  DX, AX
	SHRL  $8, AX
	ANDL  $31, AX
	BZHIQ AX, BX, AX // R13 holds the length
	SHRL  $16, DX
	ADDL  AX, DX
	MOVL  (R12)(DX*4), DX
	TESTL $0x2000, DX
	JZ    distance

invalid:
	MOVQ $2, AX // fastInvalid
	JMP  done

baddist:
	MOVQ $3, AX // fastDistance
	JMP  done

more:
	XORL AX, AX // fastMore

done:
	SUBQ DI, SI
	MOVQ SI, rout+96(FP)
	SUBQ src_base+32(FP), R9
	MOVQ R9, rin+104(FP)
	MOVQ BX, rbuf+112(FP)
	ANDQ $63, CX
	MOVQ CX, rnb+120(FP)
	MOVQ AX, status+128(FP)
	RET

// periodShuf[d] (d = 1 to 15) are the PSHUFB indexes i mod d, i = 0 to 15;
// periodStep16[d] is the largest multiple of d up to 16.
DATA ·periodShuf+0(SB)/8, $0x0000000000000000
DATA ·periodShuf+8(SB)/8, $0x0000000000000000
DATA ·periodShuf+16(SB)/8, $0x0000000000000000
DATA ·periodShuf+24(SB)/8, $0x0000000000000000
DATA ·periodShuf+32(SB)/8, $0x0100010001000100
DATA ·periodShuf+40(SB)/8, $0x0100010001000100
DATA ·periodShuf+48(SB)/8, $0x0100020100020100
DATA ·periodShuf+56(SB)/8, $0x0002010002010002
DATA ·periodShuf+64(SB)/8, $0x0302010003020100
DATA ·periodShuf+72(SB)/8, $0x0302010003020100
DATA ·periodShuf+80(SB)/8, $0x0201000403020100
DATA ·periodShuf+88(SB)/8, $0x0004030201000403
DATA ·periodShuf+96(SB)/8, $0x0100050403020100
DATA ·periodShuf+104(SB)/8, $0x0302010005040302
DATA ·periodShuf+112(SB)/8, $0x0006050403020100
DATA ·periodShuf+120(SB)/8, $0x0100060504030201
DATA ·periodShuf+128(SB)/8, $0x0706050403020100
DATA ·periodShuf+136(SB)/8, $0x0706050403020100
DATA ·periodShuf+144(SB)/8, $0x0706050403020100
DATA ·periodShuf+152(SB)/8, $0x0605040302010008
DATA ·periodShuf+160(SB)/8, $0x0706050403020100
DATA ·periodShuf+168(SB)/8, $0x0504030201000908
DATA ·periodShuf+176(SB)/8, $0x0706050403020100
DATA ·periodShuf+184(SB)/8, $0x04030201000a0908
DATA ·periodShuf+192(SB)/8, $0x0706050403020100
DATA ·periodShuf+200(SB)/8, $0x030201000b0a0908
DATA ·periodShuf+208(SB)/8, $0x0706050403020100
DATA ·periodShuf+216(SB)/8, $0x0201000c0b0a0908
DATA ·periodShuf+224(SB)/8, $0x0706050403020100
DATA ·periodShuf+232(SB)/8, $0x01000d0c0b0a0908
DATA ·periodShuf+240(SB)/8, $0x0706050403020100
DATA ·periodShuf+248(SB)/8, $0x000e0d0c0b0a0908
GLOBL ·periodShuf(SB), RODATA|NOPTR, $256

DATA ·periodStep16+0(SB)/8, $0x0e0c0f100f101000
DATA ·periodStep16+8(SB)/8, $0x0f0e0d0c0b0a0910
GLOBL ·periodStep16(SB), RODATA|NOPTR, $16
