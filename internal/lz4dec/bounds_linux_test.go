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

// randomBlock builds an LZ4 block of n sequences with literal runs, match
// lengths and distances drawn around the assembly loop's branches (under
// and over 15 literals, matches under and over 19 bytes, distances below 8,
// 16 and 32 and beyond), ending with tail literals.
func randomBlock(r *rand.Rand, n, tail int) []byte {
	var src []byte
	out := 0
	length := func(x int) {
		for ; x >= 255; x -= 255 {
			src = append(src, 255)
		}
		src = append(src, byte(x))
	}
	lits := func(k int) {
		for i := 0; i < k; i++ {
			src = append(src, byte(r.Intn(256)))
		}
		out += k
	}
	for i := 0; i < n; i++ {
		lit := []int{0, r.Intn(15), r.Intn(15), 15 + r.Intn(50), 250 + r.Intn(300)}[r.Intn(5)]
		if i == 0 && lit == 0 {
			lit = 1
		}
		ml := []int{4 + r.Intn(15), 4 + r.Intn(15), 19 + r.Intn(60), 280 + r.Intn(300)}[r.Intn(4)]
		maxOff := min(out+lit, 65535)
		off := []int{1 + r.Intn(7), 1 + r.Intn(15), 16 + r.Intn(16), 1 + r.Intn(maxOff)}[r.Intn(4)]
		off = min(off, maxOff)
		src = append(src, byte(min(lit, 15)<<4|min(ml-minMatch, 15)))
		if lit >= 15 {
			length(lit - 15)
		}
		lits(lit)
		src = append(src, byte(off), byte(off>>8))
		if ml-minMatch >= 15 {
			length(ml - minMatch - 15)
		}
		out += ml
	}
	src = append(src, byte(min(tail, 15)<<4))
	if tail >= 15 {
		length(tail - 15)
	}
	lits(tail)
	return src
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
		comp := randomBlock(r, 1+r.Intn(20), r.Intn(70))
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
