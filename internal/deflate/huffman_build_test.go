package deflate

import (
	"math/rand"
	"slices"
	"testing"
)

// TestBuildMatchesReference checks build and pairLiterals (the doubling
// fill and the pair enumeration) against refBuild and refPairLiterals (the
// strided fill and the table scan) on random complete codes of every
// table (skewed frequencies give short literal codes, hence pairs; flat
// ones long codes, hence subtables), on the fixed code, on the accepted
// incomplete codes and on random length lists (mostly rejected: the same
// reason), starting from the same stale table contents.
func TestBuildMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var hb huffBuilder
	var code encCode
	type tab struct {
		syms   []uint32
		tb     uint
		size   int
		policy int
		n      int
		limit  int
	}
	tabs := []tab{
		{litlenSyms[:], litlenBits, litlenEnough, singleOK, 286, 15},
		{distSyms[:], distBits, distEnough, singleOrEmptyOK, 30, 15},
		{precodeSyms[:], precodeBits, 1 << precodeBits, completeOnly, numPrecode, 7},
	}
	check := func(tb tab, lens []uint8, what string) {
		t.Helper()
		got := make([]uint32, tb.size)
		want := make([]uint32, tb.size)
		for i := range got {
			got[i] = rng.Uint32()
			want[i] = got[i]
		}
		var lits litList
		var litsArg *litList
		if tb.tb == litlenBits {
			litsArg = &lits
		}
		rg := build(got, lens, tb.syms, tb.tb, tb.policy, litsArg)
		rw := refBuild(want, lens, tb.syms, tb.tb, tb.policy)
		if rg != rw {
			t.Fatalf("%s: build %q, reference %q (lens %v)", what, rg, rw, lens)
		}
		if rg != "" {
			return
		}
		if litsArg != nil {
			pairLiterals(got[:1<<tb.tb], tb.tb, litsArg)
			refPairLiterals(want[:1<<tb.tb], tb.tb, lens)
		}
		// Entries past the subtables are not the tables': compare what a
		// decoder can reach (the main table and the subtables it points to).
		used := 1 << tb.tb
		for _, e := range want[:1<<tb.tb] {
			if e&fSub != 0 && int32(e) >= 0 {
				used = max(used, int(e>>16)+1<<(e>>8&31))
			}
		}
		if i := slices.Compare(got[:used], want[:used]); i != 0 {
			for j := range used {
				if got[j] != want[j] {
					t.Fatalf("%s: entry %d is %#x, reference %#x (lens %v)", what, j, got[j], want[j], lens)
				}
			}
		}
	}
	for _, tb := range tabs {
		freq := make([]uint32, tb.n)
		for iter := 0; iter < 3000; iter++ {
			shape := iter % 4
			for i := range freq {
				switch shape {
				case 0: // geometric: a few short codes
					freq[i] = uint32(1 << rng.Intn(20))
				case 1: // flat-ish: long codes
					freq[i] = uint32(100 + rng.Intn(10))
				case 2: // sparse
					freq[i] = 0
					if rng.Intn(8) == 0 {
						freq[i] = uint32(rng.Intn(1 << 16))
					}
				default: // literal-heavy with a few hot bytes
					freq[i] = uint32(rng.Intn(50))
					if rng.Intn(30) == 0 {
						freq[i] = uint32(rng.Intn(1 << 18))
					}
				}
			}
			hb.build(&code, freq, tb.limit)
			lens := slices.Clone(code.lens[:tb.n])
			if tb.n == 286 && lens[256] == 0 {
				lens[256] = 15 // incomplete or over-subscribed: compare the reasons
			}
			check(tb, lens, "huffman")
			// Random lengths: mostly rejected.
			for i := range lens {
				lens[i] = uint8(rng.Intn(tb.limit + 1))
			}
			check(tb, lens, "random")
		}
		// The accepted incomplete codes: one code of length 1 (a single
		// symbol anywhere), no code at all.
		for s := 0; s < tb.n; s += 7 {
			lens := make([]uint8, tb.n)
			lens[s] = 1
			check(tb, lens, "single")
		}
		check(tb, make([]uint8, tb.n), "empty")
	}
	// The fixed code.
	l := fixedLengths()
	check(tabs[0], l[:numLitlen], "fixed")
}

// BenchmarkBuild builds the literal/length decode table of a
// literal-heavy code with a few hot bytes (a Blosc noshuffle block's), with
// build and pairLiterals and with the reference versions they replaced.
func BenchmarkBuild(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var hb huffBuilder
	var code encCode
	freq := make([]uint32, 286)
	for i := range freq {
		freq[i] = uint32(rng.Intn(50)) + 1
		if rng.Intn(30) == 0 {
			freq[i] = uint32(rng.Intn(1 << 12))
		}
	}
	hb.build(&code, freq, 15)
	lens := code.lens[:286]
	var d Decompressor
	b.Run("build", func(b *testing.B) {
		var lits litList
		for i := 0; i < b.N; i++ {
			build(d.litlen[:], lens, litlenSyms[:], litlenBits, singleOK, &lits)
		}
	})
	b.Run("pair", func(b *testing.B) {
		var lits litList
		for i := 0; i < b.N; i++ {
			build(d.litlen[:], lens, litlenSyms[:], litlenBits, singleOK, &lits)
			pairLiterals(d.litlen[:1<<litlenBits], litlenBits, &lits)
		}
	})
	b.Run("refbuild", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			refBuild(d.litlen[:], lens, litlenSyms[:], litlenBits, singleOK)
		}
	})
	b.Run("refpair", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			refBuild(d.litlen[:], lens, litlenSyms[:], litlenBits, singleOK)
			refPairLiterals(d.litlen[:1<<litlenBits], litlenBits, lens)
		}
	})
}
