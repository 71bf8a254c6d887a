package blosc

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/blosc2go/blosc2/shuffle"
)

// TestZstdPlaneBlocksRatio compresses shuffled blocks that are not split
// into streams, where a zstd encoder that skips faster through data
// without matches (klauspost/compress's) stores whole 128 KiB zstd blocks
// raw: the ratios must stay near C-Blosc2's (C's zstd on the same blocks:
// i32 3.3, f64 1.4-1.5).
func TestZstdPlaneBlocksRatio(t *testing.T) {
	for _, tc := range []struct {
		name      string
		data      []byte
		typesize  int
		filter    Filter
		blocksize int
		clevel    int
		min       float64
	}{
		{"i32/shuffle/256K/c1", testgen.RampNoise(1 << 20), 4, Shuffle, 256 << 10, 1, 3.0},
		{"i32/shuffle/256K/c3", testgen.RampNoise(1 << 20), 4, Shuffle, 256 << 10, 3, 3.0},
		{"i32/shuffle/64K/c1", testgen.RampNoise(1 << 20), 4, Shuffle, 64 << 10, 1, 3.0},
		{"i32/bitshuffle/256K/c1", testgen.RampNoise(1 << 20), 4, BitShuffle, 256 << 10, 1, 3.2},
		{"f64/shuffle/64K/c1", testgen.Sine(1 << 20), 8, Shuffle, 64 << 10, 1, 1.36}, // zstd -1 on these blocks: 1.370
		{"f64/shuffle/256K/c1", testgen.Sine(1 << 20), 8, Shuffle, 256 << 10, 1, 1.38},
		{"f64/shuffle/256K/c5", testgen.Sine(1 << 20), 8, Shuffle, 256 << 10, 5, 1.43},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, format := range []Format{FormatBlosc2, FormatBlosc1} {
				o := encOpts(Zstd, tc.clevel, tc.typesize, tc.filter)
				o.Blocksize, o.SplitMode, o.Format = tc.blocksize, SplitNever, format
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				chunk := encRoundTrip(t, e, tc.data)
				if r := float64(len(tc.data)) / float64(len(chunk)); r < tc.min {
					t.Errorf("%v: ratio %.3f, want at least %.2f", format, r, tc.min)
				}
			}
		})
	}
}

// TestZstdDeterministic checks that a worker's kept zstd state does not
// change the bytes: each input compresses the same whatever was
// compressed before it.
func TestZstdDeterministic(t *testing.T) {
	inputs := [][]byte{testgen.RampNoise(1 << 20), testgen.RampNoise(300001), testgen.Sine(70001), encGenerate("random", 3, 8, 200000), testgen.RampNoise(5000)}
	for _, clevel := range []int{1, 5, 9} {
		for _, f := range []Filter{Shuffle, BitShuffle} {
			o := encOpts(Zstd, clevel, 4, f)
			o.SplitMode, o.Workers = SplitNever, 1
			want := make([][]byte, len(inputs))
			for i, in := range inputs {
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				if want[i], err = e.Compress(nil, in); err != nil {
					t.Fatal(err)
				}
			}
			e, err := NewEncoder(o)
			if err != nil {
				t.Fatal(err)
			}
			for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 4, 1, 3, 0, 2}} {
				for _, i := range order {
					got, err := e.Compress(nil, inputs[i])
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want[i]) {
						t.Fatalf("clevel %d %v: input %d compressed to other bytes after %v", clevel, f, i, order)
					}
				}
			}
		}
	}
}

func TestIsRun(t *testing.T) {
	for _, n := range []int{1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 8191, 8192, 8193, 16384 + 64, 100003} {
		for _, v := range []byte{0, 0xA5} {
			b := bytes.Repeat([]byte{v}, n)
			if !isRun(b) {
				t.Fatalf("isRun(%d x %#x) = false", n, v)
			}
			// A different byte anywhere breaks a run of two bytes or more.
			for _, at := range []int{0, 1, n / 2, n - 1, 63, 64, 65, 8191, 8192, 8256} {
				if at >= n || n == 1 {
					continue
				}
				b[at] ^= 1
				if isRun(b) {
					t.Fatalf("isRun(%d x %#x with byte %d changed) = true", n, v, at)
				}
				b[at] ^= 1
			}
		}
	}
	if isRun(nil) {
		t.Error("isRun(nil) = true")
	}
}

