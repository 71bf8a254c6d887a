package lz4hc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
)

// peerLevels are the levels where Debian's liblz4 1.9.4 (python3-lz4) and
// lz4 1.10.0 give the same bytes: 1.10 replaced levels 1 and 2 with its
// lz4mid strategy; the hash-chain levels 3 to 9 are unchanged.
var peerLevels = []int{3, 4, 5, 6, 7, 8, 9}

// peerScript compresses the files named by argv[2:] in directory argv[1] at
// every level of argv[2] (comma-separated) with LZ4_compress_HC, writing
// NAME.LEVEL.lz4 beside them.
const peerScript = `
import sys, os, lz4.block
d, levels, names = sys.argv[1], [int(x) for x in sys.argv[2].split(',')], sys.argv[3:]
for n in names:
    data = open(os.path.join(d, n), 'rb').read()
    for l in levels:
        out = lz4.block.compress(data, mode='high_compression', compression=l, store_size=False)
        open(os.path.join(d, '%s.%d.lz4' % (n, l)), 'wb').write(out)
`

// TestPeerLiblz4 compares the output with Debian's liblz4 (through
// python3-lz4) at the levels where its version agrees with lz4 1.10.0.
func TestPeerLiblz4(t *testing.T) {
	peertest.SkipIfDisabled(t, "python3-lz4")
	peertest.Python(t, "lz4")
	// Larger inputs add little: the window is 64 KiB.
	ds := testInputs(256 << 10)
	dir := t.TempDir()
	var names []string
	for i, d := range ds {
		name := strconv.Itoa(i)
		if err := os.WriteFile(filepath.Join(dir, name), d.data, 0o600); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	lv := ""
	for i, l := range peerLevels {
		if i > 0 {
			lv += ","
		}
		lv += strconv.Itoa(l)
	}
	peertest.RunPython(t, peerScript, append([]string{dir, lv}, names...)...)
	c := NewCompressor()
	for i, d := range ds {
		dst := make([]byte, CompressBound(len(d.data)))
		for _, l := range peerLevels {
			want, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%d.%d.lz4", i, l)))
			if err != nil {
				t.Fatal(err)
			}
			n := c.Compress(dst, d.data, l)
			if !bytes.Equal(dst[:n], want) {
				t.Errorf("%s level %d: %d bytes, liblz4 %d; first difference at %d", d.name, l, n, len(want), firstDiff(dst[:n], want))
			}
		}
	}
}
