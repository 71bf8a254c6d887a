package zstd

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestRowFindStaysInBounds cross-checks rowFind with rowFindGeneric at
// every position of the last 200 bytes of data that ends right before an
// inaccessible page, the search's end at the data's end: the assembly's
// 32-byte compares of the position and its candidates must stay before
// end. The data repeats with rare changes, so that candidates match up to
// the end.
func TestRowFindStaysInBounds(t *testing.T) {
	rng := testgen.SplitMix64(9)
	for _, n := range []int{4096, 5000} {
		for _, searchLog := range []uint8{4, 5, 6} {
			b := guardpage.Bytes(t, n)
			for i := range b {
				b[i] = byte(rng.Next())
				if i >= 24 && rng.Next()%32 != 0 {
					b[i] = b[i-24]
				}
			}
			p := levelParams{hashLog: 12, searchLog: searchLog, minMatch: 4, strat: stratLazy2}
			var fa, fb rowFinder
			fa.reset(b, p)
			fb.reset(b, p)
			found := 0
			for ip := 1; ip+9 <= n; ip++ {
				if ip < n-200 {
					ip += int(rng.Next() % 64)
					if ip+9 > n {
						break
					}
				}
				fa.catchUp(ip)
				fb.catchUp(ip)
				al, ao := rowFind(&fa, ip, n)
				gl, go_ := rowFindGeneric(&fb, ip, n)
				if al != gl || ao != go_ {
					t.Fatalf("n %d search %d ip %d: rowFind = %d, %d; generic %d, %d", n, searchLog, ip, al, ao, gl, go_)
				}
				if ip >= n-40 && al > 0 {
					found++
				}
			}
			if found < 10 {
				t.Fatalf("n %d search %d: only %d matches in the last 40 positions", n, searchLog, found)
			}
		}
	}
}
