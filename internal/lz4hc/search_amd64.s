//go:build !purego

#include "textflag.h"

// func firstSearchAsm(src []byte, ht *[32768]uint32, ct *[65536]uint16, base uint32, ip, mflimit, iHigh, attempts int) (pos, l, best int)
//
// firstSearchGo: findFirstGo, with the hash of the next position and its
// hash-table entry loaded before the chain of the current one is followed
// (after the store of the current position, which the load then sees when
// both hash alike), so that the load's latency overlaps the chain walk and
// a mispredicted end of the walk; then at the candidate found the chain
// walk of walkChainAsm with no look-back (longest 3, tail offset 2). Every
// load is in bounds: the caller checked 0 <= ip, mflimit+5 <= len(src) and
// mflimit+4 <= iHigh < len(src). Positions read are ip and ip+1 (ip <=
// mflimit) and candidates mp in [ip-65535, ip); the match measured from
// ip+4 stops at iHigh, and the two bytes at ip+longest-1 and mp+longest-1
// (longest <= iHigh-ip) are below iHigh+1. Table indices are a 17-bit
// shift of a 32-bit hash and 16-bit positions.
TEXT ·firstSearchAsm(SB), NOSPLIT, $0-104
	MOVQ src_base+0(FP), SI
	MOVQ ht+24(FP), R8
	MOVQ ct+32(FP), R9
	MOVL base+40(FP), R10
	MOVQ ip+48(FP), AX
	MOVQ mflimit+56(FP), BX
	CMPQ AX, BX
	JGT  none
	MOVL (SI)(AX*1), R13
	IMULL $0x9E3779B1, R13
	SHRL $17, R13              // the hash at ip
	MOVL (R8)(R13*4), R11      // its table entry

loop:
	// R13 = the hash at ip, R11 = its table entry.
	LEAL (R10)(AX*1), R12      // ipIndex
	MOVL R12, (R8)(R13*4)
	SUBL R11, R12              // raw = ipIndex - previous index (zero-extended)
	MOVL 1(SI)(AX*1), R13
	IMULL $0x9E3779B1, R13
	SHRL $17, R13              // the hash at ip+1
	MOVL (R8)(R13*4), R11      // its table entry
	MOVL $0xFFFF, R15
	MOVL R12, R14
	CMPL R12, R15
	CMOVLHI R15, R14           // delta = min(raw, 65535)
	MOVWQZX AX, DX
	MOVW R14, (R9)(DX*2)
	MOVQ AX, R14               // span = min(ip, 65535)
	CMPQ AX, R15
	CMOVQHI R15, R14
	LEAQ -1(R12), DX
	CMPQ DX, R14
	JCC  next                  // raw-1 >= span: no candidate
	MOVL (SI)(AX*1), DX        // pattern
	MOVQ AX, DI
	SUBQ R12, DI               // mp = ip - raw
	MOVQ AX, R15
	SUBQ R14, R15              // lowPos = ip - span
	MOVQ attempts+72(FP), CX   // n

chain:
	CMPL (SI)(DI*1), DX
	JEQ  found
	MOVWQZX DI, R12
	MOVWQZX (R9)(R12*2), R12
	SUBQ R12, DI
	DECQ CX
	JLE  next
	MOVQ DI, R12
	SUBQ R15, R12
	CMPQ R12, R14
	JCS  chain                 // mp-lowPos < span

next:
	INCQ AX
	CMPQ AX, BX
	JLE  loop

none:
	MOVQ AX, pos+80(FP)
	MOVQ $0, l+88(FP)
	MOVQ $-1, best+96(FP)
	RET

found:
	// The walk: AX = &src[ip+4], BX = iHigh-(ip+4), DI = mp, CX = n,
	// DX = pattern, R15 = lowPos, R14 = span, R11 = longest, R13 = best,
	// R10 = the two bytes at ip+longest-1.
	MOVQ AX, pos+80(FP)
	MOVQ iHigh+64(FP), BX
	SUBQ AX, BX
	SUBQ $4, BX
	LEAQ 4(SI)(AX*1), AX
	MOVQ $3, R11
	MOVQ $-1, R13
	MOVWLZX -2(AX), R10
	JMP  scan

walk:
	MOVWQZX DI, R12
	MOVWQZX (R9)(R12*2), R12
	SUBQ R12, DI
	DECQ CX

scan:
	TESTQ CX, CX
	JLE  done
	MOVQ DI, R12
	SUBQ R15, R12
	CMPQ R12, R14
	JCC  done                  // mp-lowPos >= span
	LEAQ -1(DI)(R11*1), R12
	MOVWLZX (SI)(R12*1), R12
	CMPL R12, R10
	JNE  walk
	CMPL (SI)(DI*1), DX
	JNE  walk
	LEAQ 4(SI)(DI*1), R8       // &src[mp+4]
	XORQ R12, R12              // bytes equal from ip+4 and mp+4

fwd8:
	LEAQ 8(R12), R10
	CMPQ R10, BX
	JGT  fwd1
	MOVQ (AX)(R12*1), R10
	XORQ (R8)(R12*1), R10
	JNE  fwddiff
	ADDQ $8, R12
	JMP  fwd8

fwddiff:
	BSFQ R10, R10
	SHRQ $3, R10
	ADDQ R10, R12
	JMP  measured

fwd1:
	CMPQ R12, BX
	JGE  measured
	MOVBLZX (AX)(R12*1), R10
	CMPB R10, (R8)(R12*1)
	JNE  measured
	INCQ R12
	JMP  fwd1

