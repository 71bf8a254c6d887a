package blosc

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestCompressBlosc1Peer writes FormatBlosc1 chunks for every codec and
// filter combination C-Blosc 1.x knows and has C-Blosc 1.21 decode them.
func TestCompressBlosc1Peer(t *testing.T) {
	peertest.Python(t, "blosc")
	dir := t.TempDir()
	type pcase struct {
		name string
		sum  string
	}
	var cases []pcase
	var paths []string
	pipelines := map[string][]Filter{
		"noshuffle": nil, "shuffle": {Shuffle}, "bitshuffle": {BitShuffle},
	}
	sizes := []int{0, 31, 100, 1000, 4099, 100003}
	if encFull() {
		sizes = append(sizes, 1<<20+5)
	}
	inputs := map[string][]byte{}
	for _, n := range sizes {
		inputs[fmt.Sprintf("i32noise%d", n)] = encGenerate("i32noise", uint64(n), 4, n)
		inputs[fmt.Sprintf("f64sine%d", n)] = encGenerate("f64sine", uint64(n), 8, n)
		inputs[fmt.Sprintf("text%d", n)] = encText(uint64(n), n)
		inputs[fmt.Sprintf("runs%d", n)] = encGenerate("runs", uint64(n), 8, n)
	}
	// Incompressible: the memcpyed fallback, whose header keeps the
	// compression flags as C-Blosc 1.x writes them.
	inputs["random100003"] = encGenerate("random", 1, 8, 100003)
	for _, c := range []Codec{BloscLZ, LZ4, LZ4HC, Zlib, Zstd} {
		for pname, pl := range pipelines {
			for _, ts := range []int{1, 2, 4, 8, 16, 24} {
				if !encFull() && (ts == 2 || ts == 16 || (testing.Short() && ts > 8)) {
					continue
				}
				for _, clevel := range []int{0, 1, 5, 9} {
					o := encOpts(c, clevel, ts, pl...)
					o.Format = FormatBlosc1
					e, err := NewEncoder(o)
					if err != nil {
						t.Fatalf("%v %s ts%d: %v", c, pname, ts, err)
					}
					for iname, data := range inputs {
						if clevel != 5 && (!strings.HasSuffix(iname, "100003") || (!encFull() && ts != 8)) {
							continue
						}
						chunk, err := e.Compress(nil, data)
						if err != nil {
							t.Fatal(err)
						}
						name := fmt.Sprintf("%s_c%d_%s_ts%d_%s", c, clevel, pname, ts, iname)
						p := filepath.Join(dir, name+".blosc")
						if err := os.WriteFile(p, chunk, 0o644); err != nil {
							t.Fatal(err)
						}
						sum := sha256.Sum256(data)
						cases = append(cases, pcase{name, hex.EncodeToString(sum[:])})
						paths = append(paths, p)
					}
				}
			}
		}
	}
	// Shuffled blocks that are not split: zstd frames of many blocks, one
	// per byte plane (see zstdCompress), at each level mapping.
	planar := map[string][]byte{"i32rampnoise": testgen.RampNoise(600001), "f64smooth": testgen.Sine(600001)}
	for iname, data := range planar {
		ts := 4
		if iname == "f64smooth" {
			ts = 8
		}
		for _, f := range []Filter{Shuffle, BitShuffle} {
			for _, clevel := range []int{1, 3, 5, 9} {
				o := encOpts(Zstd, clevel, ts, f)
				o.Format, o.SplitMode, o.Blocksize = FormatBlosc1, SplitNever, 256<<10
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				chunk, err := e.Compress(nil, data)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("zstd_c%d_%v_ts%d_%s_nosplit", clevel, f, ts, iname)
				p := filepath.Join(dir, name+".blosc")
				if err := os.WriteFile(p, chunk, 0o644); err != nil {
					t.Fatal(err)
				}
				sum := sha256.Sum256(data)
				cases = append(cases, pcase{name, hex.EncodeToString(sum[:])})
				paths = append(paths, p)
			}
		}
	}
	version, sums := peertest.CBlosc1Sums(t, dir, paths)
	bad := 0
	for i, c := range cases {
		if got := sums[paths[i]]; got != c.sum {
			bad++
			if bad <= 2000 {
				t.Errorf("%s: C-Blosc %s decodes it wrongly: %s", c.name, version, got)
			}
		}
	}
	t.Logf("C-Blosc %s decoded %d of %d chunks correctly", version, len(cases)-bad, len(cases))
}
