package deflate

import (
	"bytes"
	stdzlib "compress/zlib"
	"io"
	"testing"
)

// FuzzCompressZlib compresses arbitrary input at an arbitrary level and
// decodes it with our decoder and the standard library's.
func FuzzCompressZlib(f *testing.F) {
	for _, in := range inputs {
		f.Add(in.gen(3000), byte(5))
	}
	f.Add([]byte{}, byte(0))
	f.Add(bytes.Repeat([]byte("abc"), 100), byte(9))
	var c Compressor
	var d Decompressor
	f.Fuzz(func(t *testing.T, data []byte, level byte) {
		lv := int(level%11) - 1
		z := c.CompressZlib(nil, data, lv)
		got := make([]byte, len(data))
		n, err := d.DecompressZlib(got, z)
		if err != nil || n != len(data) || !bytes.Equal(got, data) {
			t.Fatalf("level %d: ours: %v", lv, err)
		}
		r, err := stdzlib.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		g, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(g, data) {
			t.Fatalf("level %d: std: %v", lv, err)
		}
	})
}
