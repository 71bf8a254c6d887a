//go:build !purego

package zstd

import "golang.org/x/sys/cpu"

// useSeqBitsAsm selects seqBitsBMI2 (BZHI, SHLX, SHRX) for the sequences'
// bit stream. Tests turn it off to compare with seqBitsGeneric.
var useSeqBitsAsm = cpu.X86.HasBMI2

// seqBitsBMI2 is seqBitsGeneric's loop in assembly for n >= 1 sequences
// (seqs and codes point at the first), writing at out, which has room
// for 12 bytes a sequence and 8 more; it returns the bytes written past
// out (the bytes it stored beyond those are junk, rewritten later).
//
//go:noescape
func seqBitsBMI2(out *byte, st *seqBitsState, seqs *seq, codes *seqCodes, n int, tl, tm, to *fseEncTable) int

// seqBits is seqBitsGeneric, in assembly where the CPU allows and buf
// has the room the assembly assumes.
func seqBits(buf []byte, pos int, st *seqBitsState, seqs []seq, codes []seqCodes, tl, tm, to *fseEncTable) int {
	n := len(codes)
	if !useSeqBitsAsm || n == 0 || len(seqs) < n || st.nb > 7 || pos < 0 || len(buf)-pos < 12*n+8 {
		return seqBitsGeneric(buf, pos, st, seqs, codes, tl, tm, to)
	}
	return pos + seqBitsBMI2(&buf[pos], st, &seqs[0], &codes[0], n, tl, tm, to)
}
