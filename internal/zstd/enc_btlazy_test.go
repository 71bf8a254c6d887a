package zstd

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// btLazyCases are the inputs and levels of btlazy2 in each of zstd's
// size tables: 16 KB (levels 9-10), 128 KB and 256 KB (11-12), larger
// (13-15).
func btLazyCases(short bool) []struct {
	size   int
	levels []int
} {
	cs := []struct {
		size   int
		levels []int
	}{{16 << 10, []int{9, 10}}, {100 << 10, []int{11, 12}}, {256 << 10, []int{11, 12}}, {1 << 20, []int{13, 14, 15}}}
	if short {
		cs[3].size = 512 << 10
		for i := range cs {
			cs[i].levels = cs[i].levels[:1]
		}
	}
	return cs
}

// btLazyInputs are inputs of n bytes of the kinds Blosc compresses
// (shuffled numbers) and others.
func btLazyInputs(n int) map[string][]byte {
	return map[string][]byte{
		"f64-shuffled": testgen.Shuffle(testgen.Sine(n), 8),
		"i32-shuffled": testgen.Shuffle(testgen.RampNoise(n), 4),
		"text":         testgen.Text(n, 21),
		"mixed":        testgen.Mixed(n, 22),
		"runs":         testgen.Runs(n, 23),
	}
}

// TestBtLazyVsCLI compares btlazy2 (zstd's binary tree with the lazy2
// parse) with the zstd command line tool at the levels where zstd uses it
// for each size table, on single inputs given as files (so that the tool
// knows their size and picks the same parameters). Frames may be at most
// 0.5% larger than the tool's, and 0.3% in total.
func TestBtLazyVsCLI(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	dir := t.TempDir()
	for _, c := range btLazyCases(testing.Short()) {
		in := btLazyInputs(c.size)
		for _, lvl := range c.levels {
			e := NewEncoder(lvl)
			if s := paramsFor(lvl, c.size).strat; s != stratBtlazy2 {
				t.Fatalf("level %d, %d bytes: strategy %d, not btlazy2", lvl, c.size, s)
			}
			var ours, theirs int
			for _, name := range sortedKeys(in) {
				src := in[name]
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, src, 0o644); err != nil {
					t.Fatal(err)
				}
				f := e.EncodeAll(nil, src)
				cmd := exec.Command(tool, "-q", "-c", "--no-check", fmt.Sprintf("-%d", lvl), path)
				g := peertest.Output(t, "zstd", cmd)
				r := float64(len(f)) / float64(len(g))
				t.Logf("level %2d %7d %-13s ours %7d  zstd %7d  ratio %.4f", lvl, c.size, name, len(f), len(g), r)
				if r > 1.005 {
					t.Errorf("level %d %d %s: %d bytes, zstd %d", lvl, c.size, name, len(f), len(g))
				}
				ours += len(f)
				theirs += len(g)
			}
			if r := float64(ours) / float64(theirs); r > 1.003 {
				t.Errorf("level %d %d: total %d bytes, zstd %d (%.4f)", lvl, c.size, ours, theirs, r)
			}
		}
	}
}

// TestDubtFinderBruteForce checks the tree's matches against a search of
// every position the finder entered, on random bytes of small alphabets
// (many candidates, matches of every length). With a tree and a search
// budget larger than the input, the match found must be a real one and
// at most 2 bytes shorter than the longest when that one is at least
// minMatch long (the search trades a byte of length for 4 bits of offset,
// and offsets here have at most 12 bits; shorter ones hash elsewhere),
// among the positions the tree still holds.
// With a small tree and budget, it must still be a real match, not longer
// than the longest.
func TestDubtFinderBruteForce(t *testing.T) {
	for _, tc := range []struct {
		alphabet, n int
		p           levelParams
		exact       bool
	}{
		{2, 3000, levelParams{12, 13, 12, 4, stratBtlazy2}, true},
		{4, 4000, levelParams{12, 13, 12, 4, stratBtlazy2}, true},
		{3, 4000, levelParams{10, 13, 12, 5, stratBtlazy2}, true},
		{4, 2500, levelParams{12, 12, 12, 6, stratBtlazy2}, true},
		{2, 4000, levelParams{8, 9, 3, 4, stratBtlazy2}, false},
		{4, 4000, levelParams{10, 7, 2, 4, stratBtlazy2}, false},
	} {
		rng := testgen.SplitMix64(uint64(tc.alphabet*tc.n) + uint64(tc.p.searchLog))
		b := make([]byte, tc.n)
		for i := range b {
			b[i] = byte(rng.Intn(tc.alphabet))
		}
		var f dubtFinder
		f.reset(b, tc.p)
		end := len(b)
		entered := make([]bool, len(b))
		found, shorter := 0, 0
		for ip := 1; ip+64 < end; ip++ {
			searched := ip >= f.next
			if searched {
				for p := f.next; p <= ip; p++ {
					entered[p] = true
				}
			}
			ml, off := f.find(ip, end)
			if !searched {
				if ml != 0 {
					t.Fatalf("alphabet %d: position %d inside a skipped match gave a match", tc.alphabet, ip)
				}
				continue
			}
			// longest is over every entered position but 0 (never a
			// candidate); held over those the tree still holds.
			longest, held := 0, 0
			for p := 1; p < ip; p++ {
				if entered[p] {
					l := matchLen(b, ip, p, end)
					longest = max(longest, l)
					if p > ip-int(f.btMask) {
						held = max(held, l)
					}
				}
			}
			if ml > 0 {
				if off <= 0 || off >= ip || matchLen(b, ip, ip-off, end) < ml {
					t.Fatalf("alphabet %d, %+v: position %d: match of %d at offset %d is not one", tc.alphabet, tc.p, ip, ml, off)
				}
			}
			if ml > longest || (tc.exact && held >= f.mls && ml < held-2) {
				t.Fatalf("alphabet %d, %+v: position %d: match of %d, longest %d", tc.alphabet, tc.p, ip, ml, longest)
			}
			if ml >= 4 {
				found++
			}
			if held >= f.mls && ml < held {
				shorter++
			}
		}
		t.Logf("alphabet %d, %+v: %d matches, %d shorter than the longest the tree holds", tc.alphabet, tc.p, found, shorter)
		if found == 0 {
			t.Errorf("alphabet %d: no match found", tc.alphabet)
		}
	}
}

