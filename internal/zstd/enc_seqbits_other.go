//go:build purego || !amd64

package zstd

// seqBits is seqBitsGeneric where there is no assembly twin.
func seqBits(buf []byte, pos int, st *seqBitsState, seqs []seq, codes []seqCodes, tl, tm, to *fseEncTable) int {
	return seqBitsGeneric(buf, pos, st, seqs, codes, tl, tm, to)
}
