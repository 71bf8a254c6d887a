package zstd

import (
	"bytes"
	"testing"
)

// TestCopyMatch checks copyMatch against a byte-at-a-time copy for every
// offset up to 40 and lengths around the 8/16-byte steps, with the
// destination ending right after the match or with room to spare.
func TestCopyMatch(t *testing.T) {
	for off := 1; off <= 40; off++ {
		for n := 0; n <= 140; n++ {
			for _, slack := range []int{0, 1, 7, 8, 15, 16, 31, 32, 64} {
				o := off + 3
				buf := make([]byte, o+n+slack)
				for i := range buf {
					buf[i] = byte(i*7 + 1)
				}
				want := append([]byte(nil), buf...)
				for k := 0; k < n; k++ {
					want[o+k] = want[o+k-off]
				}
				copyMatch(buf, o, off, n)
				if !bytes.Equal(buf[:o+n], want[:o+n]) {
					t.Fatalf("off %d n %d slack %d: wrong output", off, n, slack)
				}
			}
		}
	}
}

// TestCopyLits checks copyLits with literals of every length up to 70,
// with and without capacity past them and room past the destination.
func TestCopyLits(t *testing.T) {
	for n := 0; n <= 70; n++ {
		for _, extra := range []int{0, 1, 15, 16, 40} {
			for _, room := range []int{0, 1, 15, 16, 40} {
				src := make([]byte, n+extra)
				for i := range src {
					src[i] = byte(i + 1)
				}
				lits := src[: n : n+extra]
				d := make([]byte, n+room)
				copyLits(d, lits, n)
				if !bytes.Equal(d[:n], src[:n]) {
					t.Fatalf("n %d extra %d room %d: wrong output", n, extra, room)
				}
			}
		}
	}
}
