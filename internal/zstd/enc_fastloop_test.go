package zstd

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// fastLoopData returns inputs of the kinds the fast parse meets: runs of
// few values (many short matches and repeats), noise (the step grows),
// long matches with breaks, slow ramps, noise with short copies, and the
// streams C-Blosc2 hands zstd at clevel 1 (shuffled and unshuffled 4- and
// 8-byte items).
func fastLoopData() [][]byte {
	rng := testgen.SplitMix64(9)
	data := make([]byte, 1<<17)
	for i := range data {
		switch {
		case i < 30000:
			data[i] = byte(rng.Next() % 4)
		case i < 60000:
			data[i] = byte(rng.Next()) // noise: the step grows
		case i < 90000:
			data[i] = data[i-8000] ^ byte(rng.Next()%64/63) // long matches, some breaks
		default:
			data[i] = byte(i / 7)
		}
	}
	// Noise with short copies every few hundred bytes: matches found
	// after the step has grown by different amounts.
	sparse := make([]byte, 1<<17)
	for i := range sparse {
		sparse[i] = byte(rng.Next())
	}
	for i := 2000; i < len(sparse)-16; i += 100 + int(rng.Next()%900) {
		copy(sparse[i:i+4+int(rng.Next()%9)], sparse[i-1000-int(rng.Next()%500):])
	}
	out := [][]byte{data, sparse}
	s := bloscStreams(1)
	for _, k := range []string{"i32-shuffle", "i32-noshuffle", "f64-shuffle", "f64-bitshuffle"} {
		out = append(out, s[k][:1<<16])
	}
	return out
}

// TestFastLoop cross-checks fastLoop (assembly where there is some) with
// fastLoopGeneric: both parse the same inputs with tables that hold the
// entries of earlier inputs, from starts with history before them or
// none, with repeat offsets that hit, miss or reach before the input, for
// each minMatch and hashLog of the fast strategy, over inputs of every
// length up to 80 and longer ones (on Linux placed against an
// inaccessible page, as are the literals' buffers, which have exactly the
// room matchFast makes). Literals, sequences, repeat offsets, the anchor
// and the tables must agree, and nothing past the sequences' room may be
// written.
func TestFastLoop(t *testing.T) {
	if !useFastLoopAsm {
		t.Skip("no assembly parse on this platform")
	}
	rng := testgen.SplitMix64(11)
	inputs := fastLoopData()
	var sizes []int
	for n := 0; n <= 80; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 255, 4096, 4099, 20000, 1<<16)
	seqs, found := 0, 0
	for _, mm := range []int{4, 5, 6, 7} {
		for _, hashLog := range []uint{12, 14, 16} {
			var ta, tb [fastTableMask + 1]uint32
			base := 0
			for k, in := range inputs {
				for _, n := range sizes {
					if testing.Short() && n < 80 && n%7 != 0 {
						continue
					}
					at := int(rng.Next() % uint64(len(in)-n+1))
					b := fastLoopBuf(t, n)
					copy(b, in[at:])
					pos := 0
					if n > 0 && rng.Next()%2 == 0 {
						pos = int(rng.Next() % uint64(n))
					}
					reps := [3]int{1, 4, 8}
					if rng.Next()%2 == 0 {
						for i := range reps {
							reps[i] = 1 + int(rng.Next()%uint64(2+pos+i*100))
						}
					}
					pre := int(rng.Next() % 20) // literals already in the buffer
					la := fastLoopBuf(t, pre+n-pos)
					for i := range la {
						la[i] = byte(rng.Next())
					}
					name := fmt.Sprintf("mm%d/hash%d/input%d/n%d/pos%d/reps%v", mm, hashLog, k, n, pos, reps)
					a := checkFastLoop(t, name, b, pos, reps, mm, hashLog, base, &ta, &tb, la, pre)
					seqs += len(a.seqs) - pre
					if len(a.seqs) > pre {
						found++
					}
					base += n
				}
			}
		}
	}
	if seqs < 100000 || found < 200 {
		t.Fatalf("only %d sequences in %d parses", seqs, found)
	}
}

