//go:build !purego

#include "textflag.h"

// Register use in hufStream4BMI2 and hufStream5BMI2:
//   SI       the end of the symbols left (src[i:] is done)
//   R14      src's start plus the symbols of one iteration: the loop runs
//            while SI is at or above it
//   DI       the elt table
//   R8       the output position (pointer)
//   R9       the last output position an iteration may start at
//   R10, CX  acc and nb, as in hufStreamGeneric (nb in CX for ROLQ)
//   R15      BEXTR's control for bits 3-7 (nb's whole bytes)
//   AX, BX, DX, R11-R13 scratch
//
// A flush rotates acc left by nb instead of shifting its top nb bits
// down: the bits above them are junk, but they are stored past the whole
// bytes flushed, which the next flush (or the closing of the stream in
// Go) writes again.

// FLUSH enters the group p of n bits (the sum of its elts) into acc and
// writes acc's whole bytes.
#define FLUSH(p, n) \
	SHRXQ   n, R10, R10 \
	ORQ     p, R10 \
	ADDQ    n, CX \
	MOVQ    R10, AX \
	ROLQ    CX, AX \
	MOVQ    AX, (R8) \
	BEXTRQ  R15, CX, BX \
	ADDQ    BX, R8 \
	ANDL    $7, CX

// GROUP4 encodes the four symbols at o-4(SI) to o-1(SI), the last first,
// as hufStreamGeneric's loop does (SHRX reads the lengths from the low
// bits of the elts and of their sums), and flushes.
#define GROUP4(o) \
	MOVBLZX o-1(SI), AX \
	MOVBLZX o-2(SI), BX \
	MOVBLZX o-3(SI), DX \
	MOVBLZX o-4(SI), R13 \
	MOVQ    (DI)(AX*8), AX \
	MOVQ    (DI)(BX*8), BX \
	MOVQ    (DI)(DX*8), DX \
	MOVQ    (DI)(R13*8), R13 \
	LEAQ    (AX)(BX*1), R11 \
	SHRXQ   BX, AX, AX \
	ORQ     BX, AX \
	LEAQ    (DX)(R13*1), R12 \
	SHRXQ   R13, DX, DX \
	ORQ     R13, DX \
	SHRXQ   R12, AX, AX \
	ORQ     DX, AX \
	ADDQ    R12, R11 \
	FLUSH(AX, R11)

// GROUP5 is GROUP4 for the five symbols at o-5(SI) to o-1(SI): codes of
// at most 10 bits keep the at most 57 bits in acc above the low four bits,
// where the elts' lengths pile up.
#define GROUP5(o) \
	MOVBLZX o-1(SI), AX \
	MOVBLZX o-2(SI), BX \
	MOVBLZX o-3(SI), DX \
	MOVBLZX o-4(SI), R12 \
	MOVBLZX o-5(SI), R13 \
	MOVQ    (DI)(AX*8), AX \
	MOVQ    (DI)(BX*8), BX \
	MOVQ    (DI)(DX*8), DX \
	MOVQ    (DI)(R12*8), R12 \
	MOVQ    (DI)(R13*8), R13 \
	LEAQ    (AX)(BX*1), R11 \
	SHRXQ   BX, AX, AX \
	ORQ     BX, AX \
	LEAQ    (DX)(R12*1), BX \
	SHRXQ   R12, DX, DX \
	ORQ     R12, DX \
	SHRXQ   BX, AX, AX \
	ORQ     DX, AX \
	ADDQ    BX, R11 \
	SHRXQ   R13, AX, AX \
	ORQ     R13, AX \
	ADDQ    R13, R11 \
	FLUSH(AX, R11)

// SETUP loads the arguments; it jumps to none when buf has no room for
// one iteration, and to tail when src is shorter than one (of k symbols).
// A flush stores 8 bytes and moves on at most 31 (nb's bits 3-7), so an
// iteration of two that starts 40 bytes before buf's end stays in buf
// whatever the elts hold.
#define SETUP(k) \
	MOVQ elt+0(FP), DI \
	MOVQ buf_base+8(FP), R8 \
	MOVQ buf_len+16(FP), R9 \
	MOVQ pos+32(FP), AX \
	MOVQ src_base+40(FP), R14 \
	MOVQ src_len+48(FP), SI \
	XORL R10, R10 \
	XORL CX, CX \
	MOVL $0x0503, R15 \
	SUBQ $40, R9 \
	CMPQ AX, R9 \
	JGT  none \
	ADDQ R8, R9 \
	ADDQ R8, AX \
	MOVQ AX, R8 \
	ADDQ R14, SI \
	LEAQ k(R14), R14 \
	CMPQ SI, R14 \
	JB   tail

// RETURN stores the results (R14 is src's start plus k).
#define RETURN(k) \
	LEAQ -k(R14), R14 \
	SUBQ R14, SI \
	MOVQ SI, i+64(FP) \
	SUBQ buf_base+8(FP), R8 \
	MOVQ R8, npos+72(FP) \
	MOVQ R10, acc+80(FP) \
	MOVQ CX, nb+88(FP) \
	RET \
none: \
	MOVQ src_len+48(FP), SI \
	MOVQ SI, i+64(FP) \
	MOVQ AX, npos+72(FP) \
	MOVQ $0, acc+80(FP) \
	MOVQ $0, nb+88(FP) \
	RET

// func hufStream4BMI2(elt *[256]uint64, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64)
TEXT ·hufStream4BMI2(SB), NOSPLIT, $0-96
	SETUP(8)

loop:
	CMPQ R8, R9
	JA   done
	GROUP4(0)
	GROUP4(-4)
	SUBQ $8, SI
	CMPQ SI, R14
	JAE  loop

tail:
	// One more group when four symbols are left.
	LEAQ -4(R14), AX
	CMPQ SI, AX
	JB   done
	CMPQ R8, R9
	JA   done
	GROUP4(0)
	SUBQ $4, SI

done:
	RETURN(8)

// func hufStream5BMI2(elt *[256]uint64, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64)
TEXT ·hufStream5BMI2(SB), NOSPLIT, $0-96
	SETUP(10)

loop:
	CMPQ R8, R9
	JA   done
	GROUP5(0)
	GROUP5(-5)
	SUBQ $10, SI
	CMPQ SI, R14
	JAE  loop

tail:
	// One more group when five symbols are left.
	LEAQ -5(R14), AX
	CMPQ SI, AX
	JB   done
	CMPQ R8, R9
	JA   done
	GROUP5(0)
	SUBQ $5, SI

done:
	RETURN(10)
