package zstd

import (
	"bytes"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// genParams shapes the sequences of a generated frame: literal lengths,
// match lengths (at least 3) and explicit offsets (clamped to the output
// so far) drawn from s, given the output length o; repeat is the share
// of sequences (out of 8) coded with a repeat offset.
type genParams struct {
	name   string
	hist   int // random bytes before the first sequence (raw blocks)
	nseq   int
	block  int // decoded bytes per compressed block, at most
	repeat int
	lit    func(s *testgen.SplitMix64) int
	match  func(s *testgen.SplitMix64) int
	off    func(s *testgen.SplitMix64, o int) int
}

func geo(s *testgen.SplitMix64, max int) int {
	// Small values most often, some up to max.
	n := s.Intn(max + 1)
	return s.Intn(n + 1)
}

// genCases are the generated streams: short sequences with overlapping
// matches at every small offset (the assembly loop's fast path), Blosc-
// like streams, long literals and matches, and far offsets with long
// extra-bit fields (the bit reader's budget per sequence).
func genCases() []genParams {
	spike := false
	return []genParams{
		{name: "overlap", nseq: 6000, block: 60 << 10, repeat: 2,
			lit:   func(s *testgen.SplitMix64) int { return s.Intn(17) },
			match: func(s *testgen.SplitMix64) int { return 3 + s.Intn(30) },
			off:   func(s *testgen.SplitMix64, o int) int { return 1 + s.Intn(40) }},
		{name: "blosc", nseq: 8000, block: 128 << 10, repeat: 3,
			lit:   func(s *testgen.SplitMix64) int { return geo(s, 40) },
			match: func(s *testgen.SplitMix64) int { return 3 + geo(s, 80) },
			off:   func(s *testgen.SplitMix64, o int) int { return 4 * (1 + s.Intn(1+s.Intn(16384))) }},
		{name: "long", hist: 1 << 16, nseq: 800, block: 128 << 10, repeat: 2,
			lit:   func(s *testgen.SplitMix64) int { return geo(s, 3000) },
			match: func(s *testgen.SplitMix64) int { return 3 + geo(s, 5000) },
			off:   func(s *testgen.SplitMix64, o int) int { return 1 + s.Intn(1+s.Intn(o)) }},
		{name: "far", hist: 2<<20 + 1000, nseq: 600, block: 128 << 10, repeat: 1,
			lit:   func(s *testgen.SplitMix64) int { return 200 + s.Intn(1+s.Intn(9000)) },
			match: func(s *testgen.SplitMix64) int { return 3 + s.Intn(1+s.Intn(4000)) },
			off:   func(s *testgen.SplitMix64, o int) int { return o - s.Intn(1<<20) }},
		// Mostly short sequences (large FSE tables, rare codes costing
		// their full accuracy log), now and then a long literal run
		// before a short match from far back: the most bits one
		// sequence reads.
		{name: "spikes", hist: 1<<20 + 5000, nseq: 12000, block: 128 << 10, repeat: 2,
			lit: func(s *testgen.SplitMix64) int {
				spike = s.Intn(48) == 0
				if spike {
					return 4096 + s.Intn(4000)
				}
				return s.Intn(8)
			},
			match: func(s *testgen.SplitMix64) int {
				if spike {
					return 67 + s.Intn(32)
				}
				return 3 + s.Intn(1+s.Intn(30))
			},
			off: func(s *testgen.SplitMix64, o int) int {
				if spike {
					return o - s.Intn(1000)
				}
				return 1 + s.Intn(1+s.Intn(2000))
			}},
		{name: "mixed", hist: 300, nseq: 5000, block: 100 << 10, repeat: 4,
			lit:   func(s *testgen.SplitMix64) int { return geo(s, []int{0, 3, 20, 300}[s.Intn(4)]) },
			match: func(s *testgen.SplitMix64) int { return 3 + geo(s, []int{1, 16, 100, 1000}[s.Intn(4)]) },
			off:   func(s *testgen.SplitMix64, o int) int { return 1 + geo(s, []int{8, 64, 5000, o}[s.Intn(4)]) }},
	}
}

// genFrame makes a frame of p's sequences with this package's sequence
// and literals encoders, and its content, computed by executing the
// sequences one byte at a time with the repeat offsets of RFC 8878
// 3.1.1.5 (independently of the decoder's code).
func genFrame(tb testing.TB, p genParams, seed uint64) (frame, want []byte) {
	s := testgen.SplitMix64(seed)
	want = testgen.Random(p.hist, seed+1)
	var blocks [][]byte
	e := NewEncoder(1)
	for k := 0; k < p.hist; k += maxBlockSize {
		b := want[k:min(k+maxBlockSize, p.hist)]
		blocks = append(blocks, append(blockHeader(nil, false, blockRaw, len(b)), b...))
	}
	rep := [3]int{1, 4, 8}
	text := testgen.Text(1<<16, seed+2)
	for n := 0; n < p.nseq; {
		var seqs []seq
		var lits []byte
		start := len(want)
		for ; n < p.nseq; n++ {
			ll, ml := p.lit(&s), p.match(&s)
			if len(want)+ll+ml-start > p.block-32 {
				break
			}
			var l []byte
			if s.Intn(2) == 0 {
				l = testgen.Random(ll, s.Next())
			} else {
				i := s.Intn(len(text) - ll)
				l = text[i : i+ll]
			}
			lits = append(lits, l...)
			want = append(want, l...)
			o := len(want)
			// A repeat code if the offset it names is valid, else an
			// explicit offset.
			ob, off := 0, 0
			if s.Intn(8) < p.repeat {
				ob = 1 + s.Intn(3)
				idx := ob - 1
				if ll == 0 {
					idx++
				}
				switch idx {
				case 3:
					off = rep[0] - 1
				default:
					off = rep[idx]
				}
				if off < 1 || off > o {
					ob = 0
				} else {
					switch idx {
					case 1:
						rep = [3]int{off, rep[0], rep[2]}
					case 2, 3:
						rep = [3]int{off, rep[0], rep[1]}
					}
				}
			}
			if ob == 0 {
				if o == 0 {
					// Nothing to copy from yet: one literal first.
					lits = append(lits, 'x')
					want = append(want, 'x')
					ll++
					o++
				}
				off = min(max(p.off(&s, o), 1), o)
				ob = off + 3
				rep = [3]int{off, rep[0], rep[1]}
			}
			for k := 0; k < ml; k++ {
				want = append(want, want[len(want)-off])
			}
			seqs = append(seqs, seq{litLen: uint32(ll), matchLen: uint32(ml), offBase: uint32(ob)})
		}
		if len(seqs) == 0 {
			break
		}
		// Trailing literals.
		t := testgen.Random(s.Intn(20), s.Next())
		lits = append(lits, t...)
		want = append(want, t...)
		blk := e.literals(nil, lits)
		blk = e.seqEnc.encode(blk, seqs)
		if len(blk) > maxBlockSize {
			tb.Fatalf("%s: generated block of %d bytes", p.name, len(blk))
		}
		blocks = append(blocks, append(blockHeader(nil, false, blockCompressed, len(blk)), blk...))
	}
	frame = e.frameHeader(nil, len(want))
	for i, b := range blocks {
		if i == len(blocks)-1 {
			b[0] |= 1
		}
		frame = append(frame, b...)
	}
	return frame, want
}

// TestGenerated decodes the generated streams, whole and into an output
// that ends exactly at the content's end.
func TestGenerated(t *testing.T) {
	var d Decoder
	for _, p := range genCases() {
		// Seed 2 of "spikes" is the stream whose valid bit budget the Go
		// loop once got wrong: short mode keeps it.
		first, last := uint64(1), uint64(3)
		if testing.Short() {
			first, last = 2, 2
			if p.hist > 1<<20 && p.name != "spikes" {
				continue
			}
		}
		for seed := first; seed <= last; seed++ {
			f, want := genFrame(t, p, seed)
			dst := make([]byte, len(want))
			n, err := d.DecodeInto(dst, f)
			if err != nil || !bytes.Equal(dst[:n], want) {
				t.Fatalf("%s/%d: n=%d (want %d) err=%v", p.name, seed, n, len(want), err)
			}
		}
	}
}
