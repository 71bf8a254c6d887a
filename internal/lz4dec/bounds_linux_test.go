package lz4dec

import (
	"bytes"
	"fmt"
	"github.com/blosc2go/blosc2/internal/guardpage"
	"math/rand"
	"testing"
)

// TestStaysInBounds decodes blocks placed against an inaccessible page into
// outputs placed against one, at every size around the assembly loop's
// margins, so that a read or write past either end crashes the test.
func TestStaysInBounds(t *testing.T) {
	for _, in := range inputs {
		for n := 0; n <= 300; n++ {
			if testing.Short() && n > 80 && n%7 != 0 {
				continue
			}
			want := in.gen(n)
			comp := lz4Compress(want, 1)
			src := guardpage.Bytes(t, len(comp))
			copy(src, comp)
			dst := guardpage.Bytes(t, n)
			k, err := Decompress(dst, src, nil)
			if err != nil || k != n || !bytes.Equal(dst, want) {
				t.Fatalf("%s/%d: n=%d err=%v", in.name, n, k, err)
			}
			// One byte short of room: an error, nothing written past.
			if n > 0 {
				short := guardpage.Bytes(t, n-1)
				if _, err := Decompress(short, src, nil); err == nil {
					t.Fatalf("%s/%d: decoded into %d bytes", in.name, n, n-1)
				}
			}
			// Truncated blocks against the page.
			for _, cut := range []int{1, 2, 5, 17, 33} {
				if cut < len(comp) {
					s := guardpage.Bytes(t, len(comp)-cut)
					copy(s, comp)
					_, _ = Decompress(dst, s, nil)
				}
			}
		}
	}
}

// TestFastSequencesInBounds decodes random blocks of every kind of
// sequence, placed against an inaccessible page into outputs of the exact
// length placed against one, with the assembly loop on and off: both must
// give the reference decoder's bytes, and the cut-short output an error.
func TestFastSequencesInBounds(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	rounds := 3000
	if testing.Short() {
		rounds = 300
	}
	for k := 0; k < rounds; k++ {
		comp := randomBlock(r, 1+r.Intn(20), r.Intn(70), k%2 == 1)
		want, ok := refDecode(comp, nil, 1<<20)
		if !ok {
			t.Fatalf("round %d: the reference decoder refuses the block", k)
		}
		src := guardpage.Bytes(t, len(comp))
		copy(src, comp)
		fast, portable := withFast(func() []byte {
			dst := guardpage.Bytes(t, len(want))
			n, err := Decompress(dst, src, nil)
			if err != nil || n != len(want) {
				return []byte(fmt.Sprint(n, err))
			}
			if len(want) > 0 {
				short := guardpage.Bytes(t, len(want)-1)
				if _, err := Decompress(short, src, nil); err == nil {
					return []byte("decoded into a short dst")
				}
			}
			return append([]byte(nil), dst...)
		})
		if !bytes.Equal(fast, want) || !bytes.Equal(portable, want) {
			t.Fatalf("round %d (%d bytes): assembly %s, portable %s", k, len(want), firstDiff(fast, want), firstDiff(portable, want))
		}
	}
}

// TestShortMatchesInBounds decodes a match at every distance 1 to 20 and
// every length 4 to 300, after a few literals, at the end of the output or
// followed by up to 49 literals, with and without a lead-in of short
// matches (the window loop of decode_amd64.s), from a block placed against
// an inaccessible page into an output of the exact length placed against
// one, with the assembly loop on and off.
func TestShortMatchesInBounds(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	srcBuf := guardpage.Bytes(t, 4096)
	dstBuf := guardpage.Bytes(t, 4096)
	for _, lead := range []bool{false, true} {
		for off := 1; off <= 20; off++ {
			for ml := minMatch; ml <= 300; ml++ {
				if testing.Short() && ml > 40 && ml%5 != 0 {
					continue
				}
				tail := []int{0, 0, 1 + r.Intn(12), 13 + r.Intn(37)}[ml%4]
				w := &blockWriter{r: r}
				if lead {
					w.leadIn()
				}
				lit := r.Intn(4)
				if !lead {
					lit += off
				}
				w.seq(lit, off, ml)
				comp := w.end(tail)
				want, ok := refDecode(comp, nil, 1<<20)
				if !ok {
					t.Fatalf("off %d ml %d: the reference decoder refuses the block", off, ml)
				}
				src := srcBuf[len(srcBuf)-len(comp):]
				copy(src, comp)
				fast, portable := withFast(func() []byte {
					dst := dstBuf[len(dstBuf)-len(want):]
					n, err := Decompress(dst, src, nil)
					if err != nil || n != len(want) {
						return []byte(fmt.Sprint(n, err))
					}
					got := append([]byte(nil), dst...)
					if _, err := Decompress(dst[1:], src, nil); err == nil {
						return []byte("decoded into a short dst")
					}
					return got
				})
				if !bytes.Equal(fast, want) || !bytes.Equal(portable, want) {
					t.Fatalf("lead %v off %d ml %d tail %d: assembly %s, portable %s", lead, off, ml, tail, firstDiff(fast, want), firstDiff(portable, want))
				}
			}
		}
	}
}
