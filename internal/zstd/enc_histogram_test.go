package zstd

import (
	"math/rand"
	"testing"
)

// TestHistCount4 cross-checks histCount4 (assembly where there is some)
// with histCount4Generic on sources of every length up to 300 (and some
// long ones) cut to whole stripes, from unaligned starts, placed (on
// Linux) right before an inaccessible page, with skewed and uniform
// bytes; and histogram with a plain count.
func TestHistCount4(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	ns := hufEncLengths()
	mem := hufEncBuf(t, ns[len(ns)-1])
	for _, n := range ns {
		for _, skew := range []int{1, 3, 256} {
			src := mem[len(mem)-n:]
			for i := range src {
				src[i] = byte(r.Intn(skew)) ^ byte(i&1*r.Intn(2)*200)
			}
			var ta, tg [4][256]uint32
			ta[1][7], tg[1][7] = 5, 5 // it adds to what is there
			histCount4(&ta, src[:n&^15])
			histCount4Generic(&tg, src[:n&^15])
			if ta != tg {
				t.Fatalf("n%d/skew%d: the counts differ", n, skew)
			}
			var cnt, want [256]uint32
			var scratch [4][256]uint32
			histogram(&cnt, &scratch, src)
			for _, x := range src {
				want[x]++
			}
			if cnt != want {
				t.Fatalf("n%d/skew%d: histogram is wrong", n, skew)
			}
		}
	}
}
