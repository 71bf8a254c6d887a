package lz4dec

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// sizes are the input sizes of the round trips: around 16 (the copies'
// width), the end-of-block rules and Blosc's stream sizes.
func sizes() []int {
	s := []int{0, 1, 4, 5, 12, 13, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 1000, 4096, 65535, 65536, 65537, 100003}
	if !testing.Short() {
		s = append(s, 256<<10, 1<<20+7)
	}
	return s
}

// check decodes src into dst of every given length and compares with the
// reference decoder and with pierrec/lz4.
func check(t *testing.T, name string, src, dict, want []byte) {
	t.Helper()
	for _, extra := range []int{0, 1, 15, 16, 17, 64} {
		buf := make([]byte, len(want)+extra+32)
		for i := range buf {
			buf[i] = 0xa5
		}
		dst := buf[:len(want)+extra]
		n, err := Decompress(dst, src, dict)
		if err != nil || n != len(want) || !bytes.Equal(dst[:n], want) {
			t.Fatalf("%s (dst +%d): n=%d err=%v, want %d bytes: %s", name, extra, n, err, len(want), firstDiff(dst[:n], want))
		}
		for i, b := range buf[len(dst):] {
			if b != 0xa5 {
				t.Fatalf("%s (dst +%d): wrote byte %d past dst", name, extra, i)
			}
		}
	}
	if ref, ok := refDecode(src, dict, len(want)); !ok || !bytes.Equal(ref, want) {
		t.Fatalf("%s: the reference decoder disagrees (ok %v)", name, ok)
	}
	o := make([]byte, len(want))
	if n, err := oracle(o, src, dict); err != nil || n != len(want) || !bytes.Equal(o, want) {
		t.Fatalf("%s: pierrec/lz4 disagrees: n=%d err=%v", name, n, err)
	}
}

