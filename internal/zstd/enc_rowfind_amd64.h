// The search of the row match finder, rowFind's body, included by
// rowFind (enc_rowfind_amd64.s) and by rowScan (enc_rowscan_amd64.s),
// which runs it in its own loop without a call. On entry R12 = f and
// R11 = ip; FIND_END, defined by the file that includes this one, is the
// argument holding end. The locals row, r, tag and cands (288 bytes at
// the top of the frame) are the includer's. On exit (at rfdone) R13 is
// the length found (0 if none of at least minMatch), R14 its offset and
// R11 is still ip; the other registers are clobbered.
//
// Registers in the insertion of the positions from next to ip: those of
// rowInsert (enc_rowinsert_amd64.s), with DI = base and R11 = ip.
// Registers in the search: BX = &b[ip], SI = end-ip, DI = &pos[r]
// (&b[0] once the candidates are collected), R8 = candidate mask (newest
// at bit 0), R9 = head, R10 = size-1, R11 = ip, R13 = &b[0] (then the
// best length), R14 = base (then the best candidate's position), R15 =
// attempts left. Locals: the row, its first entry r, the tag and the
// positions of the candidates in b (cands, at most 64).
	MOVQ rowFinder_b(R12), BX

	// Enter the positions from next to ip (rowInsert's loop).
	MOVQ rowFinder_next(R12), DX
	CMPQ DX, R11
	JGE  entered
	ROW_INSERT_SETUP(DI)

insert:
	ROW_INSERT_ONE(DI)
	INCQ    DX
	CMPQ    DX, R11
	JLT     insert
	MOVQ    f+0(FP), R12

entered:
	ADDQ R11, BX
	// Prefetch the row of ip+8, which a search a few positions on reads
	// (zstd's row hash cache serves the same purpose): the tags and the
	// first two lines of positions.
	MOVQ rowFinder_b+8(R12), AX
	SUBQ R11, AX
	CMPQ AX, $16
	JLT  haship
	MOVQ 8(BX), AX
	IMULQ rowFinder_hashMul(R12), AX
	MOVQ rowFinder_hashShift(R12), CX
	SHRQ CX, AX
	SHRQ $8, AX
	MOVQ rowFinder_rowLog(R12), CX
	SHLQ CX, AX
	MOVQ rowFinder_tags(R12), DX
	PREFETCHT0 (DX)(AX*1)
	MOVQ rowFinder_pos(R12), DX
	PREFETCHT0 (DX)(AX*4)
	PREFETCHT0 64(DX)(AX*4)

haship:
	MOVQ (BX), AX
	IMULQ rowFinder_hashMul(R12), AX
	MOVQ rowFinder_hashShift(R12), CX
	SHRQ CX, AX
	MOVBQZX AX, R8
	MOVQ R8, tag-24(SP)
	SHRQ $8, AX
	MOVQ AX, row-8(SP)
	MOVQ rowFinder_rowLog(R12), CX
	MOVQ $1, R10
	SHLQ CX, R10 // size
	MOVQ AX, DX
	SHLQ CX, DX
	MOVQ DX, r-16(SP)
	MOVQ rowFinder_heads(R12), R9
	MOVBQZX (R9)(AX*1), R9
	MOVQ rowFinder_pos(R12), DI
	LEAQ (DI)(DX*4), DI
	ADDQ rowFinder_tags(R12), DX

	// The tag mask, rotated so that slot head is bit 0.
	MOVQ $0x0101010101010101, CX
	IMULQ CX, R8
	MOVQ R8, X1
	PUNPCKLQDQ X1, X1
	MOVOU (DX), X0
	PCMPEQB X1, X0
	PMOVMSKB X0, R8
	MOVQ R9, CX
	CMPQ R10, $16
	JNE  wide
	RORW CX, R8
	MOVWQZX R8, R8
	JMP  tagsearch

wide:
	MOVOU 16(DX), X2
	PCMPEQB X1, X2
	PMOVMSKB X2, AX
	SHLQ $16, AX
	ORQ AX, R8
	CMPQ R10, $32
	JNE  wide64
	RORL CX, R8 // zero-extends
	JMP  tagsearch

wide64:
	MOVOU 32(DX), X2
	PCMPEQB X1, X2
	PMOVMSKB X2, AX
	SHLQ $32, AX
	ORQ AX, R8
	MOVOU 48(DX), X2
	PCMPEQB X1, X2
	PMOVMSKB X2, AX
	SHLQ $48, AX
	ORQ AX, R8
	RORQ CX, R8

tagsearch:
	DECQ R10
	MOVQ FIND_END, SI
	SUBQ R11, SI
	MOVL rowFinder_base(R12), R14
	MOVQ rowFinder_b(R12), R13
	MOVQ rowFinder_attempts(R12), R15

	// First pass (zstd's too): the positions of the candidates, newest
	// first, into cands, and their data prefetched, so that the loads of
	// the positions and of the data overlap instead of waiting on one
	// another.
	XORQ R12, R12

