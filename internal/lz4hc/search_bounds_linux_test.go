package lz4hc

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestFirstSearchStaysInBounds runs firstSearch on inputs placed against
// an inaccessible page, at every size up to 100 bytes, with mflimit at and
// below the largest the assembly takes (len(src)-5: it reads the four
// bytes at mflimit+1) and the match limit iHigh at its largest, one byte
// before the end (the two bytes at ip+longest-1 are read), or its least,
// mflimit+4, so that a read past the input crashes the
// test; the results and tables are cross-checked with firstSearchGo.
func TestFirstSearchStaysInBounds(t *testing.T) {
	for _, ds := range []dataset{
		{"zeros", make([]byte, 100)},
		{"runs", testgen.Runs(100, 4)},
		{"random", testgen.Random(100, 5)},
	} {
		for n := 5; n <= len(ds.data); n++ {
			src := guardpage.Bytes(t, n)
			copy(src, ds.data)
			for mflimit := n - 5; mflimit >= 0 && mflimit >= n-12; mflimit-- {
				for _, iHigh := range []int{n - 1, mflimit + minMatch} {
					for _, attempts := range []int{1, 16} {
						a, b := new(Compressor), new(Compressor)
						for ip := 0; ip <= mflimit; {
							p1, l1, b1 := firstSearch(src, &a.hashTable, &a.chainTable, windowStart, ip, mflimit, iHigh, attempts)
							p2, l2, b2 := firstSearchGo(src, &b.hashTable, &b.chainTable, windowStart, ip, mflimit, iHigh, attempts)
							if p1 != p2 || l1 != l2 || b1 != b2 {
								t.Fatalf("%s n %d mflimit %d iHigh %d from %d: firstSearch (%d, %d, %d), firstSearchGo (%d, %d, %d)",
									ds.name, n, mflimit, iHigh, ip, p1, l1, b1, p2, l2, b2)
							}
							ip = p1 + 1
						}
						if a.hashTable != b.hashTable || a.chainTable != b.chainTable {
							t.Fatalf("%s n %d mflimit %d iHigh %d: the tables differ", ds.name, n, mflimit, iHigh)
						}
					}
				}
			}
		}
	}
}
