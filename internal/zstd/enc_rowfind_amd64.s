//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "enc_rowhash_amd64.h"

// func rowFindAsm(f *rowFinder, ip, end int) (int, int)
//
// The search is in enc_rowfind_amd64.h, shared with rowScan.
#define FIND_END end+16(FP)

TEXT ·rowFindAsm(SB), NOSPLIT, $288-40
	MOVQ f+0(FP), R12
	MOVQ ip+8(FP), R11

#include "enc_rowfind_amd64.h"

	MOVQ R13, ret+24(FP)
	MOVQ R14, ret1+32(FP)
	RET
