//go:build (amd64 || arm64) && !purego

package zstd

// decodeSeqsAsm decodes and executes sequences from the state st (as
// sequencesGo does) while st.n > 0, decrementing st.n for each, and
// returns why it stopped (sequences_amd64.s and sequences_arm64.s, one
// contract):
//   - seqStop, before a sequence, when st.n is 0 or the bitstream is
//     too near its start for its simple reloads (st holds the state to go
//     on from);
//   - seqPending after decoding a sequence it does not execute: its
//     literals would pass the literals' end or come within 32 bytes of
//     their capacity (16 on arm64), its output within 32 bytes of dst's
//     end, or its offset is 0 or reaches before dst (the dictionary, or
//     corrupt input). st.llen, st.mlen and st.off are then for the caller to
//     execute with every check, st.o and st.lp being where it starts.
//
// It reads lits up to 32 bytes past the literals it copies (16 on arm64;
// within their capacity) and writes dst up to 32 bytes past the
// sequence's end (within len(dst)); the caller guarantees len(dst) >= 32
// and cap(lits) >= 32.
//
//go:noescape
func decodeSeqsAsm(st *seqState, dst, lits, b []byte) int

// patMasks[off] are the shuffle indexes (PSHUFB on amd64, TBL on arm64)
// i % off: they repeat the first off bytes of a match over 16 bytes.
// nextMasks[off], (i+16) % off, turn one 16-byte piece of the pattern into
// the next.
var patMasks, nextMasks [16][16]byte

func init() {
	for off := 1; off < 16; off++ {
		for i := 0; i < 16; i++ {
			patMasks[off][i] = byte(i % off)
			nextMasks[off][i] = byte((i + 16) % off)
		}
	}
}
