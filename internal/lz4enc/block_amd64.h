// The part of the LZ4 block loops that compress16_amd64.s and
// compress32_amd64.s share, included by both right after their search
// loop: the return at the end of the search (label last), and the sequence
// written for a match found (labels found to matched: extension backwards,
// the literal run and the token, the offset, the match length 8, 32 and 8
// bytes at a time, the output checks), up to the test of the new ip against
// mflimitPlusOne. Each file then enters ip-2 in its table and tests ip for
// an immediate match with its own hash and entry width, and has its own
// labels end and fail. The including file defines the frame slots that
// differ: the results (ANCHOR_RESULT, DI_RESULT) and the olimit argument
// (OLIMIT_ARG); go vet does not check them here, the tests do (wrong slots
// change the output or fault). Registers as described in
// compress32_amd64.s.

last:
	// No match starts before mflimitPlusOne: op is in di already.
	MOVQ DX, ANCHOR_RESULT
	RET

found:
	// Extend the match backwards over the literals, up to anchor and
	// src[0]: CX = min(ip-anchor, match) bytes at most, 8 at a time
	// while match >= 8.
	MOVQ AX, CX
	SUBQ DX, CX
	CMPQ CX, R13
	CMOVQGT R13, CX
	CMPQ R13, $8
	JCS  back1

back8:
	MOVQ -8(SI)(AX*1), R10
	XORQ -8(SI)(R13*1), R10
	JEQ  back8eq
	BSRQ R10, R10
	XORQ $63, R10
	SHRQ $3, R10               // the equal bytes before the first difference
	CMPQ R10, CX
	CMOVQGT CX, R10
	SUBQ R10, AX
	SUBQ R10, R13
	JMP  literals

back8eq:
	CMPQ CX, $8
	JLE  backall
	SUBQ $8, AX
	SUBQ $8, R13
	SUBQ $8, CX
	CMPQ R13, $8
	JCC  back8

back1:
	TESTQ CX, CX
	JEQ  literals
	MOVBLZX -1(SI)(AX*1), BX
	CMPB BX, -1(SI)(R13*1)
	JNE  literals
	DECQ AX
	DECQ R13
	DECQ CX
	JMP  back1

backall:
	SUBQ CX, AX
	SUBQ CX, R13

literals:
	// The token and the literals src[anchor:ip].
	MOVQ dst_base+8(FP), R9
	MOVQ DI_RESULT, R15
	MOVQ R15, R14              // the token's index
	MOVQ AX, BX
	SUBQ DX, BX                // litLen
	CMPQ BX, $15
	JCC  longlits
	LEAQ 9(R15)(BX*1), CX      // op+1+litLen+(2+1+lastLiterals)
	CMPQ CX, OLIMIT_ARG
	JGT  fail
	MOVQ BX, R10
	SHLQ $4, R10
	INCQ R15
	LEAQ 16(R15), CX
	CMPQ CX, dst_len+16(FP)
	JGT  shortexact
	LEAQ 16(DX), CX
	CMPQ CX, src_len+40(FP)
	JGT  shortexact
	// 16 bytes, the ones past the literals overwritten later.
	MOVB R10, (R9)(R14*1)
	MOVOU (SI)(DX*1), X0
	MOVOU X0, (R9)(R15*1)
	ADDQ BX, R15
	JMP  matchlen

shortexact:
	LEAQ (R15)(BX*1), CX
	CMPQ CX, dst_len+16(FP)
	JGT  fail
	MOVB R10, (R9)(R14*1)
	JMP  copylits

longlits:
	CMPQ BX, $270
	JCC  manylits
	// A nibble of 15 and one length byte; litLen/255 is litLen >= 255.
	XORL CX, CX
	CMPQ BX, $255
	SETCC CX
	LEAQ 9(R15)(BX*1), R10
	ADDQ CX, R10
	CMPQ R10, OLIMIT_ARG
	JGT  fail
	LEAQ 2(R15)(BX*1), R10
	CMPQ R10, dst_len+16(FP)
	JGT  fail
	MOVB $0xf0, (R9)(R14*1)
	LEAQ -15(BX), R11
	MOVB R11, 1(R9)(R15*1)
	ADDQ $2, R15
	JMP  copylits

manylits:
	// A nibble of 15 and (litLen-15)/255+1 length bytes.
	MOVL $0x80808081, R12
	MOVQ BX, CX
	IMULQ R12, CX
	SHRQ $39, CX               // litLen/255
	LEAQ 9(R15)(BX*1), R10
	ADDQ CX, R10               // op+1+litLen+(2+1+lastLiterals)+litLen/255
	CMPQ R10, OLIMIT_ARG
	JGT  fail
	LEAQ -15(BX), R11
	MOVQ R11, CX
	IMULQ R12, CX
	SHRQ $39, CX
	LEAQ 2(R15)(BX*1), R10
	ADDQ CX, R10               // op+1+(litLen-15)/255+1+litLen
	CMPQ R10, dst_len+16(FP)
	JGT  fail
	MOVB $0xf0, (R9)(R14*1)
	INCQ R15

litlen255:
	CMPQ R11, $255
	JCS  litlenlast
	MOVB $255, (R9)(R15*1)
	INCQ R15
	SUBQ $255, R11
	JMP  litlen255

litlenlast:
	MOVB R11, (R9)(R15*1)
	INCQ R15

