package lz4dec

import (
	"bytes"
	"github.com/blosc2go/blosc2/internal/guardpage"
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
