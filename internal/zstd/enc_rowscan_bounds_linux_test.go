package zstd

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
)

// TestRowScanStaysInBounds runs the rowScan cross-check on data that ends
// right before an inaccessible page, the search's end at the data's end,
// then starts it at every position of the last 300 bytes, a run of the
// repeat offset up to the end: its compares must stay before end.
func TestRowScanStaysInBounds(t *testing.T) {
	src := rowScanData(11, 30000)
	for _, n := range []int{30000, 4096, 1000} {
		b := guardpage.Bytes(t, n)
		copy(b, src[len(src)-n:])
		for i := n - 300; i < n; i++ {
			b[i] = b[i-3]
		}
		for _, searchLog := range []uint8{4, 5} {
			p := levelParams{hashLog: 12, searchLog: searchLog, minMatch: 4, strat: stratLazy2}
			checkRowScan(t, b, p, n, uint64(n)+uint64(searchLog))
			var fa, fb rowFinder
			fa.reset(b, p)
			fb.reset(b, p)
			for ip := n - 300; ip < n-8; ip++ {
				fa.catchUp(ip)
				fb.catchUp(ip)
				an, am, ao, as := rowScan(&fa, 3, ip, ip, n-8, n, 2)
				gn, gm, gro, gs := rowScanOracle(&fb, 3, ip, ip, n-8, n, 2)
				if an != gn || am != gm || ao != gro || as != gs || gm == 0 {
					t.Fatalf("n %d ip %d: rowScan = %d, %d, %d, %d; generic %d, %d, %d, %d", n, ip, an, am, ao, as, gn, gm, gro, gs)
				}
			}
		}
	}
}