copylits:
	// Copy litLen = BX bytes from src[anchor:] to dst[op:], both in
	// bounds, without touching a byte past them.
	LEAQ (SI)(DX*1), CX
	LEAQ (R9)(R15*1), R12
	MOVQ BX, R11
	CMPQ R11, $16
	JCS  copy8

copy16:
	MOVOU (CX), X0
	MOVOU X0, (R12)
	ADDQ $16, CX
	ADDQ $16, R12
	SUBQ $16, R11
	CMPQ R11, $16
	JCC  copy16
	TESTQ R11, R11
	JEQ  copied
	MOVOU -16(CX)(R11*1), X0   // the last 16 bytes, again in part
	MOVOU X0, -16(R12)(R11*1)
	JMP  copied

copy8:
	CMPQ R11, $8
	JCS  copy4
	MOVQ (CX), R10
	MOVQ -8(CX)(R11*1), DX
	MOVQ R10, (R12)
	MOVQ DX, -8(R12)(R11*1)
	JMP  copied

copy4:
	CMPQ R11, $4
	JCS  copy1
	MOVL (CX), R10
	MOVL -4(CX)(R11*1), DX
	MOVL R10, (R12)
	MOVL DX, -4(R12)(R11*1)
	JMP  copied

copy1:
	TESTQ R11, R11
	JEQ  copied
	MOVB (CX), R10
	MOVB R10, (R12)
	INCQ CX
	INCQ R12
	DECQ R11
	JMP  copy1

copied:
	ADDQ BX, R15

matchlen:
	// The match at ip = AX, from match = R13, its token at R14 holding
	// the literal length nibble. CX runs to the first difference past
	// minMatch, at most matchLimit.
	LEAQ 4(AX), CX
	LEAQ 4(R13), R11
	LEAQ 6(R8), R12            // matchLimit

	// The first 8 bytes, where most matches end, then 32 at a time while
	// they are before matchLimit (a mask of the bytes that differ, its
	// lowest bit the first difference), then 8 and 1 at a time.
	LEAQ 8(CX), R10
	CMPQ R10, R12
	JGT  mltail
	MOVQ (SI)(CX*1), R10
	XORQ (SI)(R11*1), R10
	JNE  mldiff
	ADDQ $8, CX
	ADDQ $8, R11

ml32:
	LEAQ 32(CX), R10
	CMPQ R10, R12
	JGT  ml8
	MOVOU (SI)(CX*1), X0
	MOVOU 16(SI)(CX*1), X1
	MOVOU (SI)(R11*1), X2
	MOVOU 16(SI)(R11*1), X3
	PCMPEQB X2, X0
	PCMPEQB X3, X1
	PMOVMSKB X0, R10
	PMOVMSKB X1, BX
	SHLL $16, BX
	ORL  BX, R10
	XORL $-1, R10
	JNE  ml32diff
	ADDQ $32, CX
	ADDQ $32, R11
	JMP  ml32

ml32diff:
	BSFL R10, R10
	ADDQ R10, CX
	JMP  putmatch

ml8:
	LEAQ 8(CX), R10
	CMPQ R10, R12
	JGT  mltail
	MOVQ (SI)(CX*1), R10
	XORQ (SI)(R11*1), R10
	JNE  mldiff
	ADDQ $8, CX
	ADDQ $8, R11
	JMP  ml8

mldiff:
	BSFQ R10, R10
	SHRQ $3, R10
	ADDQ R10, CX
	JMP  putmatch

mltail:
	CMPQ CX, R12
	JGE  putmatch
	MOVBLZX (SI)(CX*1), R10
	CMPB R10, (SI)(R11*1)
	JNE  putmatch
	INCQ CX
	INCQ R11
	JMP  mltail

putmatch:
	// The offset, the token's match length nibble and length bytes; CX
	// is the new ip, ml = CX-ip-4.
	MOVQ CX, BX
	SUBQ AX, BX
	SUBQ $4, BX                // ml
	SUBQ R13, AX               // the offset
	CMPQ BX, $15
	JCC  longmatch
	LEAQ 8(R15), R10           // op+2+(1+lastLiterals)
	CMPQ R10, OLIMIT_ARG
	JGT  fail
	LEAQ 2(R15), R10
	CMPQ R10, dst_len+16(FP)
	JGT  fail
	MOVW AX, (R9)(R15*1)
	ADDQ $2, R15
	ORB  BX, (R9)(R14*1)
	JMP  matched

longmatch:
	MOVL $0x80808081, R12
	LEAQ 240(BX), R11
	IMULQ R12, R11
	SHRQ $39, R11              // (ml+240)/255
	LEAQ 8(R15)(R11*1), R10
	CMPQ R10, OLIMIT_ARG
	JGT  fail
	LEAQ -15(BX), R11
	MOVQ R11, R10
	IMULQ R12, R10
	SHRQ $39, R10
	LEAQ 3(R15)(R10*1), R10    // op+2+(ml-15)/255+1
	CMPQ R10, dst_len+16(FP)
	JGT  fail
	MOVW AX, (R9)(R15*1)
	ADDQ $2, R15
	ORB  $15, (R9)(R14*1)

mllen255:
	CMPQ R11, $255
	JCS  mllenlast
	MOVB $255, (R9)(R15*1)
	INCQ R15
	SUBQ $255, R11
	JMP  mllen255

mllenlast:
	MOVB R11, (R9)(R15*1)
	INCQ R15

matched:
	MOVQ CX, AX                // ip
	MOVQ CX, DX                // anchor
	CMPQ AX, R8
	JGE  end
