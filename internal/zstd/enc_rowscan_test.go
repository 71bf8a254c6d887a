package zstd

import (
	"fmt"
	"slices"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// rowScanData returns n bytes mixing stretches without matches, short
// matches at random offsets, runs of one repeat offset and long copies.
func rowScanData(seed uint64, n int) []byte {
	rng := testgen.SplitMix64(seed)
	b := make([]byte, n)
	for i := 0; i < n; {
		k := min(n-i, 16+int(rng.Next()%2000))
		switch c := rng.Next() % 4; {
		case c == 0 || i < 64:
			for j := range k {
				b[i+j] = byte(rng.Next())
			}
		case c == 1:
			for j := range k {
				b[i+j] = byte(rng.Next() % 4)
			}
		default:
			off := 1 + int(rng.Next()%uint64(min(i, 64)))
			if c == 3 {
				off = 1 + int(rng.Next()%uint64(i))
			}
			for j := range k {
				b[i+j] = b[i+j-off]
				if rng.Next()%50 == 0 {
					b[i+j] = byte(rng.Next())
				}
			}
		}
		i += k
	}
	return b
}

// rowScanOracle is rowScanGeneric searching with rowFindGeneric, free of
// the assembly that rowScan's shares with rowFind.
func rowScanOracle(f *rowFinder, rep, anchor, ip, limit, end, depth int) (nip, ml, off, start int) {
	defer func(old bool) { useRowFindAsm = old }(useRowFindAsm)
	useRowFindAsm = false
	return rowScanGeneric(f, rep, anchor, ip, limit, end, depth)
}

// checkRowScan walks b with rowScan and rowScanGeneric on two finders as
// a lazy parse would (the repeat offset, anchor and the position after a
// match varying at random), including jumps that leave more than
// skipThreshold positions to enter, up to end; the results and the
// tables must agree. It walks b twice, as two streams: in the second, the
// tables are full of the first's entries, at the same rows and with the
// same tags, which the searches must pass over. It returns the number of
// matches found.
func checkRowScan(t *testing.T, b []byte, p levelParams, end int, seed uint64) int {
	t.Helper()
	rng := testgen.SplitMix64(seed)
	var fa, fb rowFinder
	found := 0
	for range 2 {
		fa.reset(b, p)
		fb.reset(b, p)
		found += walkRowScan(t, &fa, &fb, end, &rng)
	}
	return found
}

// walkRowScan is one walk of checkRowScan, on finders reset for the same
// data.
func walkRowScan(t *testing.T, fa, fb *rowFinder, end int, rng *testgen.SplitMix64) int {
	t.Helper()
	limit := end - 8
	found := 0
	for ip, anchor := 1, 1; ip < limit; {
		rep := 1 + int(rng.Next()%64)
		if rng.Next()%4 == 0 {
			rep = 1 + int(rng.Next()%uint64(ip+2))
		}
		depth := 1 + int(rng.Next()%2) // lazy or lazy2
		an, am, ao, as := rowScan(fa, rep, anchor, ip, limit, end, depth)
		gn, gm, gro, gs := rowScanOracle(fb, rep, anchor, ip, limit, end, depth)
		if an != gn || am != gm || ao != gro || as != gs {
			t.Fatalf("ip %d rep %d anchor %d: rowScan = %d, %d, %d, %d; generic %d, %d, %d, %d", ip, rep, anchor, an, am, ao, as, gn, gm, gro, gs)
		}
		if fa.next != fb.next {
			t.Fatalf("ip %d: next %d, generic %d", ip, fa.next, fb.next)
		}
		ip = an
		if am == 0 {
			// Stopped for catchUp (or at limit).
			fa.catchUp(ip)
			fb.catchUp(ip)
			ip++
			continue
		}
		found++
		ip = as + am
		if rng.Next()%16 == 0 {
			ip += int(rng.Next() % 1000) // past skipThreshold at times
		}
		anchor = ip - int(rng.Next()%3000)
		anchor = max(anchor, 1)
		if rng.Next()%4 == 0 {
			anchor = ip
		}
	}
	if !slices.Equal(fa.tags, fb.tags) || !slices.Equal(fa.pos, fb.pos) || !slices.Equal(fa.heads, fb.heads) {
		t.Fatal("the tables differ")
	}
	return found
}

// TestRowScan cross-checks rowScan (assembly where there is some) with
// rowScanGeneric for every row size and minimum match, lazy depth 1 or 2,
// with the search's end at or before the data's end.
func TestRowScan(t *testing.T) {
	b := rowScanData(3, 200000)
	found := 0
	for _, searchLog := range []uint8{3, 4, 5, 6} {
		for _, mm := range []uint8{4, 5, 6} {
			for _, cut := range []int{0, 5} {
				t.Run(fmt.Sprintf("search%d/mm%d/cut%d", searchLog, mm, cut), func(t *testing.T) {
					p := levelParams{hashLog: 16, searchLog: searchLog, minMatch: mm, strat: stratLazy2}
					found += checkRowScan(t, b, p, len(b)-cut, uint64(searchLog)*10+uint64(mm))
				})
			}
		}
	}
	if found < 10000 {
		t.Fatalf("only %d matches found", found)
	}
	// A repeat offset reaching back to the first byte (ip+1 == rep).
	rng := testgen.SplitMix64(1)
	per := make([]byte, 100, 1000)
	for i := range per {
		per[i] = byte(rng.Next())
	}
	for i := 100; i < 1000; i++ {
		per = append(per, per[i-100])
	}
	var fa, fb rowFinder
	p := levelParams{hashLog: 12, searchLog: 4, minMatch: 4, strat: stratLazy2}
	fa.reset(per, p)
	fb.reset(per, p)
	an, am, ao, as := rowScan(&fa, 100, 99, 99, len(per)-8, len(per), 2)
	gn, gm, gro, gs := rowScanOracle(&fb, 100, 99, 99, len(per)-8, len(per), 2)
	if an != gn || am != gm || ao != gro || as != gs || gm != 900 || gs != 100 {
		t.Fatalf("rep 100 at 99: rowScan = %d, %d, %d, %d; generic %d, %d, %d, %d", an, am, ao, as, gn, gm, gro, gs)
	}
}

// TestMatchLazyRowScan compresses data of every kind at the lazy and
// lazy2 levels with rowScan's and rowFind's assembly on and off: the
// frames must be the same.
func TestMatchLazyRowScan(t *testing.T) {
	defer func(old, find bool) { useRowScanAsm, useRowFindAsm = old, find }(useRowScanAsm, useRowFindAsm)
	srcs := [][]byte{rowScanData(7, 300000), testgen.Mixed(200000, 3), testgen.Sine(100000), testgen.RampNoise(150000)}
	for level := 4; level <= 12; level++ {
		for i, src := range srcs {
			e := NewEncoder(level)
			useRowScanAsm, useRowFindAsm = false, false
			want := e.EncodeAll(nil, src)
			useRowScanAsm, useRowFindAsm = true, true
			got := e.EncodeAll(nil, src)
			if !slices.Equal(got, want) {
				t.Fatalf("level %d source %d: the frames differ", level, i)
			}
		}
	}
}
