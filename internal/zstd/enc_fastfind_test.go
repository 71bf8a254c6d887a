package zstd

import (
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestFastFind cross-checks fastFind (assembly where there is some) with
// fastFindGeneric: two tables walk the same data with the same searches,
// from every kind of start (repeat offsets hit and missed, tables holding
// earlier streams' entries, steps growing on noise), for each minMatch and
// hashLog of the fast strategy; results and tables must agree.
func TestFastFind(t *testing.T) {
	rng := testgen.SplitMix64(9)
	data := make([]byte, 1<<17)
	for i := range data {
		switch {
		case i < 30000:
			data[i] = byte(rng.Next() % 4)
		case i < 60000:
			data[i] = byte(rng.Next()) // noise: the step grows
		case i < 90000:
			data[i] = data[i-8000] ^ byte(rng.Next()%64/63) // long matches, some breaks
		default:
			data[i] = byte(i / 7)
		}
	}
	found := 0
	for _, mm := range []int{4, 5, 6, 7} {
		for _, hashLog := range []uint{12, 14, 16} {
			t.Run(fmt.Sprintf("mm%d/hash%d", mm, hashLog), func(t *testing.T) {
				sl, pr := hashShift(mm)
				var ta, tb [fastTableMask + 1]uint32
				base := 0
				for stream := 0; stream < 3; stream++ {
					b := data[stream*5000 : stream*5000+len(data)-20000]
					limit := len(b) - 8 - int(rng.Next()%8)
					sa := fastState{b: b, t: &ta, base: base, limit: limit, sl: uint64(sl), sr: uint64(64 - hashLog), pr: pr}
					sb := sa
					sb.t = &tb
					for ip := 1; ip < len(b); {
						rep := 1 + int(rng.Next()%16)
						if rng.Next()%4 == 0 {
							rep = 1 + int(rng.Next()%20000)
						}
						sa.rep0, sb.rep0 = rep, rep
						ai, ac, a0 := fastFind(&sa, ip)
						gi, gc, g0 := fastFindGeneric(&sb, ip)
						if ai != gi || ac != gc || a0 != g0 {
							t.Fatalf("stream %d ip %d rep %d: fastFind = %d, %d, %d; generic %d, %d, %d", stream, ip, rep, ai, ac, a0, gi, gc, g0)
						}
						// The tables (256 KiB) are compared after every
						// search, under -short after every 64th and at
						// the end of each stream.
						if (!testing.Short() || found%64 == 0 || ac < 0) && ta != tb {
							t.Fatalf("stream %d ip %d: the tables differ", stream, ip)
						}
						if ac < 0 {
							break
						}
						found++
						ip = ai + 1 + int(rng.Next()%12)
					}
					base += len(b)
				}
			})
		}
	}
	if found < 5000 {
		t.Fatalf("only %d searches found a match", found)
	}
}
