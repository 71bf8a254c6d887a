package zstd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
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
