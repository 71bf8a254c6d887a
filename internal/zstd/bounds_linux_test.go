package zstd

import (
	"bytes"
	"fmt"
	"github.com/blosc2go/blosc2/internal/guardpage"
	"testing"
)

// TestSequencesStayInBounds decodes frames placed against an inaccessible
// page (raw literals are read from the frame itself) into outputs of
// exactly the content's size placed against one, with the assembly loop
// and the Go loop, for contents ending in every kind of sequence.
func TestSequencesStayInBounds(t *testing.T) {
	cases := genCases()
	for _, on := range []bool{true, false} {
		for _, p := range cases[:2] {
			for nseq := 1; nseq <= 80; nseq++ {
				if testing.Short() && nseq%5 != 0 {
					continue
				}
				q := p
				q.nseq = nseq
				for seed := uint64(1); seed <= 3; seed++ {
					f, want := genFrame(t, q, seed)
					src := guardpage.Bytes(t, len(f))
					copy(src, f)
					dst := guardpage.Bytes(t, len(want))
					name := fmt.Sprintf("asm %v/%s/%d/%d", on, p.name, nseq, seed)
					withSeqAsm(on, func() {
						var d Decoder
						n, err := d.DecodeInto(dst, src)
						if err != nil || !bytes.Equal(dst[:n], want) {
							t.Fatalf("%s: n=%d err=%v", name, n, err)
						}
						// Truncated frames and one byte short of room:
						// errors, nothing touched past either end.
						if len(want) > 0 {
							if _, err := d.DecodeInto(guardpage.Bytes(t, len(want)-1), src); err == nil {
								t.Fatalf("%s: decoded into %d bytes", name, len(want)-1)
							}
						}
						for _, cut := range []int{1, 2, 5, 17} {
							if cut < len(f) {
								s := guardpage.Bytes(t, len(f)-cut)
								copy(s, f)
								_, _ = d.DecodeInto(dst, s)
							}
						}
					})
				}
			}
		}
	}
}
