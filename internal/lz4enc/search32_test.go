package lz4enc

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// fillTable32 fills t with positions below ip, as compress32 leaves it:
// most near ip, some beyond the 64 KiB window when ip allows, a few 0;
// ip is at least 1.
func fillTable32(t *[table32Size]uint32, ip int, rng *testgen.SplitMix64) {
	for i := range t {
		switch {
		case rng.Intn(8) == 0:
			t[i] = 0
		case ip > maxDistance+1 && rng.Intn(4) == 0:
			t[i] = uint32(rng.Intn(ip - maxDistance))
		default:
			lo := max(0, ip-maxDistance-1)
			t[i] = uint32(lo + rng.Intn(ip-lo))
		}
	}
}

// checkSearch32 runs search32 and search32Generic on copies of one table
// and fails unless their results and tables agree.
func checkSearch32(t *testing.T, name string, src []byte, ip, acc int, tab *[table32Size]uint32) {
	t.Helper()
	ta, tg := new([table32Size]uint32), new([table32Size]uint32)
	*ta, *tg = *tab, *tab
	pa, ma := search32(ta, src, ip, acc)
	pg, mg := search32Generic(tg, src, ip, acc)
	if pa != pg || ma != mg {
		t.Fatalf("%s: ip=%d acc=%d: search32 = (%d, %d), search32Generic = (%d, %d)", name, ip, acc, pa, ma, pg, mg)
	}
	if *ta != *tg {
		t.Fatalf("%s: ip=%d acc=%d: tables differ", name, ip, acc)
	}
}

// TestSearch32MatchesGeneric cross-checks search32 (the assembly where
// there is one) with search32Generic at every start near the end of inputs
// of sizes around the 8-byte loads and the mfLimit margin, and at starts
// through larger inputs with tables reaching past the window.
func TestSearch32MatchesGeneric(t *testing.T) {
	rng := new(testgen.SplitMix64)
	tab := new([table32Size]uint32)
	for _, ds := range datasets {
		for n := 8; n <= 80; n++ {
			src := ds.gen(n)
			for ip := 1; ip+8 <= n; ip++ {
				fillTable32(tab, ip, rng)
				for _, acc := range []int{1, 5, MaxAcceleration} {
					checkSearch32(t, ds.name, src, ip, acc, tab)
				}
			}
		}
		for _, n := range []int{4096, 70000, 140000} {
			src := ds.gen(n)
			for k := 0; k < 40; k++ {
				ip := 1 + rng.Intn(n-8)
				acc := 1 + rng.Intn(9)
				fillTable32(tab, ip, rng)
				checkSearch32(t, ds.name, src, ip, acc, tab)
			}
		}
	}
}
