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

// TestLiteralsOnlyInPlace decodes frames of one block of literals only
// (RLE and Huffman-coded, one and four streams: decoded in place into
// the output) into outputs of exactly the content's size placed against
// an inaccessible page, and into one byte less (an error).
func TestLiteralsOnlyInPlace(t *testing.T) {
	var inputs [][]byte
	for _, n := range []int{1, 3, 31, 200, 1023, 1024, 5000, 70000, maxBlockSize} {
		inputs = append(inputs, hufLits(n, 1+n%hufMaxBits, int64(n)), bytes.Repeat([]byte{byte(n)}, n))
	}
	var d Decoder
	for i, lits := range inputs {
		blk := append(litSection(lits), 0) // no sequences
		// Frame header: a 4-byte content size, a 128 KiB window.
		f := []byte{0x28, 0xB5, 0x2F, 0xFD, 0x80, 7 << 3, byte(len(lits)), byte(len(lits) >> 8), byte(len(lits) >> 16), 0}
		bh := len(blk)<<3 | blockCompressed<<1 | 1
		f = append(f, byte(bh), byte(bh>>8), byte(bh>>16))
		f = append(f, blk...)
		src := guardpage.Bytes(t, len(f))
		copy(src, f)
		dst := guardpage.Bytes(t, len(lits))
		n, err := d.DecodeInto(dst, src)
		if err != nil || !bytes.Equal(dst[:n], lits) {
			t.Fatalf("input %d (%d literals, mode %d): n=%d err=%v", i, len(lits), blk[0]&3, n, err)
		}
		if _, err := d.DecodeInto(guardpage.Bytes(t, len(lits)-1), src); err == nil {
			t.Fatalf("input %d: decoded into %d bytes", i, len(lits)-1)
		}
	}
}
