package lz4hc

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestFindFirstStaysInBounds runs findFirst on inputs placed against an
// inaccessible page, at every size up to 100 bytes and with mflimit at
// and below the largest the assembly takes (len(src)-5: it reads the four
// bytes at mflimit+1), so that a read past the input crashes the test;
// the results and tables are cross-checked with findFirstGo.
func TestFindFirstStaysInBounds(t *testing.T) {
	for _, ds := range []dataset{
		{"zeros", make([]byte, 100)},
		{"runs", testgen.Runs(100, 4)},
		{"random", testgen.Random(100, 5)},
	} {
		for n := 5; n <= len(ds.data); n++ {
			src := guardpage.Bytes(t, n)
			copy(src, ds.data)
			for mflimit := n - 5; mflimit >= 0 && mflimit >= n-12; mflimit-- {
				for _, attempts := range []int{1, 16} {
					a, b := new(Compressor), new(Compressor)
					for ip := 0; ip <= mflimit; {
						p1, m1, n1 := findFirst(src, &a.hashTable, &a.chainTable, windowStart, ip, mflimit, attempts)
						p2, m2, n2 := findFirstGo(src, &b.hashTable, &b.chainTable, windowStart, ip, mflimit, attempts)
						if p1 != p2 || m1 != m2 || n1 != n2 {
							t.Fatalf("%s n %d mflimit %d from %d: findFirst (%d, %d, %d), findFirstGo (%d, %d, %d)",
								ds.name, n, mflimit, ip, p1, m1, n1, p2, m2, n2)
						}
						ip = p1 + 1
					}
					if a.hashTable != b.hashTable || a.chainTable != b.chainTable {
						t.Fatalf("%s n %d mflimit %d: the tables differ", ds.name, n, mflimit)
					}
				}
			}
		}
	}
}
