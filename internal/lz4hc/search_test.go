package lz4hc

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestFirstSearch cross-checks firstSearch (assembly where the build has
// it) with firstSearchGo: from the same tables, the same results and the
// same tables after, position after position over whole inputs, at several
// search depths and bases (indices wrapping past 2^32 included).
func TestFirstSearch(t *testing.T) {
	inputs := []dataset{
		{"zeros", make([]byte, 70000)},
		{"text", testgen.Text(100000, 3)},
		{"runs", testgen.Runs(80000, 4)},
		{"random", testgen.Random(70000, 5)},
		{"i32noiseShuf", testgen.Shuffle(testgen.RampNoise(150000), 4)},
		{"f64sineShuf", testgen.Shuffle(testgen.Sine(150000), 8)},
		{"short", testgen.Text(16, 1)},
	}
	for _, in := range inputs {
		for _, attempts := range []int{1, 4, 16, 256} {
			for _, base := range []uint32{windowStart, 1 << 30, 0xFFFF0000} {
				t.Run(fmt.Sprintf("%s/a%d/base%x", in.name, attempts, base), func(t *testing.T) {
					src := in.data
					mflimit := len(src) - mfLimit
					iHigh := len(src) - lastLiterals
					a, b := new(Compressor), new(Compressor)
					for i := range a.hashTable {
						// Stale indices from an earlier call.
						a.hashTable[i] = base - uint32(i%7)*70000 - 1
					}
					b.hashTable = a.hashTable
					ip := 0
					for steps := 0; ip <= mflimit; steps++ {
						p1, l1, b1 := firstSearch(src, &a.hashTable, &a.chainTable, base, ip, mflimit, iHigh, attempts)
						p2, l2, b2 := firstSearchGo(src, &b.hashTable, &b.chainTable, base, ip, mflimit, iHigh, attempts)
						if p1 != p2 || l1 != l2 || b1 != b2 {
							t.Fatalf("from %d: firstSearch (%d, %d, %d), firstSearchGo (%d, %d, %d)", ip, p1, l1, b1, p2, l2, b2)
						}
						if steps%256 == 0 && (a.hashTable != b.hashTable || a.chainTable != b.chainTable) {
							t.Fatalf("from %d: the tables differ", ip)
						}
						// Skip ahead some, past the match as the compressor
						// does (the search measures every candidate's match,
						// which on runs is as long as the rest of the input).
						ip = p1 + 1 + steps%5
						if l1 > 0 {
							ip += l1 - 1
						}
					}
					if a.hashTable != b.hashTable || a.chainTable != b.chainTable {
						t.Fatal("the tables differ at the end")
					}
				})
			}
		}
	}
}

// TestWalkChain cross-checks walkChain (assembly where the build has it)
// with walkChainGo on the chains of whole inputs, for look-backs, lengths
// to beat and search depths around those the compressor uses.
func TestWalkChain(t *testing.T) {
	inputs := []dataset{
		{"zeros", make([]byte, 5000)},
		{"text", testgen.Text(90000, 3)},
		{"runs", testgen.Runs(80000, 4)},
		{"random", testgen.Random(20000, 5)},
		{"i32noiseShuf", testgen.Shuffle(testgen.RampNoise(24000), 4)},
		{"f64sineShuf", testgen.Shuffle(testgen.Sine(80000), 8)},
		{"mixed", testgen.Mixed(70000, 6)},
	}
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			src := in.data
			c := new(Compressor)
			c.base = windowStart
			c.next = c.base
			iHigh := len(src) - lastLiterals
			checked := 0
			stride := 11 // positions apart, plus ip%5
			if testing.Short() {
				stride = 61 // -short (CI's -race run): a sixth of the positions
			}
			for ip := 0; ip+mfLimit <= len(src); ip += stride + ip%5 {
				ipIndex := c.base + uint32(ip)
				c.insert(src, ipIndex)
				pattern := load32(src, ip)
				lowPos := 0
				if ip > maxDistance {
					lowPos = ip - maxDistance
				}
				d := ipIndex - c.hashTable[hashHC(pattern)]
				if d == 0 || d > uint32(ip-lowPos) {
					continue
				}
				mp := ip - int(d)
				for _, k := range []int{0, 2, 9, 40} {
					iLow := ip - k
					if iLow < 0 {
						continue
					}
					for _, extra := range []int{1, 3, 31, 300} {
						longest := k + extra
						if iLow+longest > iHigh {
							continue
						}
						for _, attempts := range []int{1, 16, 64} {
							l1, b1, s1 := walkChain(&c.chainTable, src, ip, iLow, iHigh, mp, lowPos, longest, attempts, pattern)
							l2, b2, s2 := walkChainGo(&c.chainTable, src, ip, iLow, iHigh, mp, lowPos, longest, attempts, pattern)
							if l1 != l2 || b1 != b2 || s1 != s2 {
								t.Fatalf("ip %d iLow %d longest %d attempts %d: walkChain (%d, %d, %d), walkChainGo (%d, %d, %d)",
									ip, iLow, longest, attempts, l1, b1, s1, l2, b2, s2)
							}
							checked++
						}
					}
				}
			}
			if checked == 0 {
				t.Fatal("nothing checked")
			}
		})
	}
}

// TestCompressAsmMatchesGo compresses every test input at every level with
// the assembly searches (where the build has them) and with their Go twins
// only: the blocks must be the same bytes.
func TestCompressAsmMatchesGo(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly searches on this build")
	}
	max := 1 << 20
	if testing.Short() {
		max = 128 << 10
	}
	c := NewCompressor()
	for _, d := range testInputs(max) {
		for l := MinLevel; l <= MaxLevel; l++ {
			if len(d.data) > 128<<10 && l != 1 && l != 5 && l != 9 {
				continue
			}
			dst := make([]byte, CompressBound(len(d.data)))
			n := c.Compress(dst, d.data, l)
			useAsm = false
			ref := make([]byte, len(dst))
			m := c.Compress(ref, d.data, l)
			useAsm = true
			if !bytes.Equal(dst[:n], ref[:m]) {
				t.Fatalf("%s level %d: assembly %d bytes, Go %d bytes, contents differ", d.name, l, n, m)
			}
		}
	}
}