func firstDiff(got, want []byte) string {
	for i := range got {
		if i >= len(want) || got[i] != want[i] {
			return fmt.Sprintf("first difference at %d", i)
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("length %d, want %d", len(got), len(want))
	}
	return "equal"
}

func TestRoundTrip(t *testing.T) {
	for _, in := range inputs {
		for _, n := range sizes() {
			src := in.gen(n)
			for _, e := range encoders {
				if n > 1<<20 && e.name != "lz4enc-a1" {
					continue
				}
				check(t, fmt.Sprintf("%s/%d/%s", in.name, n, e.name), e.enc(src), nil, src)
			}
		}
	}
}

// TestDict decodes blocks whose matches reach into a dictionary, as
// C-Blosc2 writes them with LZ4 and LZ4HC dictionaries.
func TestDict(t *testing.T) {
	for _, in := range inputs {
		for _, dn := range []int{1, 7, 16, 100, 4096, 32 << 10, 70000} {
			for _, n := range []int{5, 16, 17, 100, 5000, 70000} {
				data := in.gen(dn + n)
				dict, src := data[:dn], data[dn:]
				check(t, fmt.Sprintf("%s/dict %d/%d", in.name, dn, n), compressDict(src, dict), dict, src)
			}
		}
	}
	// Matches that start in the dictionary and run on into the output,
	// at short distances.
	for off := 1; off <= 40; off++ {
		for dn := 1; dn <= off; dn++ {
			for _, ml := range []int{4, 5, 15, 16, 17, 19, 33, 300} {
				dict := periods(64)[:dn]
				lits := []byte("0123456789abcdefghijklmnopqrstuvwxyz!?*#"[:off-dn])
				// literals, then a match at distance off, then 5 literals.
				var src []byte
				src = append(src, byte(min(len(lits), 15)<<4)|byte(min(ml-minMatch, 15)))
				if len(lits) >= 15 {
					src = append(src, byte(len(lits)-15))
				}
				src = append(src, lits...)
				src = append(src, byte(off), 0)
				if ml-minMatch >= 15 {
					for r := ml - minMatch - 15; ; r -= 255 {
						if r < 255 {
							src = append(src, byte(r))
							break
						}
						src = append(src, 255)
					}
				}
				src = append(src, 0x50, 'v', 'w', 'x', 'y', 'z')
				want, ok := refDecode(src, dict, 1<<20)
				if !ok {
					t.Fatalf("off %d dict %d ml %d: the reference decoder refuses the block", off, dn, ml)
				}
				check(t, fmt.Sprintf("off %d dict %d ml %d", off, dn, ml), src, dict, want)
			}
		}
	}
}

// TestShortDistances decodes matches at every distance up to 70 and every
// length up to 100, with room after the match and without.
func TestShortDistances(t *testing.T) {
	for off := 1; off <= 70; off++ {
		for ml := minMatch; ml <= 100; ml++ {
			lits := periods(off + 3)[3:]
			var src []byte
			src = append(src, byte(min(off, 15)<<4)|byte(min(ml-minMatch, 15)))
			if off >= 15 {
				src = append(src, byte(off-15))
			}
			src = append(src, lits...)
			if len(lits) != off {
				t.Fatal("periods gave a short input")
			}
			src = append(src, byte(off), 0)
			if ml-minMatch >= 15 {
				src = append(src, byte(ml-minMatch-15))
			}
			for _, tail := range []int{0, 5, 40} {
				s := append(append([]byte(nil), src...), byte(min(tail, 15)<<4))
				if tail >= 15 {
					s = append(s, byte(tail-15))
				}
				s = append(s, periods(tail)...)
				want, ok := refDecode(s, nil, 1<<20)
				if !ok {
					t.Fatalf("off %d ml %d: the reference decoder refuses the block", off, ml)
				}
				check(t, fmt.Sprintf("off %d ml %d tail %d", off, ml, tail), s, nil, want)
			}
		}
	}
}

// TestCorrupt checks hostile blocks: each gives ErrCorrupt with an offset,
// and so does pierrec/lz4.
func TestCorrupt(t *testing.T) {
	cases := []struct {
		name   string
		src    []byte
		dict   []byte
		dstLen int
	}{
		{"literal length cut", []byte{0xf0}, nil, 100},
		{"literal length cut after 255", []byte{0xf0, 255}, nil, 1000},
		{"literals past the input", []byte{0x50, 1, 2}, nil, 100},
		{"literals past the output", []byte{0x50, 1, 2, 3, 4, 5}, nil, 4},
		{"long literals past the output", append([]byte{0xf0, 20}, make([]byte, 35)...), nil, 30},
		{"offset cut", []byte{0x14, 'a', 1}, nil, 100},
		{"match and no offset", []byte{0x14, 'a'}, nil, 100},
		{"offset 0", []byte{0x14, 'a', 0, 0, 0x50, 1, 2, 3, 4, 5}, nil, 100},
		{"offset before start", []byte{0x14, 'a', 2, 0, 0x50, 1, 2, 3, 4, 5}, nil, 100},
		{"offset before dict", []byte{0x14, 'a', 4, 0, 0x50, 1, 2, 3, 4, 5}, []byte{1, 2}, 100},
		{"offset 65535 no dict", []byte{0x14, 'a', 255, 255, 0x50, 1, 2, 3, 4, 5}, nil, 100},
		{"match length cut", []byte{0x1f, 'a', 1, 0}, nil, 100},
		{"match length cut after 255", []byte{0x1f, 'a', 1, 0, 255}, nil, 1000},
		{"match past the output", []byte{0x14, 'a', 1, 0, 0x50, 1, 2, 3, 4, 5}, nil, 5},
		{"long match past the output", []byte{0x1f, 'a', 1, 0, 200, 0x50, 1, 2, 3, 4, 5}, nil, 200},
		{"huge match length", append(append([]byte{0x1f, 'a', 1, 0}, bytes.Repeat([]byte{255}, 10000)...), 0), nil, 100000},
		{"huge literal length", append(append([]byte{0xf0}, bytes.Repeat([]byte{255}, 10000)...), 0), nil, 100000},
	}
	for _, c := range cases {
		dst := make([]byte, c.dstLen)
		n, err := Decompress(dst, c.src, c.dict)
		var ce *CorruptError
		if !errors.Is(err, ErrCorrupt) || !errors.As(err, &ce) || ce.Offset < 0 || ce.Offset > len(c.src) {
			t.Errorf("%s: n=%d err=%v, want a CorruptError", c.name, n, err)
		}
		if _, ok := refDecode(c.src, c.dict, c.dstLen); ok {
			t.Errorf("%s: the reference decoder accepts the block", c.name)
		}
		if _, err := oracle(make([]byte, c.dstLen), c.src, c.dict); err == nil {
			t.Errorf("%s: pierrec/lz4 accepts the block", c.name)
		}
	}
}

// TestShortDst decodes real blocks into every dst shorter than needed near
// the end and at a few points before: always an error, nothing written past
// dst.
func TestShortDst(t *testing.T) {
	for _, in := range inputs {
		want := in.gen(3000)
		src := lz4Compress(want, 1)
		for k := 0; k < len(want); k++ {
			if k > 64 && k < len(want)-64 && k%97 != 0 {
				continue
			}
			buf := make([]byte, len(want)+64)
			for i := range buf {
				buf[i] = 0x5a
			}
			n, err := Decompress(buf[:k], src, nil)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s: dst %d of %d: n=%d err=%v, want ErrCorrupt", in.name, k, len(want), n, err)
			}
			for i, b := range buf[k:] {
				if b != 0x5a {
					t.Fatalf("%s: dst %d: wrote byte %d past dst", in.name, k, i)
				}
			}
		}
	}
}

// TestTruncated decodes every prefix of real blocks: an error or a shorter
// output that matches the reference, never a panic.
func TestTruncated(t *testing.T) {
	for _, in := range inputs {
		want := in.gen(2000)
		src := lz4Compress(want, 1)
		for k := 0; k < len(src); k++ {
			dst := make([]byte, len(want))
			n, err := Decompress(dst, src[:k], nil)
			ref, ok := refDecode(src[:k], nil, len(want))
			if (err == nil) != ok || (ok && !bytes.Equal(dst[:n], ref)) {
				t.Fatalf("%s: prefix %d: n=%d err=%v, reference ok %v", in.name, k, n, err, ok)
			}
		}
	}
}
