package zstd

import (
	"bytes"
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
)

// TestSeqAsmBlockBounds runs the assembly sequence loop directly on whole
// blocks with their literals placed against an inaccessible page (their
// capacity ending with them) and outputs cut at every length around the
// sequences' ends, placed against one: it must hand back what does not
// fit its margins (32 bytes of output, 32 of literal capacity) and never
// touch a byte past either buffer. A decoded frame cannot test these
// limits: the Go loop's end game and the sections after the literals
// keep the assembly loop away from both ends.
func TestSeqAsmBlockBounds(t *testing.T) {
	requireSeqAsm(t)
	sizes := []int{3000, 8000}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, b := range seqAsmBlocks(t, sizes) {
		lits := guardpage.Bytes(t, len(b.lits))
		copy(lits, b.lits)
		// One output buffer against the page; each cut is its tail.
		out := guardpage.Bytes(t, b.bsize)
		for k := 32; k <= b.bsize; k++ {
			dst := out[b.bsize-k:]
			st, _, err := b.run(dst, lits)
			if err == nil && st.o > k || err != nil && err != errOverflow {
				t.Fatalf("%s: into %d bytes: o=%d err=%v", b.name, k, st.o, err)
			}
			if !bytes.Equal(dst[:st.o], b.want[:st.o]) {
				t.Fatalf("%s: into %d bytes: wrong output before %d", b.name, k, st.o)
			}
		}
	}
}
