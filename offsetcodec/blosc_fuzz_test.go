package offsetcodec

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

var bloscFuzzConfigs = []string{
	`{"name":"blosc","configuration":{"cname":"lz4","clevel":1,"shuffle":"shuffle","typesize":4,"blocksize":0}}`,
	`{"name":"blosc","configuration":{"cname":"zstd","clevel":9,"shuffle":"bitshuffle","typesize":1,"blocksize":256}}`,
	`{"name":"blosc","configuration":{"cname":"blosclz","clevel":5,"shuffle":"noshuffle"}}`,
	`{"name":"blosc","configuration":{"cname":"zlib"}}`,
	`{"name":"blosc","configuration":{"cname":"lz4hc","clevel":3,"shuffle":"shuffle","typesize":300}}`,
	`{"name":"blosc2","configuration":{"cname":"zstd","clevel":5,"typesize":4,"filters":[{"id":"trunc_prec","meta":10},{"id":"shuffle"}],"blocksize":0,"splitmode":"auto"}}`,
	`{"name":"blosc2","configuration":{"cname":"lz4","filters":[{"id":"delta"},{"id":"bytedelta","meta":2},{"id":"bitshuffle"}],"splitmode":"always"}}`,
	`{"name":"blosc2","configuration":{"cname":"blosclz","clevel":9,"typesize":8,"filters":[{"id":"int_trunc","meta":-5}]}}`,
	`{"name":"blosc2"}`,
}

// FuzzBloscNew builds blosc and blosc2 codecs from JSON: a codec that was
// built must marshal to metadata that builds the same codec, and must
// round-trip any payload (to the length only through lossy filters).
func FuzzBloscNew(f *testing.F) {
	for i, s := range bloscFuzzConfigs {
		f.Add([]byte(s), uint8(i), bloscTestData(1000+i*37, int64(i)))
	}
	f.Fuzz(func(t *testing.T, js []byte, itemSize uint8, payload []byte) {
		c, err := New(js)
		if err != nil {
			return
		}
		if _, ok := c.(Sizer); ok {
			return // offset and pad: FuzzNew
		}
		if r, ok := c.(ItemSizeResolver); ok {
			if c, err = r.ResolveItemSize(int(itemSize%16) + 1); err != nil {
				return // e.g. trunc_prec with 2-byte items
			}
		}
		back, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		c2, err := New(back)
		if err != nil {
			t.Fatalf("re-reading %s: %v", back, err)
		}
		if back2, _ := c2.MarshalJSON(); !bytes.Equal(back, back2) {
			t.Fatalf("metadata not stable: %s vs %s", back, back2)
		}
		if len(payload) > 1<<16 {
			payload = payload[:1<<16]
		}
		enc, err := c.Encode(nil, payload)
		if err != nil {
			t.Fatalf("%s: %v", back, err)
		}
		dec, err := c2.(interface {
			DecodeLimit(dst, src []byte, limit int) ([]byte, error)
		}).DecodeLimit(nil, enc, len(payload))
		if err != nil {
			t.Fatalf("%s: decode: %v", back, err)
		}
		lossy := bytes.Contains(back, []byte(`"trunc_prec"`)) || bytes.Contains(back, []byte(`"int_trunc"`))
		if len(dec) != len(payload) || (!lossy && !bytes.Equal(dec, payload)) {
			t.Fatalf("%s: round trip differs", back)
		}
	})
}

// FuzzBloscDecode feeds arbitrary chunks to the blosc codec: errors, never
// panics, and never more than the limit.
func FuzzBloscDecode(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "chunks", "*.b2chunk"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && len(b) <= 16<<10 {
			f.Add(b)
		}
	}
	for _, s := range bloscFuzzConfigs[:4] {
		c, _ := New([]byte(s))
		if r, ok := c.(ItemSizeResolver); ok {
			c, _ = r.ResolveItemSize(2)
		}
		enc, _ := c.Encode(nil, bloscTestData(3000, 1))
		f.Add(enc)
	}
	const limit = 1 << 20
	c, _ := NewBlosc(BloscConfig{Cname: "zstd", Clevel: 5, Shuffle: NoShuffle})
	f.Fuzz(func(t *testing.T, chunk []byte) {
		out, err := c.DecodeLimit(nil, chunk, limit)
		if err != nil {
			return
		}
		h, err := blosc.ReadHeader(chunk)
		if err != nil || len(out) != int(h.Nbytes) || len(out) > limit {
			t.Fatalf("decoded %d bytes, header %v (%v)", len(out), h.String(), err)
		}
	})
}
