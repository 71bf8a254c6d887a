//go:build !purego

#include "textflag.h"

// Sections of winMasks (decode_amd64.go), in bytes.
#define SHB 272
#define PAT 544
#define NEXT 816
#define MEM 1104

// WINDOW(P, Q, N) sets P to bytes N/16 to N/16+15 of the 32 bytes P, Q
// (N a register holding 16 times 0 to 16); it clobbers X2, X3 and Q.
#define WINDOW(P, Q, N) \
	MOVOU  (SI)(N*1), X2 \
	PSHUFB X2, P \
	MOVOU  SHB(SI)(N*1), X3 \
	PSHUFB X3, Q \
	POR    Q, P

// SEQUENCE starts a sequence: it leaves the loop (done) within 32 bytes of
// the end of src or 48 of dst, saves where the sequence starts (R14,
// R15), and splits the token (BX literals, AX match); it copies up to 14
// literals, 16 bytes into X0 and dst (ip + 17 and op + 16 are well inside
// the margins), takes the offset (DX) and moves ip and op past them.
// Longer runs go to lit_long. The next input pointer comes from the
// token's in one LEAQ: it is the loop's chain of dependences.
#define SEQUENCE \
	CMPQ    R11, R12 \
	JAE     done \
	CMPQ    R9, R8 \
	JA      done \
	MOVQ    R11, R14 \
	MOVQ    R9, R15 \
	MOVBQZX (R11), AX \
	MOVQ    AX, BX \
	SHRQ    $4, BX \
	ANDQ    $15, AX \
	CMPQ    BX, $15 \
	JEQ     lit_long \
	MOVOU   1(R11), X0 \
	MOVOU   X0, (R9) \
	MOVWQZX 1(R11)(BX*1), DX \
	LEAQ    3(R11)(BX*1), R11 \
	ADDQ    BX, R9

// CHECK_OFFSET: here ip <= src end - 32 and op <= dst end - 32, DX the
// offset. It must be 1 to op - dst base: one unsigned compare, off - 1 <
// op - base (off 0 wraps). Others (0, or reaching into the dictionary)
// are left to the Go code. BX is set to the match.
#define CHECK_OFFSET \
	MOVQ R9, CX \
	SUBQ DI, CX \
	LEAQ -1(DX), BX \
	CMPQ BX, CX \
	JAE  bail \
	MOVQ R9, BX \
	SUBQ DX, BX

// func decodeFast(dst, src []byte, si, di int) (nsi, ndi int)
//
// Registers: DI dst base, R8 dst end - 48 (the loop's limit), R9 output
// pointer, R13 dst end - 32; R11 input pointer, R12 src end - 32; R14, R15
// the input and output pointers at the start of the sequence (where to
// return when the sequence is left to the Go code); AX match length, BX
// literal length then match pointer, DX offset; SI the output pointer at
// entry and R10 the count of matches at distances below 16 (in the first
// mode), R10 = -1, SI the base of winMasks and X14 the window (in the
// second).
//
// The common sequence (under 15 literals, a match under 19 bytes at a
// distance of 16 or more) runs straight through: one 16-byte literal copy
// and two 16-byte match copies, which the 48 bytes of room at the top of
// the loop allow. Longer literals and matches take the branches below,
// checked against the 32 bytes of room of src and dst.
//
// A match at a distance below 16 reads bytes that the last stores wrote
// and waits for them to reach the cache (a failed store forwarding): where
// such matches are frequent (shuffled integers), the loop switches to its
// second mode (w_enter) for the rest of the call. It keeps the last 16
// output bytes in X14 (the window) and builds the patterns of distances up
// to 16 from it, with no load of output bytes; matches up to 16 bytes take
// one path without branches on the distance (w_match).
TEXT ·decodeFast(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	ADDQ DI, R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R12
	ADDQ SI, R12
	MOVQ si+48(FP), R11
	ADDQ SI, R11
	MOVQ di+56(FP), R9
	ADDQ DI, R9
	SUBQ $32, R12
	LEAQ -32(R8), R13
	SUBQ $48, R8
	MOVQ R9, SI
	XORQ R10, R10

loop:
	SEQUENCE

offset:
	CHECK_OFFSET
	CMPQ    AX, $15
	JEQ     ml_long
	ADDQ    $4, AX
	CMPQ    DX, $16
	JB      short_off

	// A match of at most 18 bytes at distance 16 or more: two 16-byte
	// copies (op + 32 <= dst end); the second reads bytes the first wrote
	// when the distance is below 32.
	MOVOU (BX), X0
	MOVOU X0, (R9)
	MOVOU 16(BX), X1
	MOVOU X1, 16(R9)
	ADDQ  AX, R9
	JMP   loop

w_loop:
	SEQUENCE
	SHLQ $4, BX
	WINDOW(X14, X0, BX)

w_offset:
	CHECK_OFFSET
	CMPQ AX, $12
	JA   w_match_more
	ADDQ $4, AX

	// A match of at most 16 bytes, at any distance, with no branch on
	// it: the 16 bytes at the match (right from distance 16 on) and the
	// pattern of the window's last off bytes (right below 17), one of
	// them masked to zero by the tables' entry min(off, 17). Below 17
	// the load is from the tables instead (its bytes are masked out): not
	// from bytes just written, which would wait for the stores.
	MOVL    $17, CX
	CMPQ    DX, CX
	CMOVQCS DX, CX
	CMOVQCS SI, BX
	MOVOU   (BX), X0
	SHLQ    $4, CX
	MOVO    X14, X1
	MOVOU   PAT(SI)(CX*1), X2
	PSHUFB  X2, X1
	MOVOU   MEM(SI)(CX*1), X3
	PAND    X3, X0
	POR     X1, X0
	MOVOU   X0, (R9)
	ADDQ    AX, R9
	SHLQ    $4, AX
	WINDOW(X14, X0, AX)
	JMP     w_loop

w_match_more:
	CMPQ AX, $15
	JEQ  ml_long
	ADDQ $4, AX
	CMPQ DX, $16
	JBE  w_short_off

	// A match of 17 or 18 bytes at distance 17 or more: two 16-byte
	// copies, and the window is the match's last 16 bytes.
	MOVOU (BX), X0
	MOVOU X0, (R9)
	MOVOU 16(BX), X1
	MOVOU X1, 16(R9)
	ADDQ  AX, R9
	SHLQ  $4, AX
	SUBQ  $256, AX
	WINDOW(X0, X1, AX)
	MOVO  X0, X14
	JMP   w_loop

lit_long:
	INCQ R11

lit_ext:
	CMPQ    R11, R12
	JAE     bail
	MOVBQZX (R11), CX
	INCQ    R11
	ADDQ    CX, BX
	CMPQ    CX, $255
	JEQ     lit_ext

	// ip + lit <= src end - 32 and op + lit <= dst end - 32.
	MOVQ R12, CX
	SUBQ R11, CX
	CMPQ BX, CX
	JA   bail
	MOVQ R13, CX
	SUBQ R9, CX
	CMPQ BX, CX
	JA   bail
	XORQ CX, CX

lit_loop:
	MOVOU (R11)(CX*1), X0
	MOVOU 16(R11)(CX*1), X1
	MOVOU X0, (R9)(CX*1)
	MOVOU X1, 16(R9)(CX*1)
	ADDQ  $32, CX
	CMPQ  CX, BX
	JB    lit_loop
	ADDQ  BX, R11
	ADDQ    BX, R9
	MOVWQZX (R11), DX
	ADDQ    $2, R11
	TESTQ   R10, R10
	JNS     offset

	// The window: the last 16 literals, or at 15 one byte of it and them.
	CMPQ  BX, $16
	JB    lit_15
	MOVOU -18(R11), X14
	JMP   w_offset

lit_15:
	MOVOU -17(R11), X0
	MOVQ  $(15*16), CX
	WINDOW(X14, X0, CX)
	JMP   w_offset

ml_long:
	MOVQ $19, AX

ml_ext:
	LEAQ    32(R12), CX
	CMPQ    R11, CX
	JAE     bail
	MOVBQZX (R11), CX
	INCQ    R11
	ADDQ    CX, AX
	CMPQ    CX, $255
	JEQ     ml_ext

	// op + ml <= dst end - 32.
	MOVQ R13, CX
	SUBQ R9, CX
	CMPQ AX, CX
	JA   bail
	CMPQ DX, $16
	JB   short_off
	XORQ CX, CX
	CMPQ DX, $32
	JB   match_loop

	// Distance 32 or more: 32 bytes at a time.
match_loop32:
	MOVOU (BX)(CX*1), X0
	MOVOU 16(BX)(CX*1), X1
	MOVOU X0, (R9)(CX*1)
	MOVOU X1, 16(R9)(CX*1)
	ADDQ  $32, CX
	CMPQ  CX, AX
	JB    match_loop32
	JMP   match_end

	// Distance 16 to 31: each 16-byte piece was written before it is read.
match_loop:
	MOVOU (BX)(CX*1), X0
	MOVOU X0, (R9)(CX*1)
	ADDQ  $16, CX
	CMPQ  CX, AX
	JB    match_loop

match_end:
	ADDQ  AX, R9
	TESTQ R10, R10
	JNS   loop
	MOVOU -16(R9), X14
	JMP   w_loop

short_off:
	// Distance 1 to 15. Where such matches are frequent (16 or more, and
	// more than one every 64 bytes since the entry), the window takes
	// over.
	TESTQ R10, R10
	JS    w_short_off
	INCQ  R10
	CMPQ  R10, $16
	JB    short_pat
	MOVQ  R9, CX
	SUBQ  SI, CX
	SHRQ  $6, CX
	CMPQ  R10, CX
	JA    w_enter

short_pat:
	// The pattern over 16 bytes, then piece after piece.
	MOVOU  (BX), X0
	SHLQ   $4, DX
	LEAQ   ·patMasks(SB), CX
	MOVOU  (CX)(DX*1), X1
	PSHUFB X1, X0
	LEAQ   ·nextMasks(SB), CX
	MOVOU  (CX)(DX*1), X1
	XORQ   CX, CX

short_loop:
	MOVOU  X0, (R9)(CX*1)
	PSHUFB X1, X0
	ADDQ   $16, CX
	CMPQ   CX, AX
	JB     short_loop
	ADDQ   AX, R9
	JMP    loop

w_enter:
	// The window from here on: R10 = -1, SI the base of winMasks, X14 the
	// 16 output bytes before op (those before dst[0], at op below dst +
	// 16, are zero: no match reaches them). It starts with the match at
	// hand.
	MOVQ  $-1, R10
	LEAQ  ·winMasks(SB), SI
	MOVQ  R9, CX
	SUBQ  DI, CX
	CMPQ  CX, $16
	JB    w_head
	MOVOU -16(R9), X14
	JMP   w_short_off

w_head:
	MOVOU  (DI), X14
	SHLQ   $4, CX
	MOVOU  SHB(SI)(CX*1), X3
	PSHUFB X3, X14

w_short_off:
	// Distance 1 to 16: the match repeats the window's last off bytes;
	// the pattern over 16 bytes, then piece after piece, with no load of
	// the bytes just written.
	SHLQ   $4, DX
	MOVO   X14, X0
	MOVOU  PAT(SI)(DX*1), X2
	PSHUFB X2, X0
	MOVOU  NEXT(SI)(DX*1), X3
	MOVO   X14, X1
	XORQ   CX, CX

w_short_loop:
	MOVOU  X0, (R9)(CX*1)
	ADDQ   $16, CX
	CMPQ   CX, AX
	JAE    w_short_end
	MOVO   X0, X1
	PSHUFB X3, X0
	JMP    w_short_loop

w_short_end:
	// The window: the last 16 bytes of the last two pieces, X1 and X0.
	ADDQ AX, R9
	SUBQ CX, AX
	ADDQ $16, AX
	SHLQ $4, AX
	WINDOW(X1, X0, AX)
	MOVO X1, X14
	JMP  w_loop

bail:
	MOVQ R14, R11
	MOVQ R15, R9

done:
	MOVQ src_base+24(FP), SI
	SUBQ SI, R11
	MOVQ R11, nsi+64(FP)
	SUBQ DI, R9
	MOVQ R9, ndi+72(FP)
	RET