// TestZstdOwnPeers decodes the zstd frames our encoder writes for Blosc's
// streams at every clevel (fast to lazy2 at clevels 1-5, btlazy2 and btopt
// at 6-7, the optimal parsers at 8-9) with our decoder, klauspost/compress's and the
// zstd command line tool, with and without a dictionary: shuffled,
// bitshuffled and plain floats and integers, text and noise, of the
// stream sizes C-Blosc2's blocks give and odd ones.
func TestZstdOwnPeers(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	dict := testgen.Text(4000, 9)
	dictFile := filepath.Join(t.TempDir(), "dict")
	if err := os.WriteFile(dictFile, dict, 0o644); err != nil {
		t.Fatal(err)
	}
	kd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer kd.Close()
	kdd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderDictRaw(0, dict))
	if err != nil {
		t.Fatal(err)
	}
	defer kdd.Close()
	var ours izstd.Decoder
	sizes := []int{512 << 10, 256 << 10, 100003} // 512 KiB: btlazy2 at clevel 7
	if testing.Short() {
		sizes = sizes[2:]
	}
	for _, n := range sizes {
		streams := map[string][]byte{
			"text":   testgen.Text(n, 5),
			"random": testgen.Random(n, 6),
		}
		for _, ds := range []struct {
			name string
			ts   int
			data []byte
		}{{"f64", 8, testgen.Sine(n)}, {"i32", 4, testgen.RampNoise(n)}} {
			m := n / ds.ts * ds.ts
			sh := append([]byte(nil), ds.data...)
			shuffle.Shuffle(sh[:m], ds.data[:m], ds.ts)
			bs := append([]byte(nil), ds.data...)
			shuffle.BitShuffle(bs[:m], ds.data[:m], ds.ts)
			streams[ds.name+"-shuffle"], streams[ds.name+"-bitshuffle"], streams[ds.name] = sh, bs, ds.data
		}
		for _, clevel := range []int{1, 4, 5, 6, 7, 8, 9} {
			for _, withDict := range []bool{false, true} {
				o := encOpts(Zstd, clevel, 4, Shuffle)
				if withDict {
					o.Dict = dict
				}
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				for name, src := range streams {
					id := fmt.Sprintf("%d/%s/clevel%d/dict=%v", n, name, clevel, withDict)
					dst := make([]byte, len(src)+len(src)/2)
					c := e.zstdCompressOwn(nil, dst, src, e.opts.Dict)
					if c == 0 {
						t.Fatalf("%s: no frame", id)
					}
					f := dst[:c]
					got := make([]byte, len(src))
					var k int
					if withDict {
						d, err := izstd.NewDict(dict)
						if err != nil {
							d = izstd.NewRawDict(0, dict)
						}
						k, err = ours.DecodeDictInto(got, f, d)
					} else {
						k, err = ours.DecodeInto(got, f)
					}
					if err != nil || !bytes.Equal(got[:k], src) {
						t.Fatalf("%s: our decoder: %v", id, err)
					}
					kdec := kd
					args := []string{"-q", "-d", "-c"}
					if withDict {
						kdec = kdd
						args = append(args, "-D", dictFile)
					}
					if got, err := kdec.DecodeAll(f, nil); err != nil || !bytes.Equal(got, src) {
						t.Fatalf("%s: klauspost/compress: %v", id, err)
					}
					cmd := exec.Command(tool, args...)
					cmd.Stdin = bytes.NewReader(f)
					if got := peertest.Output(t, "zstd -d "+id, cmd); !bytes.Equal(got, src) {
						t.Fatalf("%s: zstd -d gives other bytes", id)
					}
				}
			}
		}
	}
}

// TestZstdCLevel checks the zstd levels C-Blosc2 passes for each clevel.
// C-Blosc2 (b17d0c3, blosc/blosc2.c, zstd_wrap_compress) maps clevel c to
// 2c-1 below 9 and to ZSTD_maxCLevel() (22) for 9, and only then tests
// "if (clevel == 8) clevel = ZSTD_maxCLevel() - 2": the mapped level is
// odd, so that never fires and clevel 8 is zstd level 15, not 20.
func TestZstdCLevel(t *testing.T) {
	want := map[int]int{0: 1, 1: 1, 2: 3, 3: 5, 4: 7, 5: 9, 6: 11, 7: 13, 8: 15, 9: 22}
	for c, w := range want {
		if got := zstdCLevel(c); got != w {
			t.Errorf("zstdCLevel(%d) = %d, C-Blosc2 passes %d", c, got, w)
		}
	}
}
