package zstd

import (
	"fmt"
	"slices"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestRowFind cross-checks rowFind (assembly where there is some) with
// rowFindGeneric: two finders walk the same data with the same searches,
// for every row size and minimum match, across streams (entries of earlier
// streams stay in the tables), on data where many candidates match at all
// lengths (many of them past 32 bytes in the last quarter), with or
// without positions left for them to enter, up to the end; the results
// and the tables must agree.
func TestRowFind(t *testing.T) {
	rng := testgen.SplitMix64(5)
	data := make([]byte, 1<<16)
	for i := range data {
		data[i] = byte(rng.Next() % 3)
		if i >= 20000 && i < 30000 {
			data[i] = data[i-7000] // long matches
		}
		if i >= 30000 && i < 40000 && rng.Next()%64 != 0 {
			// Many candidates of 32 bytes or more, of varied lengths.
			data[i] = data[i-50]
		}
	}
	found := 0
	for _, hashLog := range []uint8{10, 16} {
		for _, searchLog := range []uint8{1, 3, 4, 5, 6, 7} {
			for _, mm := range []uint8{4, 5, 6} {
				t.Run(fmt.Sprintf("hash%d/search%d/mm%d", hashLog, searchLog, mm), func(t *testing.T) {
					p := levelParams{hashLog: hashLog, searchLog: searchLog, minMatch: mm, strat: stratLazy2}
					var fa, fb rowFinder
					for stream := 0; stream < 3; stream++ {
						b := data[stream*1000 : stream*1000+40000]
						fa.reset(b, p)
						fb.reset(b, p)
						end := len(b)
						for ip := 1; ip+9 < end; ip += 1 + int(rng.Next()%4) {
							if rng.Next()%64 == 0 {
								ip += int(rng.Next() % 1000) // skipped positions, as in insert
							}
							if ip+9 >= end {
								break
							}
							// rowFind enters the positions since the last
							// ones entered itself, up to skipThreshold of them
							// (catchUp's part); half the time they are
							// entered first here.
							if ip-fa.next > skipThreshold || (ip > fa.next && rng.Next()%2 == 0) {
								fa.insert(ip)
								fb.insert(ip)
							}
							e := max(end-int(rng.Next()%8), ip+9)
							al, ao := rowFind(&fa, ip, e)
							gl, go_ := rowFindGeneric(&fb, ip, e)
							if al != gl || ao != go_ {
								t.Fatalf("stream %d ip %d: rowFind = %d, %d; generic %d, %d", stream, ip, al, ao, gl, go_)
							}
							if al > 0 {
								found++
							}
						}
						if !slices.Equal(fa.tags, fb.tags) || !slices.Equal(fa.pos, fb.pos) || !slices.Equal(fa.heads, fb.heads) || fa.next != fb.next {
							t.Fatalf("stream %d: the tables differ", stream)
						}
					}
				})
			}
		}
	}
	if found < 10000 {
		t.Fatalf("only %d searches found a match", found)
	}
}
