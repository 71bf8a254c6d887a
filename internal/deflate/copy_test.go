package deflate

import (
	"bytes"
	"testing"
)

var testDistBase = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}

// fixedDist writes distance d with the fixed distance code.
func (w *bitWriter) fixedDist(d int) {
	c := len(testDistBase) - 1
	for testDistBase[c] > d {
		c--
	}
	w.putCode(uint64(c), 5)
	if c >= 4 {
		w.put(uint64(d-testDistBase[c]), uint(c/2-1))
	}
}

// matchStream returns a fixed-Huffman stream of pre literals, a match of
// length n at distance dist, post literals and, when again is set, a
// second match of the same shape, and the bytes it decodes to.
func matchStream(pre, dist, n, post int, again bool) (stream, want []byte) {
	var w bitWriter
	w.put(1, 1)
	w.put(1, 2)
	s := uint32(pre*7919 + dist*31 + n)
	lit := func() {
		s = s*1103515245 + 12345
		b := byte(s >> 16)
		w.fixedLit(int(b))
		want = append(want, b)
	}
	match := func() {
		w.fixedLength(n)
		w.fixedDist(dist)
		for i := 0; i < n; i++ {
			want = append(want, want[len(want)-dist])
		}
	}
	for i := 0; i < pre; i++ {
		lit()
	}
	match()
	for i := 0; i < post; i++ {
		lit()
	}
	if again {
		match()
	}
	w.fixedLit(256)
	return w.flush(), want
}

// TestMatchCopies decodes every match distance of the copy special cases
// (1 to 40) with every length (3 to 258), ending exactly at the end of dst
// or followed by literals or room, so that each goes through the fast loop
// and the careful loop, and checks every byte and that nothing is written
// past dst.
func TestMatchCopies(t *testing.T) {
	var d Decompressor
	lengths := make([]int, 0, 256)
	for n := 3; n <= 258; n++ {
		if testing.Short() && n > 40 && n%17 != 0 && n != 258 {
			continue
		}
		lengths = append(lengths, n)
	}
	buf := make([]byte, 2048)
	for _, asm := range []bool{false, true} {
		if asm && !useBMI2 {
			continue
		}
		withLoop(asm, func() { matchCopies(t, &d, buf, lengths, asm) })
	}
}

// matchCopies runs the cases of TestMatchCopies with the assembly fast
// loop on (asm) or off.
func matchCopies(t *testing.T, d *Decompressor, buf []byte, lengths []int, asm bool) {
	for dist := 1; dist <= 40; dist++ {
		for _, n := range lengths {
			for _, shape := range []struct {
				post  int
				again bool
			}{{0, false}, {1, false}, {5, false}, {0, true}, {3, true}, {300, true}} {
				src, want := matchStream(dist+2, dist, n, shape.post, shape.again)
				for _, room := range []int{0, 1, 9, 300} {
					// dst ends room bytes after the output; a guard byte
					// pattern follows it in buf.
					for i := range buf {
						buf[i] = 0xa5
					}
					dst := buf[:len(want)+room]
					got, end, err := d.Decompress(dst, src)
					if err != nil || got != len(want) || end != len(src) {
						t.Fatalf("asm %v dist %d len %d shape %+v room %d: got %d end %d/%d err %v", asm, dist, n, shape, room, got, end, len(src), err)
					}
					if !bytes.Equal(dst[:got], want) {
						t.Fatalf("asm %v dist %d len %d shape %+v room %d: wrong output", asm, dist, n, shape, room)
					}
					for i := len(dst); i < len(buf); i++ {
						if buf[i] != 0xa5 {
							t.Fatalf("asm %v dist %d len %d shape %+v room %d: byte %d past dst written", asm, dist, n, shape, room, i-len(dst))
						}
					}
					if room == 0 {
						// One byte short: an error, nothing past dst.
						for i := range buf {
							buf[i] = 0xa5
						}
						short := buf[:len(want)-1]
						if _, _, err := d.Decompress(short, src); err == nil {
							t.Fatalf("asm %v dist %d len %d shape %+v: no error for a short dst", asm, dist, n, shape)
						}
						for i := len(short); i < len(buf); i++ {
							if buf[i] != 0xa5 {
								t.Fatalf("asm %v dist %d len %d shape %+v: short dst: byte %d written", asm, dist, n, shape, i)
							}
						}
					}
				}
			}
		}
	}
}
