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

// optInputs are inputs of 16 KB to 1 MB for the optimal parsers' size
// tests: text, mixed content and shuffled numeric data, in each of zstd's
// parameter size classes.
func optInputs(short bool) map[string][]byte {
	in := map[string][]byte{}
	sizes := []int{16 << 10, 100 << 10, 256 << 10, 1 << 20}
	if short {
		sizes = []int{16 << 10, 100 << 10, 256 << 10}
	}
	for _, n := range sizes {
		in[fmt.Sprintf("text-%d", n)] = testgen.Text(n, uint64(n))
		in[fmt.Sprintf("mixed-%d", n)] = testgen.Mixed(n, uint64(n)+1)
		in[fmt.Sprintf("f64-shuffled-%d", n)] = testgen.Shuffle(testgen.Sine(n), 8)
		in[fmt.Sprintf("i32-shuffled-%d", n)] = testgen.Shuffle(testgen.RampNoise(n), 4)
	}
	return in
}

// TestOptSizeVsCLI compares the optimal parsers' frames (levels 13-22:
// btopt, btultra, btultra2 depending on the input's size) with the zstd
// command line tool's, which gets the inputs as files so that it picks
// its parameters for their size as the encoder does. Per level, the
// total may be at most 1% larger than the tool's and no input more than
// 3% larger.
func TestOptSizeVsCLI(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	in := optInputs(testing.Short())
	dir := t.TempDir()
	levels := []int{13, 14, 15, 16, 17, 18, 19, 20, 21, 22}
	if testing.Short() {
		levels = []int{13, 16, 18, 19, 22}
	}
	names := sortedKeys(in)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), in[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, lvl := range levels {
		e := NewEncoder(lvl)
		ours, theirs := 0, 0
		for _, name := range names {
			src := in[name]
			f := e.EncodeAll(nil, src)
			cmd := exec.Command(tool, "-q", "-c", "--no-check", "--ultra", fmt.Sprintf("-%d", lvl), filepath.Join(dir, name))
			g := peertest.Output(t, "zstd", cmd)
			r := float64(len(f)) / float64(len(g))
			t.Logf("level %d %-22s ours %7d  zstd %7d  ratio %.4f", lvl, name, len(f), len(g), r)
			if r > 1.03 {
				t.Errorf("level %d %s: %d bytes, zstd %d", lvl, name, len(f), len(g))
			}
			ours += len(f)
			theirs += len(g)
		}
		r := float64(ours) / float64(theirs)
		t.Logf("level %d total ours %d zstd %d ratio %.4f", lvl, ours, theirs, r)
		if r > 1.01 {
			t.Errorf("level %d: total %d bytes, zstd %d (%.4fx)", lvl, ours, theirs, r)
		}
	}
}
