//go:build !purego

#include "textflag.h"

// func histCount4(t *[4][256]uint32, b []byte)
//
// Byte i of b goes to t[i&3] (1024 bytes apart); b is a multiple of 16
// long (only its whole 16-byte stripes are read).
TEXT ·histCount4(SB), NOSPLIT, $0-32
	MOVQ t+0(FP), DI
	MOVQ b_base+8(FP), SI
	MOVQ b_len+16(FP), CX
	SHRQ $4, CX
	JZ   done

loop:
	MOVBLZX 0(SI), AX
	MOVBLZX 1(SI), BX
	MOVBLZX 2(SI), DX
	MOVBLZX 3(SI), R8
	ADDL    $1, 0(DI)(AX*4)
	ADDL    $1, 1024(DI)(BX*4)
	ADDL    $1, 2048(DI)(DX*4)
	ADDL    $1, 3072(DI)(R8*4)
	MOVBLZX 4(SI), AX
	MOVBLZX 5(SI), BX
	MOVBLZX 6(SI), DX
	MOVBLZX 7(SI), R8
	ADDL    $1, 0(DI)(AX*4)
	ADDL    $1, 1024(DI)(BX*4)
	ADDL    $1, 2048(DI)(DX*4)
	ADDL    $1, 3072(DI)(R8*4)
	MOVBLZX 8(SI), AX
	MOVBLZX 9(SI), BX
	MOVBLZX 10(SI), DX
	MOVBLZX 11(SI), R8
	ADDL    $1, 0(DI)(AX*4)
	ADDL    $1, 1024(DI)(BX*4)
	ADDL    $1, 2048(DI)(DX*4)
	ADDL    $1, 3072(DI)(R8*4)
	MOVBLZX 12(SI), AX
	MOVBLZX 13(SI), BX
	MOVBLZX 14(SI), DX
	MOVBLZX 15(SI), R8
	ADDL    $1, 0(DI)(AX*4)
	ADDL    $1, 1024(DI)(BX*4)
	ADDL    $1, 2048(DI)(DX*4)
	ADDL    $1, 3072(DI)(R8*4)
	ADDQ    $16, SI
	DECQ    CX
	JNZ     loop

done:
	RET
