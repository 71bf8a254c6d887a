package zstd

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestRowInsert cross-checks rowInsert (assembly where there is some) with
// rowInsertGeneric: two finders enter the same ranges of positions, for
// every row size and minimum match, across streams, up to the last
// position of data that ends right before an inaccessible page (on
// Linux); their tables must agree. The row hash must be hashN's.
func TestRowInsert(t *testing.T) {
	rng := testgen.SplitMix64(7)
	for _, n := range []int{8, 9, 15, 16, 17, 100, 4099, 40000} {
		data := hufEncBuf(t, n)
		for i := range data {
			data[i] = byte(rng.Next() % 5)
		}
		for _, hashLog := range []uint8{8, 12, 16, 20} {
			for _, searchLog := range []uint8{1, 4, 5, 6, 7} {
				for _, mm := range []uint8{3, 4, 5, 6, 7} {
					p := levelParams{hashLog: hashLog, searchLog: searchLog, minMatch: mm, strat: stratLazy2}
					var fa, fb rowFinder
					for stream := 0; stream < 3; stream++ {
						b := data[min(stream*3, n-8):]
						fa.reset(b, p)
						fb.reset(b, p)
						for from := 0; from < len(b)-7; {
							upTo := min(from+1+int(rng.Next()%500), len(b)-7)
							fa.insertRange(from, upTo)
							rowInsertGeneric(&fb, from, upTo)
							from = upTo + int(rng.Next()%3)
						}
						if !slices.Equal(fa.tags, fb.tags) || !slices.Equal(fa.pos, fb.pos) || !slices.Equal(fa.heads, fb.heads) {
							t.Fatalf("n %d hash %d search %d mm %d stream %d: the tables differ", n, hashLog, searchLog, mm, stream)
						}
						for i := 0; i+8 <= min(len(b), 64); i++ {
							v := binary.LittleEndian.Uint64(b[i:])
							h := hashN(v, fa.minMatch, fa.rowBits+8)
							if row, tag := fa.hash(v); row != int(h>>8) || tag != uint8(h) {
								t.Fatalf("mm %d: hash %d, %d; hashN %d", mm, row, tag, h)
							}
						}
					}
				}
			}
		}
	}
}

// TestRowInsertBounds checks that insertRange refuses a range whose last
// position has fewer than 8 bytes, with the assembly as with the Go loop.
func TestRowInsertBounds(t *testing.T) {
	for _, asm := range []bool{false, true} {
		t.Run(fmt.Sprint("asm=", asm), func(t *testing.T) {
			defer func(old bool) { useRowAsm = old }(useRowAsm)
			useRowAsm = asm && useRowAsm
			b := hufEncBuf(t, 64)
			var f rowFinder
			f.reset(b, levelParams{hashLog: 12, searchLog: 4, minMatch: 5, strat: stratLazy2})
			f.insertRange(0, 57) // the last position with 8 bytes is 56
			defer func() {
				if recover() == nil {
					t.Fatal("insertRange(0, 58) did not panic")
				}
			}()
			f.insertRange(50, 58)
		})
	}
}