// checkFastLoop parses b from pos with fastLoop and fastLoopGeneric,
// tables ta and tb (equal before), literals' buffers la (whose first pre
// bytes are literals already there, and which has exactly the room
// matchFast makes) and a copy of it, and sequences' buffers with exactly
// their room, and fails unless all they leave agrees and nothing was
// written past the sequences' room. It returns fastLoop's state.
func checkFastLoop(t *testing.T, name string, b []byte, pos int, reps [3]int, mm int, hashLog uint, base int, ta, tb *[fastTableMask + 1]uint32, la []byte, pre int) fastState {
	t.Helper()
	end := len(b)
	sl, pr := hashShift(mm)
	lb := append([]byte(nil), la...)
	room := (end-pos)/4 + 1
	sa := make([]seq, pre+room+4)
	for i := range sa {
		sa[i] = seq{7, 7, 7}
	}
	sb := append([]seq(nil), sa...)
	st := fastState{
		b: b, base: base, limit: end - 8, rep0: reps[0],
		sl: uint64(sl), sr: uint64(64 - hashLog), pr: pr,
		end: end, ip: max(pos, 1), anchor: pos, rep1: reps[1], rep2: reps[2],
	}
	a, g := st, st
	a.t, a.lits, a.seqs = ta, la[:pre], sa[:pre:pre+room]
	g.t, g.lits, g.seqs = tb, lb[:pre], sb[:pre:pre+room]
	fastLoop(&a)
	fastLoopGeneric(&g)
	if a.anchor != g.anchor || a.rep0 != g.rep0 || a.rep1 != g.rep1 || a.rep2 != g.rep2 {
		t.Fatalf("%s: anchor %d, reps %d %d %d; generic %d, %d %d %d", name,
			a.anchor, a.rep0, a.rep1, a.rep2, g.anchor, g.rep0, g.rep1, g.rep2)
	}
	if !bytes.Equal(a.lits, g.lits) {
		t.Fatalf("%s: %d literals, generic %d, or they differ", name, len(a.lits), len(g.lits))
	}
	if len(a.seqs) != len(g.seqs) {
		t.Fatalf("%s: %d sequences, generic %d", name, len(a.seqs), len(g.seqs))
	}
	for i := range a.seqs {
		if a.seqs[i] != g.seqs[i] {
			t.Fatalf("%s: sequence %d is %+v, generic %+v", name, i, a.seqs[i], g.seqs[i])
		}
	}
	for i, s := range sa[pre+room:] {
		if s != (seq{7, 7, 7}) {
			t.Fatalf("%s: written past the sequences' room (%d)", name, i)
		}
	}
	if *ta != *tb {
		t.Fatalf("%s: the tables differ", name)
	}
	return a
}

// FuzzFastLoop cross-checks fastLoop with fastLoopGeneric on any input
// (on Linux placed against an inaccessible page), parsed from a start
// and with repeat offsets and hash settings taken from the other
// arguments, into tables that hold the entries of the previous inputs.
func FuzzFastLoop(f *testing.F) {
	if !useFastLoopAsm {
		f.Skip("no assembly parse on this platform")
	}
	for i, in := range fastLoopData() {
		f.Add(in[:300+i*1000], uint64(i), uint16(i*7))
	}
	var ta, tb [fastTableMask + 1]uint32
	base := 0
	f.Fuzz(func(t *testing.T, data []byte, settings uint64, pos uint16) {
		if base > 1<<30 {
			ta, tb, base = [fastTableMask + 1]uint32{}, [fastTableMask + 1]uint32{}, 0
		}
		b := fastLoopBuf(t, len(data))
		copy(b, data)
		p := 0
		if len(b) > 0 {
			p = int(pos) % len(b)
		}
		mm := 4 + int(settings%4)
		hashLog := 12 + uint(settings>>2%5)
		reps := [3]int{1 + int(settings>>8%64), 1 + int(settings>>16%512), 1 + int(settings>>32%4096)}
		pre := int(settings >> 48 % 16)
		la := fastLoopBuf(t, pre+len(b)-p)
		checkFastLoop(t, "fuzz", b, p, reps, mm, hashLog, base, &ta, &tb, la, pre)
		base += len(b)
	})
}

// TestFastLoopFrames compresses the inputs of TestFastLoop (and their
// doubles, repeated far apart) at levels 1 and 2 (the fast strategy), as
// whole frames in blocks with one encoder per level reused, with
// fastLoop and with fastLoopGeneric: the frames must be identical and
// decode to the input.
func TestFastLoopFrames(t *testing.T) {
	if !useFastLoopAsm {
		t.Skip("no assembly parse on this platform")
	}
	var d Decoder
	for _, lvl := range []int{1, 2} {
		ea, eg := NewEncoder(lvl), NewEncoder(lvl)
		for k, in := range fastLoopData() {
			for _, src := range [][]byte{in[:1000+k*777], in, append(append([]byte(nil), in...), in...)} {
				a := ea.EncodeAll(nil, src)
				useFastLoopAsm = false
				g := eg.EncodeAll(nil, src)
				useFastLoopAsm = true
				if !bytes.Equal(a, g) {
					t.Fatalf("level %d, input %d (%d bytes): the frames differ", lvl, k, len(src))
				}
				out := make([]byte, len(src))
				n, err := d.DecodeInto(out, a)
				if err != nil || !bytes.Equal(out[:n], src) {
					t.Fatalf("level %d, input %d (%d bytes): decoded wrong (%v)", lvl, k, len(src), err)
				}
			}
		}
	}
}
