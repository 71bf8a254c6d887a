package zstd

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestBuildSeq checks that buildSeq gives the packed states that build
// then setBaselines give (the reference), and the same errors, on the
// predefined distributions, on random valid ones (with and without
// "less than 1" symbols) and on ones a cell short, at every kind and
// accuracy log.
func TestBuildSeq(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	type tc struct {
		norm []int16
		log  uint8
		k    int
	}
	var cases []tc
	for k := range predefNorm {
		cases = append(cases, tc{predefNorm[k], predefLog[k], k})
	}
	for i := 0; i < 3000; i++ {
		k := r.Intn(3)
		log := uint8(5 + r.Intn(fseMaxLog[k]-4))
		nsym := 1 + r.Intn(fseMaxSym[k]+1)
		cnt := make([]uint32, nsym)
		n := 0
		for s := range cnt {
			if r.Intn(4) > 0 || s == nsym-1 {
				cnt[s] = uint32(r.ExpFloat64()*float64(1+r.Intn(1000))) + 1
				n += int(cnt[s])
			}
		}
		used := 0
		for _, c := range cnt {
			if c > 0 {
				used++
			}
		}
		if used > 1<<log/2 {
			continue // normalize needs room for every used symbol
		}
		norm := make([]int16, nsym)
		normalize(norm, cnt, n, log)
		if r.Intn(2) == 0 {
			for s := range norm {
				if norm[s] == 1 && r.Intn(2) == 0 {
					norm[s] = -1
				}
			}
		}
		// readNCount gives distributions that fill the table exactly:
		// build's errors are for the others, with cells left over.
		a, b := r.Intn(nsym), r.Intn(nsym)
		switch r.Intn(4) {
		case 0: // a cell short
			if norm[a] > 1 {
				norm[a]--
			}
		case 1: // a cell moved from one symbol to another
			if norm[a] > 1 && norm[b] >= 0 {
				norm[a]--
				norm[b]++
			}
		}
		low := 0
		for _, v := range norm {
			if v == -1 {
				low++
			}
		}
		if low >= 1<<log {
			continue // every cell taken by "less than 1" symbols: readNCount never gives it
		}
		cases = append(cases, tc{norm, log, k})
	}
	valid := 0
	for i, c := range cases {
		var ref, got fseTable
		refErr := ref.build(c.norm, c.log)
		if refErr == nil {
			ref.setBaselines(c.k)
		}
		gotErr := got.buildSeq(c.norm, c.log, c.k)
		if fmt.Sprint(refErr) != fmt.Sprint(gotErr) {
			t.Fatalf("case %d (%v log %d kind %d): err %v, want %v", i, c.norm, c.log, c.k, gotErr, refErr)
		}
		if refErr != nil {
			continue
		}
		valid++
		if got.log != ref.log || got.seq != ref.seq {
			t.Fatalf("case %d (%v log %d kind %d): states differ", i, c.norm, c.log, c.k)
		}
	}
	if valid < len(cases)/3 || valid == len(cases) {
		t.Fatalf("%d of %d cases valid", valid, len(cases))
	}
}

// BenchmarkBuildSeq builds sequences tables as Blosc blocks describe them:
// the largest accuracy logs with many symbols, with and without "less
// than 1" symbols, and a predefined distribution.
func BenchmarkBuildSeq(b *testing.B) {
	r := rand.New(rand.NewSource(2))
	for _, c := range []struct {
		name string
		k    int
		log  uint8
		low  bool
	}{{"ll9", kindLL, 9, false}, {"ll9-skew", kindLL, 9, false}, {"ml9-low", kindML, 9, true}, {"of8", kindOF, 8, false}, {"predef-ml", kindML, 6, false}} {
		var norm []int16
		if c.name == "predef-ml" {
			norm = predefNorm[kindML]
		} else {
			nsym := fseMaxSym[c.k] + 1
			cnt := make([]uint32, nsym)
			n := 0
			for s := range cnt {
				cnt[s] = uint32(r.ExpFloat64()*200) + 30
				if c.name == "ll9-skew" && s == 0 {
					cnt[s] = 20000 // a dominant symbol, as literal length 0 often is
				}
				if c.low && s%5 == 4 {
					cnt[s] = 1
				}
				n += int(cnt[s])
			}
			norm = make([]int16, nsym)
			normalize(norm, cnt, n, c.log)
		}
		b.Run(c.name, func(b *testing.B) {
			var tab fseTable
			if err := tab.buildSeq(norm, c.log, c.k); err != nil {
				b.Fatal(err)
			}
			runCPU(b, func() { tab.buildSeq(norm, c.log, c.k) })
		})
	}
}
