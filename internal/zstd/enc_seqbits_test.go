package zstd

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// seqBitsCase is one input of seqBits: sequences, their codes, tables and
// a starting state.
type seqBitsCase struct {
	name       string
	seqs       []seq
	codes      []seqCodes
	tl, tm, to *fseEncTable
	st         seqBitsState
}

// randSeqBitsCase returns n random sequences whose lengths and offsets
// reach up to 1<<lenBits and 1<<offBits, coded with FSE tables built from
// their own histograms (kind "fse"), the predefined tables ("predef") or
// single-symbol tables where every sequence has the same codes ("rle"),
// and a random starting state with 0-7 bits in the accumulator.
func randSeqBitsCase(r *rand.Rand, n, lenBits, offBits int, kind string) seqBitsCase {
	c := seqBitsCase{name: fmt.Sprintf("%s/n%d/len%d/off%d", kind, n, lenBits, offBits)}
	c.seqs = make([]seq, n)
	c.codes = make([]seqCodes, n)
	var cnt [3][64]uint32
	for i := range c.seqs {
		s := seq{
			litLen:   uint32(r.Int63n(1 << lenBits)),
			matchLen: 3 + uint32(r.Int63n(1<<lenBits)),
			offBase:  1 + uint32(r.Int63n(1<<offBits-1)),
		}
		if kind == "rle" && i > 0 {
			s = c.seqs[0]
		}
		c.seqs[i] = s
		c.codes[i] = seqCodes{ll: llCode(s.litLen), ml: mlCode(s.matchLen), of: ofCode(s.offBase)}
		cnt[kindLL][c.codes[i].ll]++
		cnt[kindML][c.codes[i].ml]++
		cnt[kindOF][c.codes[i].of]++
	}
	var tabs [3]*fseEncTable
	for k := kindLL; k <= kindML; k++ {
		t := new(fseEncTable)
		maxSym := 0
		for s, v := range cnt[k] {
			if v != 0 {
				maxSym = s
			}
		}
		switch {
		case kind == "rle":
			t.buildRLE(uint8(maxSym))
		case kind == "predef" && maxSym <= predefMaxSym(k):
			t = &predefEnc[k]
		default:
			log := fseTableLog(fseMaxLog[k], n, maxSym)
			norm := make([]int16, maxSym+1)
			normalize(norm, cnt[k][:maxSym+1], n, log)
			t.build(norm, log)
		}
		tabs[k] = t
	}
	c.tl, c.tm, c.to = tabs[kindLL], tabs[kindML], tabs[kindOF]
	var sl, sm, so fseState
	last := c.codes[n-1]
	sl.init(c.tl, last.ll)
	sm.init(c.tm, last.ml)
	so.init(c.to, last.of)
	nb := uint64(r.Intn(8))
	c.st = seqBitsState{acc: r.Uint64() & (1<<nb - 1), nb: nb, vl: uint64(sl.v), vm: uint64(sm.v), vo: uint64(so.v)}
	return c
}

// predefMaxSym is the last symbol the predefined table of kind codes.
func predefMaxSym(k int) int { return len(predefNorm[k]) - 1 }

// seqBitsCases returns the cross-check inputs: every count of sequences
// up to 40 and some larger, short and long lengths, near and far
// offsets (offset codes up to 31), each table kind.
func seqBitsCases() []seqBitsCase {
	r := rand.New(rand.NewSource(7))
	var cs []seqBitsCase
	for _, kind := range []string{"fse", "predef", "rle"} {
		for _, lo := range [][2]int{{4, 10}, {8, 17}, {17, 31}, {17, 32}} {
			for n := 1; n <= 40; n++ {
				cs = append(cs, randSeqBitsCase(r, n, lo[0], lo[1], kind))
			}
			for _, n := range []int{100, 1000, 5000} {
				cs = append(cs, randSeqBitsCase(r, n, lo[0], lo[1], kind))
			}
		}
	}
	return cs
}

// checkSeqBits runs seqBits (assembly where the build and CPU have it)
// and seqBitsGeneric on c, each into the end of a buffer from mk with the
// room seqBits needs (12 bytes a sequence and 8 more) after pos, and
// compares the bytes, positions and states.
func checkSeqBits(t *testing.T, c seqBitsCase, mk func(int) []byte) {
	t.Helper()
	n := len(c.codes) - 1 // the last sequence is the caller's, as in bitstream
	const pos = 5
	size := pos + 12*n + 8
	ref := make([]byte, size)
	stRef := c.st
	pRef := seqBitsGeneric(ref, pos, &stRef, c.seqs[:n], c.codes[:n], c.tl, c.tm, c.to)
	for _, asm := range []bool{false, true} {
		got := mk(size)
		for i := range got {
			got[i] = 0
		}
		st := c.st
		var p int
		on := withSeqBits(asm, func() { p = seqBits(got, pos, &st, c.seqs[:n], c.codes[:n], c.tl, c.tm, c.to) })
		if asm && !on {
			continue
		}
		if p != pRef || st != stRef || !bytes.Equal(got[:p], ref[:pRef]) {
			t.Fatalf("%s asm=%v: pos %d state %+v, want pos %d state %+v (bytes equal: %v)",
				c.name, on, p, st, pRef, stRef, bytes.Equal(got[:min(p, pRef)], ref[:min(p, pRef)]))
		}
	}
}

// TestSeqBits cross-checks seqBits's assembly with seqBitsGeneric.
func TestSeqBits(t *testing.T) {
	for _, c := range seqBitsCases() {
		if len(c.codes) < 2 {
			continue
		}
		checkSeqBits(t, c, func(n int) []byte { return make([]byte, n) })
	}
}

// TestSeqBitsFrames checks that whole frames are the same bytes with and
// without seqBits's assembly, at the levels of each strategy.
func TestSeqBitsFrames(t *testing.T) {
	for name, src := range bloscStreams(1) {
		for _, level := range []int{1, 3, 5, 9, 13, 19} {
			e := NewEncoder(level)
			var a, b []byte
			withSeqBits(true, func() { a = e.EncodeAll(nil, src) })
			withSeqBits(false, func() { b = e.EncodeAll(nil, src) })
			if !bytes.Equal(a, b) {
				t.Fatalf("%s level %d: frames differ with and without the assembly", name, level)
			}
		}
	}
}
