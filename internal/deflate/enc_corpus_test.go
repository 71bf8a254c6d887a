package deflate_test

import (
	"bytes"
	stdzlib "compress/zlib"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/internal/deflate"
)

// TestCompressCorpus compresses the decoded contents of the corpus chunks
// (C-Blosc2's reference datasets) at levels 1, 5 and 9 and decodes them
// with our decoder and the standard library's.
func TestCompressCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/chunks/*.b2chunk")
	if len(files) == 0 {
		t.Skip("no corpus chunks")
	}
	var c deflate.Compressor
	var d deflate.Decompressor
	n := 0
	for i, f := range files {
		if testing.Short() && i%4 != 0 {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data, err := blosc.Decompress(nil, b)
		if err != nil || len(data) == 0 {
			continue
		}
		n++
		for _, level := range []int{1, 5, 9} {
			if testing.Short() && level != 5 {
				continue
			}
			z := c.CompressZlib(nil, data, level)
			got := make([]byte, len(data))
			if m, err := d.DecompressZlib(got, z); err != nil || m != len(data) || !bytes.Equal(got, data) {
				t.Fatalf("%s level %d: ours: %v", filepath.Base(f), level, err)
			}
			r, err := stdzlib.NewReader(bytes.NewReader(z))
			if err != nil {
				t.Fatal(err)
			}
			if g, err := io.ReadAll(r); err != nil || !bytes.Equal(g, data) {
				t.Fatalf("%s level %d: std: %v", filepath.Base(f), level, err)
			}
		}
	}
	if n == 0 {
		t.Fatal("no corpus chunk decoded")
	}
	t.Logf("%d chunks", n)
}