collect:
	TESTQ R8, R8
	JZ    verify
	TESTQ R15, R15
	JLE   verify
	DECQ  R15
	BSFQ  R8, AX
	LEAQ  -1(R8), CX
	ANDQ  CX, R8
	ADDQ  R9, AX
	ANDQ  R10, AX
	MOVL  (DI)(AX*4), DX
	SUBL  R14, DX        // DX = the candidate's position
	CMPL  DX, R11
	JAE   verify         // an entry of an earlier stream: the older ones are too
	MOVL  DX, cands-288(SP)(R12*4)
	INCQ  R12
	PREFETCHT0 (R13)(DX*1)
	JMP   collect

	// Second pass: the candidates checked and extended in turn, the
	// first of the greatest length kept (lengths below 4 are dropped at
	// done: minMatch is at least 4). DI = &b[0], R8 = next, R15 = count,
	// DX = the candidate's position, CX = &b[DX] where needed.
verify:
	MOVQ  R13, DI
	MOVQ  R12, R15
	XORQ  R8, R8
	XORQ  R13, R13
	XORQ  R14, R14
	TESTQ R15, R15
	JZ    done
	CMPQ  SI, $32
	JLT   near

	// With 32 bytes before end, a candidate's first 32 bytes are compared
	// at once (X2:X3 = those at ip), its length below 32 taken from the
	// mask of the bytes that differ and kept with conditional moves if
	// longer: no branch on the data, where checking 4 bytes first
	// mispredicted for a quarter to half of the candidates. A candidate
	// that matches all 32 bytes is extended in extend.
	MOVOU (BX), X2
	MOVOU 16(BX), X3

next32:
	CMPQ     R8, R15
	JGE      done
	MOVL     cands-288(SP)(R8*4), DX
	INCQ     R8
	MOVOU    (DI)(DX*1), X0
	PCMPEQB  X2, X0
	PMOVMSKB X0, AX
	MOVOU    16(DI)(DX*1), X1
	PCMPEQB  X3, X1
	PMOVMSKB X1, R12
	SHLL     $16, R12
	ORL      R12, AX
	XORL     $-1, AX // a bit for each byte that differs
	JZ       long
	BSFL     AX, R12 // the length
	CMPQ     R12, R13
	CMOVQGT  R12, R13
	CMOVQGT  DX, R14
	JMP      next32

long:
	// Only a longer match can win: past 32 bytes, the 4 bytes ending at
	// byte best first (the candidates of a long match all share 32).
	LEAQ (DI)(DX*1), CX
	MOVQ R13, AX
	SUBQ $3, AX
	CMPQ AX, $32
	JLT  long32
	MOVL (CX)(AX*1), R12
	CMPL R12, (BX)(AX*1)
	JNE  next32

long32:
	MOVQ $32, R12
	JMP  extend

	// Within 32 bytes of end: the 4 bytes ending at byte best first (the
	// first 4 while best is 0), then the length from 0.
near:
	CMPQ    R8, R15
	JGE     done
	MOVL    cands-288(SP)(R8*4), DX
	INCQ    R8
	LEAQ    (DI)(DX*1), CX
	MOVQ    R13, AX
	XORQ    R12, R12
	SUBQ    $3, AX
	CMOVQLT R12, AX
	MOVL    (CX)(AX*1), R12
	CMPL    R12, (BX)(AX*1)
	JNE     near
	XORQ    R12, R12

	// The length from R12 on, 8 bytes at a time, then bytewise before
	// end; kept if longer, the search over if it reaches end.
extend:
	LEAQ 8(R12), AX
	CMPQ AX, SI
	JA   extend1
	MOVQ (BX)(R12*1), AX
	XORQ (CX)(R12*1), AX
	JNZ  diff
	ADDQ $8, R12
	JMP  extend

diff:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, R12
	JMP  extended

extend1:
	CMPQ    R12, SI
	JAE     extended
	MOVBLZX (BX)(R12*1), AX
	CMPB    AL, (CX)(R12*1)
	JNE     extended
	INCQ    R12
	JMP     extend1

extended:
	CMPQ R12, R13
	JLE  nextcand
	MOVQ R12, R13
	MOVQ DX, R14
	CMPQ R12, SI
	JAE  done

nextcand:
	CMPQ SI, $32
	JGE  next32
	JMP  near

done:
	// Enter ip: the slot before head becomes the newest.
	MOVQ f+0(FP), R12
	MOVQ row-8(SP), AX
	MOVQ rowFinder_heads(R12), DX
	DECQ R9
	ANDQ R10, R9
	MOVB R9, (DX)(AX*1)
	MOVQ r-16(SP), AX
	ADDQ R9, AX
	MOVQ rowFinder_tags(R12), DX
	MOVQ tag-24(SP), CX
	MOVB CX, (DX)(AX*1)
	MOVQ rowFinder_pos(R12), DX
	MOVL rowFinder_base(R12), CX
	ADDL R11, CX
	MOVL CX, (DX)(AX*4)
	LEAQ 1(R11), CX
	MOVQ CX, rowFinder_next(R12)
	CMPQ R13, rowFinder_minMatch(R12)
	JGE  rffound
	XORQ R13, R13
	XORQ R14, R14
	JMP  rfdone

rffound:
	NEGQ R14
	ADDQ R11, R14 // the offset

rfdone:
