package deflate

import (
	"bytes"
	stdzlib "compress/zlib"
	"fmt"
	"io"
	"testing"

	kzlib "github.com/klauspost/compress/zlib"
)

// checkZlib decodes z with our decoder, the standard library's and
// klauspost's and compares with want.
func checkZlib(t *testing.T, name string, z, want []byte) {
	t.Helper()
	var d Decompressor
	got := make([]byte, len(want)+1)
	n, err := d.DecompressZlib(got, z)
	if err != nil || n != len(want) || !bytes.Equal(got[:n], want) {
		t.Fatalf("%s: ours: n=%d/%d err=%v", name, n, len(want), err)
	}
	r, err := stdzlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatalf("%s: std: %v", name, err)
	}
	g, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(g, want) {
		t.Fatalf("%s: std: %v", name, err)
	}
	kr, err := kzlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatalf("%s: klauspost: %v", name, err)
	}
	g, err = io.ReadAll(kr)
	if err != nil || !bytes.Equal(g, want) {
		t.Fatalf("%s: klauspost: %v", name, err)
	}
}

func TestCompressZlibRoundTrip(t *testing.T) {
	var c Compressor
	for _, in := range inputs {
		for _, size := range []int{0, 1, 2, 3, 4, 100, 258, 259, 4096, 65535, 65536, 70000, 1 << 20} {
			data := in.gen(size)
			for _, level := range []int{-1, 0, 1, 3, 4, 5, 6, 9} {
				if testing.Short() && size == 1<<20 && level > 6 {
					continue
				}
				name := fmt.Sprintf("%s/%d/L%d", in.name, size, level)
				z := c.CompressZlib(nil, data, level)
				checkZlib(t, name, z, data)
			}
		}
	}
}

func TestCompressSizes(t *testing.T) {
	var c Compressor
	for _, in := range inputs {
		data := in.gen(1 << 18)
		z := c.CompressZlib(nil, data, 5)
		var kb bytes.Buffer
		kw, _ := kzlib.NewWriterLevel(&kb, 7)
		kw.Write(data)
		kw.Close()
		var sb bytes.Buffer
		sw, _ := stdzlib.NewWriterLevel(&sb, 5)
		sw.Write(data)
		sw.Close()
		t.Logf("%-10s ours %7d  klauspost7 %7d  std5 %7d", in.name, len(z), kb.Len(), sb.Len())
	}
}
