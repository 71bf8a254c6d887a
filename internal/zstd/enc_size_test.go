package zstd

import (
	"bytes"
	"fmt"
	"os/exec"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
)

// TestEncoderSizeVsCLI compares the encoder's frames with the zstd
// command line tool's at levels 1, 3, 5 and 9 (fast, dfast, greedy,
// lazy2): no input may be more than 8% larger.
func TestEncoderSizeVsCLI(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	in := encInputs(true)
	for _, lvl := range []int{1, 3, 5, 9} {
		e := NewEncoder(lvl)
		for _, name := range []string{"f64-shuffled", "i32-shuffled", "text", "mixed", "ramp-shuffled", "sine-shuffled", "runs", "random"} {
			src := in[name]
			f := e.EncodeAll(nil, src)
			cmd := exec.Command(tool, "-q", "-c", "--no-check", fmt.Sprintf("-%d", lvl))
			cmd.Stdin = bytes.NewReader(src)
			g := peertest.Output(t, "zstd", cmd)
			r := float64(len(f)) / float64(len(g))
			t.Logf("level %d %-14s ours %7d  zstd %7d  ratio %.3f", lvl, name, len(f), len(g), r)
			if r > 1.08 {
				t.Errorf("level %d %s: %d bytes, zstd %d", lvl, name, len(f), len(g))
			}
		}
	}
}
