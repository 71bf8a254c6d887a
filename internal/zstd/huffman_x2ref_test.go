package zstd

import (
	"math/rand"
	"testing"
)

// buildX2Ref is the former buildX2, the oracle of TestBuildX2: it builds
// t.dt2 from t.dt. The entries of a first code of length
// l1 are the same for every symbol of that length but for the first
// symbol and l1 (dt2 lists codes by length): they are computed once per
// length, then copied with the symbol changed.
func (t *hufTable) buildX2Ref() {
	const mask = 1<<hufMaxBits - 1
	lsh := hufMaxBits - uint(t.log)            // dt2 index >> lsh is the dt index
	lmin := uint(t.dt[(1<<t.log-1)&mask] & 15) // the shortest code (dt ends with it)
	var tmpl []uint32                          // the entries of the first code of the current length
	var tbase uint32                           // and their first symbol and length
	for i := 0; i < 1<<hufMaxBits; {
		e1 := t.dt[(i>>lsh)&mask]
		l1 := uint(e1 & 15)
		run := 1 << (hufMaxBits - l1) // the entries that start with this code
		base := uint32(e1>>8)<<16 | uint32(l1)
		if hufMaxBits-l1 < lmin {
			// No code fits after this one: single-symbol entries
			// (most symbols of large tables; a cheap loop).
			sub := t.dt2[i : i+run]
			for j := range sub {
				sub[j] = base | 1<<8
			}
			i += run
			continue
		}
		sub := t.dt2[i : i+run]
		if len(tmpl) == len(sub) {
			for j := range sub {
				sub[j] = tmpl[j] - tbase + base
			}
			i += run
			continue
		}
		r := hufMaxBits - l1 // the bits known after the first code
		for q := 0; q < run; {
			// The next code starts with the bits of q: known when its
			// length l2 is at most r, then for 2^(r-l2) entries.
			e2 := t.dt[(q<<l1>>lsh)&mask]
			l2 := uint(e2 & 15)
			if l2 > r {
				sub[q] = base | 1<<8
				q++
				continue
			}
			two := base + (uint32(e2>>8)<<24 | 2<<8 | uint32(l2))
			n := 1 << (r - l2)
			for k := range sub[q : q+n] {
				sub[q+k] = two
			}
			q += n
		}
		tmpl, tbase = sub, base
		i += run
	}
	t.x2 = true
}

// TestBuildX2 checks buildX2 against buildX2Ref on random complete
// prefix codes of every maximum length, over few to all 256 symbols.
func TestBuildX2(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 3000; i++ {
		maxLen := 1 + r.Intn(hufMaxBits)
		nleaves := 2 + r.Intn(255)
		// Split random leaves of depth below maxLen until there are
		// nleaves of them (or none can be split).
		depths := []int{1, 1}
		for len(depths) < nleaves {
			j := r.Intn(len(depths))
			if depths[j] >= maxLen {
				k := 0
				for k < len(depths) && depths[k] >= maxLen {
					k++
				}
				if k == len(depths) {
					break
				}
				j = k
			}
			depths[j]++
			depths = append(depths, depths[j])
		}
		log := 0
		for _, d := range depths {
			log = max(log, d)
		}
		var w [256]uint8
		perm := r.Perm(256)[:len(depths)]
		last := 0
		for j, s := range perm {
			w[s] = uint8(log + 1 - depths[j])
			last = max(last, s)
		}
		var got, ref hufTable
		if err := got.build(w[:last+1], last); err != nil {
			t.Fatalf("case %d: %v (depths %v)", i, err, depths)
		}
		ref = got
		got.buildX2()
		ref.buildX2Ref()
		if got.dt2 != ref.dt2 {
			for j := range got.dt2 {
				if got.dt2[j] != ref.dt2[j] {
					t.Fatalf("case %d (log %d, %d symbols): dt2[%d] = %#x, want %#x", i, log, len(depths), j, got.dt2[j], ref.dt2[j])
				}
			}
		}
	}
}
