package lz4enc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/blosc2go/blosc2/internal/lz4dec"
	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
	"github.com/pierrec/lz4/v4"
)

// dictCase is a block and a dictionary for it.
type dictCase struct {
	name       string
	src, dict  []byte
	mustShrink bool // the dictionary must make the block smaller
}

func dictCases() []dictCase {
	text := testgen.Text(200<<10, 11)
	ramp := testgen.Shuffle(testgen.RampNoise(128<<10), 4)
	return []dictCase{
		{"text-prefix", text[100<<10 : 132<<10], text[:100<<10], false},
		{"text-self", text[:20<<10], text[:20<<10], true}, // the block is in the dictionary
		{"ramp", ramp[64<<10:], ramp[:8<<10], false},
		{"tiny-dict", text[:5000], []byte("abc"), false},
		{"tiny-block", []byte("hello hello"), []byte("hello hello hello"), false},
		{"empty-block", nil, text[:100], false},
		{"big-dict", text[140<<10 : 144<<10], text[:150<<10], true}, // in the last 64 KiB, the window
		{"random", testgen.Random(64<<10, 3), testgen.Random(64<<10, 4), false},
	}
}

// TestCompressDictRoundTrip: several accelerations, decoded with the dictionary by
// our decoder and by pierrec/lz4; a dictionary holding the block shrinks it.
func TestCompressDictRoundTrip(t *testing.T) {
	c := new(Compressor)
	for _, tc := range dictCases() {
		for _, accel := range []int{1, 5, 9, 100} {
			dst := make([]byte, CompressBound(len(tc.src)))
			n := c.CompressDict(dst, tc.src, tc.dict, accel)
			if n == 0 {
				t.Fatalf("%s acceleration %d: no output", tc.name, accel)
			}
			out := make([]byte, len(tc.src)+64)
			m, err := lz4dec.Decompress(out, dst[:n], tc.dict)
			if err != nil || !bytes.Equal(out[:m], tc.src) {
				t.Fatalf("%s acceleration %d: lz4dec: %v, equal %v", tc.name, accel, err, bytes.Equal(out[:m], tc.src))
			}
			if len(tc.src) > 0 {
				out2 := make([]byte, len(tc.src))
				m2, err := lz4.UncompressBlockWithDict(dst[:n], out2, tc.dict)
				if err != nil || !bytes.Equal(out2[:m2], tc.src) {
					t.Fatalf("%s acceleration %d: pierrec/lz4: %v", tc.name, accel, err)
				}
			}
			plain := c.Compress(make([]byte, CompressBound(len(tc.src))), tc.src, accel)
			if tc.mustShrink && n*4 > plain {
				t.Errorf("%s acceleration %d: %d bytes with the dictionary, %d without", tc.name, accel, n, plain)
			}
			// Interleaved with plain calls, the state carries nothing over.
			n2 := c.CompressDict(make([]byte, len(dst)), tc.src, tc.dict, accel)
			if n2 != n {
				t.Errorf("%s acceleration %d: %d bytes, then %d", tc.name, accel, n, n2)
			}
		}
	}
}

// TestCompressDictLimited: with too little room the block is refused,
// never written past len(dst).
func TestCompressDictLimited(t *testing.T) {
	c := new(Compressor)
	tc := dictCases()[0]
	dst := make([]byte, CompressBound(len(tc.src)))
	n := c.CompressDict(dst, tc.src, tc.dict, 5)
	for _, room := range []int{0, 1, n / 2, n - 1} {
		buf := make([]byte, room+16)
		for i := range buf {
			buf[i] = 0xAA
		}
		if got := c.CompressDict(buf[:room], tc.src, tc.dict, 5); got != 0 {
			t.Errorf("room %d: %d bytes", room, got)
		}
		for i := room; i < len(buf); i++ {
			if buf[i] != 0xAA {
				t.Fatalf("room %d: byte %d written", room, i)
			}
		}
	}
}

// TestPeerDictDecode: liblz4 (python3-lz4's LZ4_decompress_safe_usingDict)
// decodes what CompressDict writes.
func TestPeerDictDecode(t *testing.T) {
	peertest.SkipIfDisabled(t, "python3-lz4")
	peertest.Python(t, "lz4")
	dir := t.TempDir()
	c := new(Compressor)
	var names []string
	var want [][]byte
	for i, tc := range dictCases() {
		if len(tc.src) == 0 {
			continue
		}
		for _, accel := range []int{1, 5, 9, 100} {
			dst := make([]byte, CompressBound(len(tc.src)))
			n := c.CompressDict(dst, tc.src, tc.dict, accel)
			name := fmt.Sprintf("%d-%d", i, accel)
			for suffix, b := range map[string][]byte{".lz4": dst[:n], ".dict": tc.dict} {
				if err := os.WriteFile(filepath.Join(dir, name+suffix), b, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			names = append(names, name+" "+strconv.Itoa(len(tc.src)))
			want = append(want, tc.src)
		}
	}
	const script = `
import sys, os, lz4.block
d = sys.argv[1]
for arg in sys.argv[2:]:
    name, size = arg.split(' ')
    src = open(os.path.join(d, name + '.lz4'), 'rb').read()
    dic = open(os.path.join(d, name + '.dict'), 'rb').read()
    out = lz4.block.decompress(src, uncompressed_size=int(size), dict=dic)
    open(os.path.join(d, name + '.out'), 'wb').write(out)
`
	peertest.RunPython(t, script, append([]string{dir}, names...)...)
	for i, nm := range names {
		name := nm[:bytes.IndexByte([]byte(nm), ' ')]
		got, err := os.ReadFile(filepath.Join(dir, name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want[i]) {
			t.Errorf("%s: liblz4 decodes %d bytes, not the input", name, len(got))
		}
	}
}
