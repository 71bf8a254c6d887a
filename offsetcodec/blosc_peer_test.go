package offsetcodec

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
)

// Peer tests run Debian's python3-blosc (C-Blosc 1.21) and python3-numcodecs
// (numcodecs 0.11, with its own C-Blosc 1.21), under the policy of
// internal/peertest.

// peerDecodeScript decodes every file named in the manifest (argv[1]) with
// blosc.decompress and numcodecs.Blosc().decode and prints, per file, the
// sha256 of each result (or the error).
const peerDecodeScript = `
import sys, json, hashlib, blosc, numcodecs
man = json.load(open(sys.argv[1]))
codec = numcodecs.Blosc()
out = {}
for name in man:
    data = open(name, "rb").read()
    res = {}
    try:
        res["blosc"] = hashlib.sha256(blosc.decompress(data)).hexdigest()
    except Exception as e:
        res["blosc"] = "error: %r" % e
    try:
        res["numcodecs"] = hashlib.sha256(bytes(codec.decode(data))).hexdigest()
    except Exception as e:
        res["numcodecs"] = "error: %r" % e
    out[name] = res
json.dump(out, sys.stdout)
`

// TestPeerDecodesBlosc: chunks the blosc codec writes decode in C-Blosc 1.21
// and numcodecs, for every cname, shuffle mode and a range of typesizes,
// sizes, levels and blocksizes.
func TestPeerDecodesBlosc(t *testing.T) {
	peertest.Python(t, "blosc", "numcodecs")
	dir := t.TempDir()
	want := map[string]string{}
	var names []string
	n := 0
	add := func(p BloscConfig, size int) {
		c, err := NewBlosc(p)
		if err != nil {
			t.Fatal(err)
		}
		src := bloscTestData(size, int64(n))
		enc, err := c.Encode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("%03d_%s_c%d_%s_ts%d_bs%d_n%d", n, p.Cname, p.Clevel, p.Shuffle, p.Typesize, p.Blocksize, size))
		n++
		if err := os.WriteFile(name, enc, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(src)
		want[name] = hex.EncodeToString(sum[:])
		names = append(names, name)
	}
	sizes := []int{0, 7, 100, 5000, 150000} // 150000: blocks compressed in parallel
	if testing.Short() {
		sizes = []int{7, 5000, 70000}
	}
	for _, cname := range bloscCnamesAll {
		for _, shuffle := range []string{NoShuffle, ByteShuffle, BitShuffle} {
			for _, ts := range []int{1, 2, 4, 8, 16, 24} {
				for _, size := range sizes {
					add(BloscConfig{Cname: cname, Clevel: 5, Shuffle: shuffle, Typesize: ts}, size)
				}
			}
			for _, clevel := range []int{0, 1, 9} {
				add(BloscConfig{Cname: cname, Clevel: clevel, Shuffle: shuffle, Typesize: 4}, 50000)
			}
			for _, bs := range []int{1, 100, 1000, 4096} {
				add(BloscConfig{Cname: cname, Clevel: 5, Shuffle: shuffle, Typesize: 4, Blocksize: bs}, 5000)
			}
		}
	}
	man, _ := json.Marshal(names)
	manPath := filepath.Join(dir, "manifest.json")
	if err := os.WriteFile(manPath, man, 0o644); err != nil {
		t.Fatal(err)
	}
	var got map[string]map[string]string
	if err := json.Unmarshal(peertest.RunPython(t, peerDecodeScript, manPath), &got); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		for _, peer := range []string{"blosc", "numcodecs"} {
			if peer == "numcodecs" && strings.HasSuffix(name, "_n0") {
				// numcodecs 0.11 fails on every empty chunk, its own
				// included ("error during blosc decompression: 0").
				continue
			}
			if g := got[name][peer]; g != want[name] {
				t.Errorf("%s: %s decodes %s, want sha256 %s", filepath.Base(name), peer, g, want[name])
			}
		}
	}
	t.Logf("%d chunks decoded by C-Blosc 1.21 and numcodecs", len(names))
}

// peerEncodeScript writes chunks with numcodecs.Blosc for every cname and
// shuffle mode: argv[1] is the output directory; it prints the list of
// files with the sha256 of their input.
const peerEncodeScript = `
import sys, os, json, hashlib, numpy as np, numcodecs
out = []
rng = np.random.default_rng(7)
for dt in ("u1", "<u2", "<i4", "<f8"):
    a = (np.arange(20000) * 3 + rng.integers(0, 16, 20000)).astype(dt)
    for cname in ("blosclz", "lz4", "lz4hc", "zlib", "zstd"):
        for shuffle in (0, 1, 2):
            for clevel in (1, 5, 9):
                enc = numcodecs.Blosc(cname=cname, clevel=clevel, shuffle=shuffle).encode(a)
                name = os.path.join(sys.argv[1], "%s_%s_s%d_c%d" % (dt.strip("<"), cname, shuffle, clevel))
                open(name, "wb").write(enc)
                out.append([name, hashlib.sha256(a.tobytes()).hexdigest()])
json.dump(out, sys.stdout)
`

// TestPeerWritesBlosc: the blosc and blosc2 codecs decode chunks numcodecs
// writes (C-Blosc 1.21), for every cname and shuffle mode.
func TestPeerWritesBlosc(t *testing.T) {
	peertest.Python(t, "blosc", "numcodecs")
	var files [][2]string
	if err := json.Unmarshal(peertest.RunPython(t, peerEncodeScript, t.TempDir()), &files); err != nil {
		t.Fatal(err)
	}
	b1, _ := NewBlosc(BloscConfig{Cname: "zstd", Clevel: 5, Shuffle: NoShuffle})
	b2, _ := NewBlosc2(Blosc2Config{Cname: "zstd", Clevel: 5, Typesize: 1})
	for _, f := range files {
		data, err := os.ReadFile(f[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []interface {
			DecodeLimit(dst, src []byte, limit int) ([]byte, error)
		}{b1, b2} {
			dec, err := c.DecodeLimit(nil, data, 1<<20)
			if err != nil {
				t.Errorf("%s: %v", filepath.Base(f[0]), err)
				continue
			}
			if sum := sha256.Sum256(dec); hex.EncodeToString(sum[:]) != f[1] {
				t.Errorf("%s: decoded bytes differ", filepath.Base(f[0]))
			}
		}
	}
	if len(files) != 4*5*3*3 {
		t.Errorf("%d files from numcodecs", len(files))
	}
}
