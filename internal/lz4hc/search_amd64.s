//go:build !purego

#include "textflag.h"

// func findFirstAsm(src []byte, ht *[32768]uint32, ct *[65536]uint16, base uint32, ip, mflimit, attempts int) (pos, mp, n int)
//
// findFirstGo, instruction for instruction. Every load is in bounds: the
// caller checked 0 <= ip and mflimit+4 <= len(src); positions read are ip
// (<= mflimit) and candidates in [ip-65535, ip); table indices are a 17-bit
// shift of a 32-bit hash and 16-bit positions.
TEXT ·findFirstAsm(SB), NOSPLIT, $0-96
	MOVQ src_base+0(FP), SI
	MOVQ ht+24(FP), R8
	MOVQ ct+32(FP), R9
	MOVL base+40(FP), R10
	MOVQ ip+48(FP), AX
	MOVQ mflimit+56(FP), BX
	MOVQ attempts+64(FP), R11

loop:
	CMPQ AX, BX
	JGT  none
	MOVL (SI)(AX*1), DX        // pattern
	MOVL DX, CX
	IMULL $0x9E3779B1, CX
	SHRL $17, CX               // hash
	LEAL (R10)(AX*1), R12      // ipIndex
	MOVL (R8)(CX*4), R13
	MOVL R12, (R8)(CX*4)
	SUBL R13, R12              // raw = ipIndex - previous index (zero-extended)
	MOVL $0xFFFF, R13
	MOVL R12, R14
	CMPL R12, R13
	CMOVLHI R13, R14           // delta = min(raw, 65535)
	MOVWQZX AX, R15
	MOVW R14, (R9)(R15*2)
	MOVQ AX, R15               // span = min(ip, 65535)
	CMPQ AX, R13
	CMOVQHI R13, R15
	LEAQ -1(R12), R14
	CMPQ R14, R15
	JCC  next                  // raw-1 >= span: no candidate
	MOVQ AX, DI
	SUBQ R12, DI               // mp = ip - raw
	MOVQ AX, R14
	SUBQ R15, R14              // lowPos = ip - span
	MOVQ R11, CX               // n = attempts

chain:
	CMPL (SI)(DI*1), DX
	JEQ  found
	MOVWQZX DI, R12
	MOVWQZX (R9)(R12*2), R12
	SUBQ R12, DI
	DECQ CX
	JLE  next
	MOVQ DI, R12
	SUBQ R14, R12
	CMPQ R12, R15
	JCS  chain                 // mp-lowPos < span

next:
	INCQ AX
	JMP  loop

found:
	MOVQ AX, pos+72(FP)
	MOVQ DI, mp+80(FP)
	MOVQ CX, n+88(FP)
	RET

none:
	MOVQ AX, pos+72(FP)
	MOVQ $0, mp+80(FP)
	MOVQ $0, n+88(FP)
	RET
