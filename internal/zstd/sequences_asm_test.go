package zstd

import (
	"bytes"
	"fmt"
	"testing"
	"unsafe"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// seqAsmBlock is the first block of a frame, parsed up to its sequences:
// the decoder holding its tables, its literals, its sequences' bitstream,
// their number, the state the sequence loops start from and the block's
// content.
type seqAsmBlock struct {
	name  string
	d     *Decoder
	lits  []byte
	seqs  []byte
	nseq  int
	st    seqState
	want  []byte
	bsize int
}

// seqAsmBlocks encodes inputs of several kinds at several levels and
// parses the first block of each frame (the whole input when it fits in
// one).
func seqAsmBlocks(t *testing.T, sizes []int) []seqAsmBlock {
	t.Helper()
	var bs []seqAsmBlock
	for i, n := range sizes {
		ins := map[string][]byte{
			"mixed": testgen.Mixed(n, uint64(i)),
			"text":  testgen.Text(n, uint64(i)),
			"ramp":  testgen.Shuffle(testgen.RampNoise(n/4), 4),
		}
		for kind, in := range ins {
			for _, lvl := range []int{1, 3, 9} {
				name := fmt.Sprintf("%s%d/l%d", kind, n, lvl)
				f := NewEncoder(lvl).EncodeAll(nil, in)
				h, err := ReadFrameHeader(f)
				if err != nil {
					t.Fatal(err)
				}
				pos := h.HeaderSize
				bh := int(f[pos]) | int(f[pos+1])<<8 | int(f[pos+2])<<16
				if bh>>1&3 != blockCompressed {
					t.Fatalf("%s: first block of type %d", name, bh>>1&3)
				}
				b := f[pos+3 : pos+3+bh>>3]
				d := new(Decoder)
				d.rep = [3]int{1, 4, 8}
				lits, p, err := d.literals(b, h.BlockMaxSize())
				if err != nil {
					t.Fatal(err)
				}
				nseq, k, err := d.sequencesHeader(b[p:])
				if err != nil || nseq < 10 {
					t.Fatalf("%s: %d sequences, %v", name, nseq, err)
				}
				seqs := b[p+k:]
				var r bitReader
				if err := r.init(seqs); err != nil {
					t.Fatal(err)
				}
				var st seqState
				st.llT, st.ofT, st.mlT = &d.tables[kindLL].seq, &d.tables[kindOF].seq, &d.tables[kindML].seq
				st.llS = r.read(d.tables[kindLL].log)
				st.ofS = r.read(d.tables[kindOF].log)
				st.mlS = r.read(d.tables[kindML].log)
				st.bv, st.used, st.bpos = r.v, uint64(r.used), r.pos
				st.rep = d.rep
				st.n = nseq - 1
				bsize := min(len(in), h.BlockMaxSize())
				bs = append(bs, seqAsmBlock{name, d, lits, seqs, nseq, st, in[:bsize], bsize})
			}
		}
	}
	return bs
}

// run runs the assembly loop from the block's start state into dst with
// the literals lits, executing the sequences it hands back with every
// check, as Decoder.sequences does, until it stops; it returns the state
// it stopped in, how many sequences it handed back and the first error.
func (b *seqAsmBlock) run(dst, lits []byte) (seqState, int, error) {
	st := b.st
	pending := 0
	for st.n > 0 && decodeSeqsAsm(&st, dst, lits, b.seqs) == seqPending {
		pending++
		var err error
		if st.o, err = b.d.execute(dst, st.o, lits[st.lp:], st.llen, st.mlen, st.off); err != nil {
			return st, pending, err
		}
		st.lp += st.llen
	}
	return st, pending, nil
}

// TestSeqAsmProgress calls the assembly sequence loop directly on the
// first block of frames of several kinds and checks that it executes
// nearly all sequences itself (a loop that handed everything back would
// pass the cross-checks), that the Go loop finishes from the state it
// leaves, and that the block's output is the content's start.
func TestSeqAsmProgress(t *testing.T) {
	requireSeqAsm(t)
	for _, b := range seqAsmBlocks(t, []int{3000, 20000, 100000}) {
		dst := make([]byte, b.bsize)
		st, pending, err := b.run(dst, b.lits)
		if err != nil {
			t.Fatalf("%s: %v", b.name, err)
		}
		// The loop stops for good only near the bitstream's start (the
		// last few sequences) and hands back those near the output's
		// end.
		asm := b.nseq - 1 - st.n - pending
		t.Logf("%s: %d sequences: %d in assembly, %d handed back, %d left", b.name, b.nseq, asm, pending, st.n)
		if st.n > 16 || asm < (b.nseq-16)*3/4 {
			t.Fatalf("%s: the assembly loop executed %d of %d sequences (%d handed back, %d left)", b.name, asm, b.nseq, pending, st.n)
		}
		o, rest, err := b.d.sequencesGo(&st, dst, b.lits[st.lp:], b.seqs, b.nseq-1-st.n, b.nseq)
		if err != nil {
			t.Fatalf("%s: %v", b.name, err)
		}
		o += copy(dst[o:], rest)
		if o != len(dst) || !bytes.Equal(dst, b.want) {
			t.Fatalf("%s: block decoded to %d bytes, wrong", b.name, o)
		}
	}
}

// TestSeqAsmOffsetLimit runs the assembly loop on blocks whose matches
// often reach back exactly to the output's first byte: they must decode,
// and with that byte cut off (the same offsets then reach one byte before
// the output) the loop must hand them back for the Go code to reject.
func TestSeqAsmOffsetLimit(t *testing.T) {
	requireSeqAsm(t)
	const hist = 100
	for seed := uint64(1); seed <= 12; seed++ {
		p := genParams{name: "limit", hist: hist, nseq: 300, block: 64 << 10,
			lit:   func(s *testgen.SplitMix64) int { return s.Intn(4) },
			match: func(s *testgen.SplitMix64) int { return 3 + s.Intn(1+s.Intn(40)) },
			off: func(s *testgen.SplitMix64, o int) int {
				if s.Intn(3) == 0 {
					return o
				}
				return 1 + s.Intn(min(o, 40))
			}}
		f, want := genFrame(t, p, seed)
		h, err := ReadFrameHeader(f)
		if err != nil {
			t.Fatal(err)
		}
		// The raw block of the history, then the sequences' block.
		pos := h.HeaderSize + 3 + hist
		bh := int(f[pos]) | int(f[pos+1])<<8 | int(f[pos+2])<<16
		b := f[pos+3 : pos+3+bh>>3]
		var d Decoder
		d.rep = [3]int{1, 4, 8}
		lits, q, err := d.literals(b, h.BlockMaxSize())
		if err != nil {
			t.Fatal(err)
		}
		nseq, k, err := d.sequencesHeader(b[q:])
		if err != nil {
			t.Fatal(err)
		}
		blk := seqAsmBlock{name: fmt.Sprint("limit/", seed), d: &d, lits: lits, seqs: b[q+k:], nseq: nseq}
		var r bitReader
		if err := r.init(blk.seqs); err != nil {
			t.Fatal(err)
		}
		st := &blk.st
		st.llT, st.ofT, st.mlT = &d.tables[kindLL].seq, &d.tables[kindOF].seq, &d.tables[kindML].seq
		st.llS = r.read(d.tables[kindLL].log)
		st.ofS = r.read(d.tables[kindOF].log)
		st.mlS = r.read(d.tables[kindML].log)
		st.bv, st.used, st.bpos = r.v, uint64(r.used), r.pos
		st.rep = d.rep
		st.n = nseq - 1
		for cut := 0; cut <= 1; cut++ {
			// The byte before the cut output differs from the one it
			// replaces: a loop that read it would give wrong output.
			buf := append([]byte(nil), want...)
			buf[0] ^= byte(0xFF * cut)
			dst := buf[cut:]
			clear(dst[hist-cut:])
			blk.st.o = hist - cut
			st, _, err := blk.run(dst, lits)
			if err == nil {
				var o int
				o, _, err = d.sequencesGo(&st, dst, lits[st.lp:], blk.seqs, nseq-1-st.n, nseq)
				st.o = o
			}
			switch {
			case cut == 0 && (err != nil || !bytes.Equal(dst[:st.o], want[:st.o]) || st.o < len(want)-20):
				t.Fatalf("%s: o=%d of %d, err %v", blk.name, st.o, len(want), err)
			case cut == 1 && err == nil:
				t.Fatalf("%s: offsets before the output accepted (o=%d)", blk.name, st.o)
			case cut == 1 && !bytes.Equal(dst[:st.o], want[1:st.o+1]):
				t.Fatalf("%s: wrong output before the bad offset", blk.name)
			}
		}
	}
}

// TestAsmLayouts checks the offsets the assembly loops use for the fields
// of seqState, huf4 and hufTable.
func TestAsmLayouts(t *testing.T) {
	var st seqState
	var h huf4
	var tab hufTable
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"seqState.llT", unsafe.Offsetof(st.llT), 0},
		{"seqState.ofT", unsafe.Offsetof(st.ofT), 8},
		{"seqState.mlT", unsafe.Offsetof(st.mlT), 16},
		{"seqState.bv", unsafe.Offsetof(st.bv), 24},
		{"seqState.used", unsafe.Offsetof(st.used), 32},
		{"seqState.bpos", unsafe.Offsetof(st.bpos), 40},
		{"seqState.llS", unsafe.Offsetof(st.llS), 48},
		{"seqState.ofS", unsafe.Offsetof(st.ofS), 56},
		{"seqState.mlS", unsafe.Offsetof(st.mlS), 64},
		{"seqState.rep", unsafe.Offsetof(st.rep), 72},
		{"seqState.o", unsafe.Offsetof(st.o), 96},
		{"seqState.lp", unsafe.Offsetof(st.lp), 104},
		{"seqState.n", unsafe.Offsetof(st.n), 112},
		{"seqState.llen", unsafe.Offsetof(st.llen), 120},
		{"seqState.mlen", unsafe.Offsetof(st.mlen), 128},
		{"seqState.off", unsafe.Offsetof(st.off), 136},
		{"seqState.scratch", unsafe.Offsetof(st.scratch), 144},
		{"huf4.used", unsafe.Offsetof(h.used), 32},
		{"huf4.lim", unsafe.Offsetof(h.lim), 64},
		{"huf4.out", unsafe.Offsetof(h.out), 96},
		{"huf4.end", unsafe.Offsetof(h.end), 128},
		{"hufTable.log", unsafe.Offsetof(tab.log), 4096},
	} {
		if unsafe.Sizeof(uintptr(0)) == 8 && c.got != c.want {
			t.Errorf("%s at %d, the assembly expects %d", c.name, c.got, c.want)
		}
	}
}
