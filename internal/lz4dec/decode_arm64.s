//go:build !purego

#include "textflag.h"

// func decodeFast(dst, src []byte, si, di int) (nsi, ndi int)
//
// The twin of decode_amd64.s. Registers: R0 dst base, R1 dst end, R5 output
// pointer, R7 dst end - 32; R2 src base, R3 src end, R4 input pointer, R6
// src end - 32; R8, R9 the input and output pointers at the start of the
// sequence; R10 match length, R11 literal length, R12 offset.
TEXT ·decodeFast(SB), NOSPLIT, $0-80
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R1
	ADD  R0, R1, R1
	MOVD src_base+24(FP), R2
	MOVD src_len+32(FP), R3
	ADD  R2, R3, R3
	MOVD si+48(FP), R4
	ADD  R2, R4, R4
	MOVD di+56(FP), R5
	ADD  R0, R5, R5
	SUB  $32, R3, R6
	SUB  $32, R1, R7

loop:
	MOVD    R4, R8
	MOVD    R5, R9
	CMP     R6, R4
	BHS     done
	CMP     R7, R5
	BHI     done
	MOVBU.P 1(R4), R10
	LSR     $4, R10, R11
	AND     $15, R10, R10
	CMP     $15, R11
	BNE     lit_ready

lit_ext:
	CMP     R6, R4
	BHS     bail
	MOVBU.P 1(R4), R12
	ADD     R12, R11, R11
	CMP     $255, R12
	BEQ     lit_ext

lit_ready:
	// ip + lit <= src end - 32 and op + lit <= dst end - 32.
	SUB R4, R6, R12
	CMP R12, R11
	BHI bail
	SUB R5, R7, R12
	CMP R12, R11
	BHI bail
	CMP $32, R11
	BHI lit_long
	LDP (R4), (R12, R13)
	LDP 16(R4), (R14, R15)
	STP (R12, R13), (R5)
	STP (R14, R15), 16(R5)
	B   lit_done

lit_long:
	MOVD R4, R16
	MOVD R5, R17
	ADD  R4, R11, R12

lit_loop:
	LDP.P 16(R16), (R13, R14)
	STP.P (R13, R14), 16(R17)
	CMP   R12, R16
	BLO   lit_loop

lit_done:
	ADD R11, R4, R4
	ADD R11, R5, R5

	// The offset: 0, or reaching before dst[0], is left to the Go code.
	MOVHU.P 2(R4), R12
	CBZ     R12, bail
	SUB     R0, R5, R13
	CMP     R13, R12
	BHI     bail
	ADD     $4, R10, R10
	CMP     $19, R10
	BNE     ml_ready

ml_ext:
	CMP     R3, R4
	BHS     bail
	MOVBU.P 1(R4), R13
	ADD     R13, R10, R10
	CMP     $255, R13
	BEQ     ml_ext

ml_ready:
	// op + ml <= dst end - 32.
	SUB R5, R7, R13
	CMP R13, R10
	BHI bail
	SUB R12, R5, R14
	ADD R5, R10, R15
	CMP $16, R12
	BLO short_off

	// Distance 16 or more: each 16-byte piece was written before it is read.
match_loop:
	LDP.P 16(R14), (R16, R17)
	STP.P (R16, R17), 16(R5)
	CMP   R15, R5
	BLO   match_loop
	MOVD  R15, R5
	B     loop

short_off:
	// Distance 1 to 15: the pattern over 16 bytes, then piece after piece.
	VLD1   (R14), [V0.B16]
	MOVD   $·patMasks(SB), R16
	ADD    R12<<4, R16, R16
	VLD1   (R16), [V1.B16]
	VTBL   V1.B16, [V0.B16], V0.B16
	MOVD   $·nextMasks(SB), R16
	ADD    R12<<4, R16, R16
	VLD1   (R16), [V1.B16]

short_loop:
	VST1.P [V0.B16], 16(R5)
	VTBL   V1.B16, [V0.B16], V0.B16
	CMP    R15, R5
	BLO    short_loop
	MOVD   R15, R5
	B      loop

bail:
	MOVD R8, R4
	MOVD R9, R5

done:
	SUB  R2, R4, R4
	MOVD R4, nsi+64(FP)
	SUB  R0, R5, R5
	MOVD R5, ndi+72(FP)
	RET
