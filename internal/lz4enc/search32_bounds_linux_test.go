package lz4enc

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestSearch32StaysInBounds runs search32 on inputs placed against an
// inaccessible page, at every size around the loads' 8-byte width and
// every start near the end, so that a read past the input crashes the
// test; the results are cross-checked with search32Generic.
func TestSearch32StaysInBounds(t *testing.T) {
	rng := new(testgen.SplitMix64)
	tab := new([table32Size]uint32)
	for _, ds := range datasets {
		for n := 8; n <= 100; n++ {
			src := guardpage.Bytes(t, n)
			copy(src, ds.gen(n))
			for ip := 1; ip+8 <= n; ip++ {
				fillTable32(tab, ip, rng)
				checkSearch32(t, ds.name, src, ip, 1+rng.Intn(6), tab)
			}
		}
	}
}