measured:
	ADDQ $4, R12               // ml
	CMPQ R12, R11
	JLE  tail
	MOVQ R12, R11
	MOVQ DI, R13

tail:
	MOVWLZX -5(AX)(R11*1), R10 // the two bytes at ip+longest-1
	JMP  walk

done:
	MOVQ R11, l+88(FP)
	MOVQ R13, best+96(FP)
	RET

// func walkChainAsm(ct *[65536]uint16, src []byte, ip, iLow, iHigh, mp, lowPos, longest, attempts int, pattern uint32) (l, best, back int)
//
// walkChainGo with scan, countBack and count inline. The caller checked
// the bounds (see walkChain): candidates are in [lowPos, ip), and a
// longest > ip-iLow keeps the tail offset (longest-1-(ip-iLow)) >= 0 and
// the bytes read below iHigh <= len(src). The argument slot of attempts
// holds the look-back of the candidate being measured.
TEXT ·walkChainAsm(SB), NOSPLIT, $0-120
	MOVQ ct+0(FP), R9
	MOVQ src_base+8(FP), SI
	MOVQ mp+56(FP), DI
	MOVQ lowPos+64(FP), R8
	MOVQ ip+32(FP), R10
	SUBQ R8, R10               // span = ip - lowPos
	MOVQ attempts+80(FP), CX   // n
	MOVL pattern+88(FP), DX
	MOVQ longest+72(FP), AX
	MOVQ AX, l+96(FP)
	MOVQ $-1, best+104(FP)
	MOVQ $0, back+112(FP)

newtail:
	// AX = longest: tail = longest-1-(ip-iLow), tail16 = src[iLow+longest-1:][:2]
	MOVQ iLow+40(FP), BX
	LEAQ -1(BX)(AX*1), R13
	MOVWLZX (SI)(R13*1), R12
	MOVQ ip+32(FP), R14
	SUBQ BX, R14
	LEAQ -1(AX), R11
	SUBQ R14, R11
	JMP  scan

next:
	MOVWQZX DI, AX
	MOVWQZX (R9)(AX*2), AX
	SUBQ AX, DI
	DECQ CX

scan:
	TESTQ CX, CX
	JLE  done
	MOVQ DI, AX
	SUBQ R8, AX
	CMPQ AX, R10
	JCC  done                  // mp-lowPos >= span
	LEAQ (DI)(R11*1), AX
	MOVWLZX (SI)(AX*1), AX
	CMPL AX, R12
	JNE  next
	CMPL (SI)(DI*1), DX
	JNE  next

	// Look back: BX = bytes equal before ip and mp, at most
	// min(ip-iLow, mp).
	XORQ BX, BX
	MOVQ ip+32(FP), R13
	MOVQ R13, R14
	SUBQ iLow+40(FP), R14
	JEQ  fwd
	CMPQ DI, R14
	CMOVQLT DI, R14

back8:
	LEAQ 8(BX), AX
	CMPQ AX, R14
	JGT  back1
	MOVQ R13, AX
	SUBQ BX, AX
	MOVQ -8(SI)(AX*1), R15
	MOVQ DI, AX
	SUBQ BX, AX
	XORQ -8(SI)(AX*1), R15
	JNE  backdiff
	ADDQ $8, BX
	JMP  back8

backdiff:
	BSRQ R15, R15
	XORQ $63, R15
	SHRQ $3, R15
	ADDQ R15, BX
	JMP  fwd

back1:
	CMPQ BX, R14
	JGE  fwd
	MOVQ R13, AX
	SUBQ BX, AX
	MOVBLZX -1(SI)(AX*1), R15
	MOVQ DI, AX
	SUBQ BX, AX
	MOVBLZX -1(SI)(AX*1), AX
	CMPL AX, R15
	JNE  fwd
	INCQ BX
	JMP  back1

fwd:
	// Forward: AX = bytes equal from ip+4 and mp+4, before iHigh.
	NEGQ BX
	MOVQ BX, attempts+80(FP)   // back (<= 0)
	MOVQ ip+32(FP), R13
	MOVQ iHigh+48(FP), R15
	ADDQ $4, R13
	SUBQ R13, R15              // room = iHigh - (ip+4)
	ADDQ SI, R13               // &src[ip+4]
	LEAQ 4(SI)(DI*1), R14      // &src[mp+4]
	XORQ AX, AX

fwd8:
	LEAQ 8(AX), BX
	CMPQ BX, R15
	JGT  fwd1
	MOVQ (R13)(AX*1), BX
	XORQ (R14)(AX*1), BX
	JNE  fwddiff
	ADDQ $8, AX
	JMP  fwd8

fwddiff:
	BSFQ BX, BX
	SHRQ $3, BX
	ADDQ BX, AX
	JMP  measured

fwd1:
	CMPQ AX, R15
	JGE  measured
	MOVBLZX (R13)(AX*1), BX
	CMPB BX, (R14)(AX*1)
	JNE  measured
	INCQ AX
	JMP  fwd1

measured:
	// ml = 4 + AX - back
	ADDQ $4, AX
	SUBQ attempts+80(FP), AX
	CMPQ AX, l+96(FP)
	JLE  next
	MOVQ AX, l+96(FP)
	MOVQ DI, best+104(FP)
	MOVQ attempts+80(FP), BX
	MOVQ BX, back+112(FP)
	MOVWQZX DI, BX
	MOVWQZX (R9)(BX*2), BX
	SUBQ BX, DI
	DECQ CX
	JMP  newtail

done:
	RET
