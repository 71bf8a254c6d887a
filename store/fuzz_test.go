package store

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// seedStores returns small stores of every file form, written here, and
// the python-blosc2 test files.
func seedStores(f *testing.F) [][]byte { return seedStoresT(f) }

func seedStoresT(f testing.TB) [][]byte {
	f.Helper()
	var out [][]byte
	dir := f.TempDir()
	small := content{
		arrays:  map[string][]byte{"/a": testContent().arrays["/node1"], "/g/b": testContent().arrays["/dir1/sub/deep"]},
		schunks: map[string][]byte{"/g/s": []byte("abcdabcdabcd")},
		remote:  map[string][2]string{"/r": {"https://x", "p"}},
	}
	for i, name := range []string{"s.b2z", "s.b2e", "t.b2z"} {
		p := filepath.Join(dir, name)
		writeStore(f, p, &Options{Threshold: int64(i) * 100}, small)
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	bf := batchFrame(f, [][]any{{"a", 1}, {"b"}}, 1)
	for _, name := range []string{"b.b2z", "b.b2e"} {
		p := filepath.Join(dir, name)
		w, err := Create(p, nil)
		if err != nil {
			f.Fatal(err)
		}
		if err := w.AddFrame("/batch", bf); err != nil {
			f.Fatal(err)
		}
		if err := w.Close(); err != nil {
			f.Fatal(err)
		}
		b, _ := os.ReadFile(p)
		out = append(out, b)
	}
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "stores", "*", "*", "*"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// FuzzOpenStore opens arbitrary bytes as a .b2z or .b2e and reads every
// member: errors are fine, panics and runaway allocations are not.
func FuzzOpenStore(f *testing.F) {
	for _, b := range seedStores(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		done := make(chan struct{})
		go func() { readAllOf(b); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			panic("reading the store took more than 20 s")
		}
	})
}

// FuzzEmbedMap decodes arbitrary estore_metadata over an embed store
// holding two frames.
func FuzzEmbedMap(f *testing.F) {
	fr := smallFrame(f)
	n := int64(len(fr))
	data := append(append([]byte(nil), fr...), fr...)
	f.Add(mp(f, map[string]any{"embed_map": map[string]any{"/a": map[string]any{"offset": 0, "length": n}, "/b/c": map[string]any{"offset": n, "length": n}}, "current_offset": 2 * n}))
	f.Add(mp(f, map[string]any{"embed_map": map[string]any{"/r": map[string]any{"urlbase": "https://x", "path": "p"}}, "current_offset": 0}))
	f.Fuzz(func(t *testing.T, raw []byte) {
		readAllOf(embedWithMeta(t, metaTree, raw, data))
	})
}

// FuzzDecodeValue decodes arbitrary msgpack as BatchArray items.
func FuzzDecodeValue(f *testing.F) {
	f.Add(mp(f, []any{"a", 1, map[string]any{"x": []any{"__tuple__", 1.5}}, CFrame{Data: []byte("x")}, Reference{Kind: "c2array", Payload: map[string]any{"kind": "c2array"}}}))
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0xc6, 0x69, 0xf2, 0xbd, 0xc3, 0xeb}) // a bin claiming 1.7 GB
	f.Fuzz(func(t *testing.T, b []byte) {
		decodeValue(b)
	})
}
