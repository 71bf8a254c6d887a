package deflate

import (
	"bytes"
	"github.com/blosc2go/blosc2/internal/guardpage"
	"testing"
)

// TestStaysInBounds decodes streams placed right before an inaccessible
// page into a dst that ends right before another one, with both fast
// loops, so that a read past src or a write past dst crashes the test.
func TestStaysInBounds(t *testing.T) {
	type tc struct {
		src, want []byte
	}
	var cases []tc
	for _, in := range inputs {
		for _, size := range []int{1, 100, 4000, 70000} {
			if testing.Short() && size > 4000 {
				continue
			}
			data := in.gen(size)
			for _, e := range encoders {
				cases = append(cases, tc{e.enc(data), data})
			}
		}
	}
	for dist := 1; dist <= 40; dist += 3 {
		for _, n := range []int{3, 15, 16, 17, 40, 41, 48, 100, 258} {
			s, w := matchStream(dist+2, dist, n, 0, true)
			cases = append(cases, tc{s, w})
		}
	}
	for _, asm := range []bool{false, true} {
		if asm && !useBMI2 {
			continue
		}
		withLoop(asm, func() {
			var d Decompressor
			for i, c := range cases {
				src, freeSrc := guardpage.Alloc(t, len(c.src))
				copy(src, c.src)
				dst, freeDst := guardpage.Alloc(t, len(c.want))
				n, _, err := d.Decompress(dst, src)
				if err != nil || !bytes.Equal(dst[:n], c.want) {
					t.Fatalf("asm %v case %d: n %d err %v", asm, i, n, err)
				}
				if len(c.want) > 0 {
					// One byte short of room: an error, no fault.
					if _, _, err := d.Decompress(dst[1:], src); err == nil {
						t.Fatalf("asm %v case %d: no error with a short dst", asm, i)
					}
				}
				freeSrc()
				freeDst()
			}
		})
	}
}
