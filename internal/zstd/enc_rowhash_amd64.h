// The row match finder's insertion of one position, shared by rowInsert
// (enc_rowinsert_amd64.s) and the search included by rowFind and rowScan
// (enc_rowfind_amd64.h), so that the hash, the row and the tag are
// computed in one place (rowFinder.hash and insertRange are the Go twins).
//
// ROW_INSERT_SETUP loads from the rowFinder at R12: R8 = tags, R9 = pos,
// R10 = heads, BASE = base, R13 = hashMul, R14 = entries a row, R15 =
// their mask, CX = hashShift. R12 is left as it is.
#define ROW_INSERT_SETUP(BASE) \
	MOVQ rowFinder_tags(R12), R8 \
	MOVQ rowFinder_pos(R12), R9 \
	MOVQ rowFinder_heads(R12), R10 \
	MOVL rowFinder_base(R12), BASE \
	MOVQ rowFinder_hashMul(R12), R13 \
	MOVQ rowFinder_rowLog(R12), CX \
	MOVQ $1, R14 \
	SHLQ CX, R14 \
	LEAQ -1(R14), R15 \
	MOVQ rowFinder_hashShift(R12), CX

// ROW_INSERT_ONE enters position DX (the 8 bytes at BX+DX hashed, BX =
// &b[0]) in its row: the slot before the row's head becomes the newest, with the tag
// and the position base+DX. It clobbers AX, SI and R12.
#define ROW_INSERT_ONE(BASE) \
	MOVQ    (BX)(DX*1), AX \
	IMULQ   R13, AX \
	SHRQ    CX, AX \
	MOVL    AX, SI \
	SHRQ    $8, AX \
	MOVBLZX (R10)(AX*1), R12 \
	DECL    R12 \
	ANDL    R15, R12 \
	MOVB    R12, (R10)(AX*1) \
	IMULQ   R14, AX \
	ADDQ    R12, AX \
	MOVB    SI, (R8)(AX*1) \
	LEAL    (BASE)(DX*1), R12 \
	MOVL    R12, (R9)(AX*4)
