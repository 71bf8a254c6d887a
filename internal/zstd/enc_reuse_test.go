package zstd

import (
	"bytes"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestEncoderReuse checks that an Encoder's state left by earlier inputs
// (hash tables that are not cleared, scratch sized to other inputs, other
// levels and dictionaries) never changes a frame: one Encoder taken
// through inputs of every size and levels in turn gives the bytes of a
// fresh Encoder each time, also when the tables' position base wraps.
func TestEncoderReuse(t *testing.T) {
	in := encInputs(true)
	names := sortedKeys(in)
	dict := NewRawDict(0, testgen.Text(3000, 5))
	levels := []int{1, 3, 2, 5, 1, 4, 3, 11, 9, 13, 10, 15, 22, 13, 19, 16}
	shared := NewEncoder(1)
	for i, name := range names {
		src := in[name]
		lvl := levels[i%len(levels)]
		var d *Dict
		if i%5 == 4 {
			d = dict
		}
		if i%7 == 6 {
			shared.tblEnd = 1<<30 - len(src)/2 // the next input wraps the base
			shared.dubt.top = dubtMaxBase - uint64(len(src))/2
			if shared.opt != nil {
				shared.opt.bt.end = 1<<31 - uint64(len(src)) // and the binary tree's
			}
		}
		shared.SetLevel(lvl)
		shared.SetDict(d)
		got := shared.EncodeAll(nil, src)
		fresh := NewEncoder(lvl)
		fresh.SetDict(d)
		want := fresh.EncodeAll(nil, src)
		if !bytes.Equal(got, want) {
			t.Errorf("%s at level %d (dict %v): reused Encoder gives %d bytes, fresh %d", name, lvl, d != nil, len(got), len(want))
		}
	}
}

// TestEncoderTablesStale checks the invariant that lets fast and dfast
// keep their hash tables from input to input: once the next input is
// prepared, no entry reads as a position of it (position 0 is never a
// match), including after the base wraps.
func TestEncoderTablesStale(t *testing.T) {
	inputs := [][]byte{testgen.Text(50000, 1), testgen.Mixed(300000, 2), testgen.Text(7000, 3), testgen.Sine(100000)}
	for _, lvl := range []int{1, 2, 3, 4} {
		e := NewEncoder(lvl)
		for i, src := range inputs {
			if i == 2 {
				e.tblEnd = 1<<30 - 10 // the next input wraps the base
			}
			e.EncodeAll(nil, src)
			next := inputs[(i+1)%len(inputs)]
			e.prepare(next, 0)
			if e.p.strat >= stratGreedy {
				continue // the row finder, which keeps tables of its own
			}
			for k, tab := range [][]uint32{e.table, e.table2} {
				if k == 1 && e.p.strat != stratDfast {
					continue
				}
				for h, v := range tab {
					if p := int(v) - e.tblBase; p > 0 {
						t.Fatalf("level %d, after input %d: table %d entry %d reads as position %d of the next input", lvl, i, k, h, p)
					}
				}
			}
		}
	}
}

// TestLiteralsSuspect checks zstd's sampling of literals suspected to be
// noise: noise is stored raw, and literals that only look like noise at
// both ends, with a skewed middle, too (as zstd stores them), while
// skewed literals are Huffman coded.
func TestLiteralsSuspect(t *testing.T) {
	noise := testgen.Random(64<<10, 3)
	skewed := make([]byte, 64<<10)
	for i := range skewed {
		skewed[i] = byte(i % 7)
	}
	mid := append(append(append([]byte(nil), noise[:8<<10]...), skewed[:48<<10]...), noise[:8<<10]...)
	for _, c := range []struct {
		name string
		lits []byte
		raw  bool
	}{{"noise", noise, true}, {"skewed", skewed, false}, {"noise-ends", mid, true}} {
		var e Encoder
		e.seqs = e.seqs[:0] // no sequences: suspect
		out := e.literals(nil, c.lits)
		if raw := out[0]&3 == litRaw; raw != c.raw {
			t.Errorf("%s: raw %v, want %v (%d bytes)", c.name, raw, c.raw, len(out))
		}
	}
}
