package zstd

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
)

// TestSeqBitsStaysInBounds runs the seqBits cross-check with every output
// buffer ending right before an inaccessible page: the assembly's 8-byte
// stores must stay within the room it asks for.
func TestSeqBitsStaysInBounds(t *testing.T) {
	for _, c := range seqBitsCases() {
		if len(c.codes) < 2 {
			continue
		}
		checkSeqBits(t, c, func(n int) []byte { return guardpage.Bytes(t, n) })
	}
}