// corpusContents returns the .raw files of the repository's corpus and the
// contents of the Zstd frames inside its other files (what C-Blosc2 and
// python-blosc2 compressed: mostly shuffled blocks), at least 1 KiB each,
// one of each.
func corpusContents(t *testing.T) [][]byte {
	t.Helper()
	var magic [4]byte
	binary.LittleEndian.PutUint32(magic[:], FrameMagic)
	var d Decoder
	seen := map[[32]byte]bool{}
	var out [][]byte
	err := filepath.Walk(filepath.Join("..", "..", "testdata"), func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if filepath.Ext(p) == ".raw" {
			if s := sha256.Sum256(b); len(b) >= 1024 && !seen[s] {
				seen[s] = true
				out = append(out, b)
			}
			return nil
		}
		for i := 0; ; i += 4 {
			k := bytes.Index(b[i:], magic[:])
			if k < 0 {
				break
			}
			i += k
			h, err := ReadFrameHeader(b[i:])
			if err != nil || !h.HasContentSize || h.ContentSize < 1024 || h.ContentSize > 4<<20 {
				continue
			}
			dst := make([]byte, h.ContentSize)
			n, err := d.DecodeInto(dst, b[i:])
			if err != nil || n != len(dst) {
				continue // not a frame, or one needing a dictionary
			}
			if s := sha256.Sum256(dst); !seen[s] {
				seen[s] = true
				out = append(out, dst)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBtLazyRoundTrip compresses generated inputs and the contents of the
// corpus's Zstd frames at every level where zstd uses btlazy2 for their
// size, and decodes the frames with our decoder and klauspost's.
func TestBtLazyRoundTrip(t *testing.T) {
	kd, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer kd.Close()
	var d Decoder
	srcs := map[string][]byte{}
	for _, c := range btLazyCases(true) {
		for name, b := range btLazyInputs(c.size) {
			srcs[fmt.Sprintf("%s-%d", name, c.size)] = b
		}
	}
	for name, b := range encInputs(true) {
		srcs[name] = b
	}
	corpus := corpusContents(t)
	if len(corpus) < 25 {
		t.Fatalf("only %d corpus frames", len(corpus))
	}
	for i, b := range corpus {
		if !testing.Short() || i%4 == 0 {
			srcs[fmt.Sprintf("corpus-%d", i)] = b
		}
	}
	encs := map[int]*Encoder{} // reused from input to input
	n := 0
	for _, name := range sortedKeys(srcs) {
		src := srcs[name]
		for lvl := MinLevel; lvl <= MaxLevel; lvl++ {
			if paramsFor(lvl, len(src)).strat != stratBtlazy2 {
				continue
			}
			e := encs[lvl]
			if e == nil {
				e = NewEncoder(lvl)
				encs[lvl] = e
			}
			f := e.EncodeAll(nil, src)
			id := fmt.Sprintf("%s/l%d", name, lvl)
			check(t, &d, id, f, src, nil)
			got, err := kd.DecodeAll(f, nil)
			if err != nil || !bytes.Equal(got, src) {
				t.Fatalf("%s: klauspost: %v", id, err)
			}
			n++
		}
	}
	t.Logf("%d frames (%d corpus inputs)", n, len(corpus))
}

// TestStrategyEdges checks the strategies on both sides of the size
// tables' edges: the first level of zstd's optimal parsers is 11 up to 16
// KB, 13 up to 256 KB and 16 above, and the level before is btlazy2 in
// each table.
func TestStrategyEdges(t *testing.T) {
	for _, tc := range []struct{ n, firstOpt int }{{1000, 11}, {16 << 10, 11}, {16<<10 + 1, 13}, {128 << 10, 13}, {200 << 10, 13}, {256<<10 + 1, 16}, {1 << 20, 16}} {
		if last := paramsFor(tc.firstOpt-1, tc.n).strat; last != stratBtlazy2 {
			t.Errorf("%d bytes: level %d before the optimal parsers is strategy %d, not btlazy2", tc.n, tc.firstOpt-1, last)
		}
		for lvl := tc.firstOpt; lvl <= MaxLevel; lvl++ {
			if s := paramsFor(lvl, tc.n).strat; s < stratBtopt {
				t.Errorf("%d bytes, level %d: strategy %d, not an optimal parser", tc.n, lvl, s)
			}
		}
	}
}
