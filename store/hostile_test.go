package store

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/vmihailenco/msgpack/v5"
)

// embedWithMeta builds an embed store frame (flavor metalayer meta) whose
// estore_metadata is raw and whose byte stream is data.
func embedWithMeta(t testing.TB, flavor string, raw, data []byte) []byte {
	t.Helper()
	p := frame.DefaultParams()
	p.Typesize, p.Chunksize = 1, embedChunksize
	p.Metalayers = []frame.Metalayer{{Name: flavor, Content: versionMeta}}
	if raw != nil {
		p.VLMetalayers = []frame.Metalayer{{Name: vlmetaEstore, Content: raw}}
	}
	var buf memFile
	w, err := frame.NewWriter(&buf, p)
	if err != nil {
		t.Fatal(err)
	}
	for len(data) > 0 {
		n := min(len(data), embedChunksize)
		if err := w.AppendData(data[:n]); err != nil {
			t.Fatal(err)
		}
		data = data[n:]
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.b
}

func mp(t testing.TB, v any) []byte {
	t.Helper()
	b, err := msgpack.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// smallFrame is a complete b2nd frame of a few items.
func smallFrame(t testing.TB) []byte {
	t.Helper()
	m, d := testArray(10)
	var buf memFile
	w, err := frame.NewArrayWriter(&buf, m, frame.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(d); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.b
}

// readAllOf opens b as a store and reads everything in it, as the fuzz
// targets do.
func readAllOf(b []byte) error {
	s, err := OpenReaderAt(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return err
	}
	defer s.Close()
	return exercise(s)
}

func exercise(s *Store) error {
	var first error
	keep := func(err error) {
		if first == nil && err != nil {
			first = err
		}
	}
	for _, k := range s.Keys() {
		e, err := s.Stat(k)
		keep(err)
		if err != nil {
			continue
		}
		if e.Nbytes > 1<<20 {
			continue // the input may claim more than it holds; decoding checks it
		}
		_, err = s.ReadAll(k)
		keep(err)
		if e.Kind == KindBatchArray {
			if b, err := s.OpenBatchArray(k); err == nil {
				for i := 0; i < b.Len() && i < 16; i++ {
					_, err := b.Batch(i)
					keep(err)
				}
			}
		}
	}
	keep(s.Walk("/", func(string, []string, []string) error { return nil }))
	return first
}

func TestHostileEmbedMap(t *testing.T) {
	fr := smallFrame(t)
	n := int64(len(fr))
	data := append(append([]byte(nil), fr...), fr...)
	win := func(off, length int64) map[string]any { return map[string]any{"offset": off, "length": length} }
	for _, tc := range []struct {
		name string
		meta any
		want error
	}{
		{"ok", map[string]any{"embed_map": map[string]any{"/a": win(0, n), "/b": win(n, n)}, "current_offset": 2 * n}, nil},
		{"overflow", map[string]any{"embed_map": map[string]any{"/a": win(1<<62, 1<<62)}}, ErrCorrupt},
		{"max", map[string]any{"embed_map": map[string]any{"/a": win(9223372036854775807, 9223372036854775807)}}, ErrCorrupt},
		{"negative", map[string]any{"embed_map": map[string]any{"/a": win(-1, n)}}, ErrCorrupt},
		{"zero length", map[string]any{"embed_map": map[string]any{"/a": win(0, 0)}}, ErrCorrupt},
		{"past the end", map[string]any{"embed_map": map[string]any{"/a": win(n+1, n)}}, ErrCorrupt},
		{"overlap", map[string]any{"embed_map": map[string]any{"/a": win(0, n), "/b": win(n-1, n)}}, ErrCorrupt},
		{"dotdot", map[string]any{"embed_map": map[string]any{"/../a": win(0, n)}}, ErrCorrupt},
		{"no slash", map[string]any{"embed_map": map[string]any{"a": win(0, n)}}, ErrCorrupt},
		{"not a map", map[string]any{"embed_map": []any{1, 2}}, ErrCorrupt},
		{"string offset", map[string]any{"embed_map": map[string]any{"/a": map[string]any{"offset": "0", "length": n}}}, ErrCorrupt},
		{"no embed_map", map[string]any{"current_offset": 0}, ErrCorrupt},
		{"not msgpack", []byte{0xc1}, ErrCorrupt},
		// An unknown field nested a million arrays deep: an error, not a
		// stack overflow.
		{"deep", append(append([]byte{0x82, 0xa9, 'e', 'm', 'b', 'e', 'd', '_', 'm', 'a', 'p', 0x80, 0xa1, 'x'}, bytes.Repeat([]byte{0x91}, 1<<20)...), 0xc0), ErrCorrupt},
		{"bin lie", []byte{0x82, 0xa9, 'e', 'm', 'b', 'e', 'd', '_', 'm', 'a', 'p', 0x80, 0xa1, 'x', 0xc6, 0x7f, 0xff, 0xff, 0xff}, ErrCorrupt},
		// A map claiming 2^32-1 entries in a few bytes: an error, no allocation.
		{"huge map", []byte{0x81, 0xa9, 'e', 'm', 'b', 'e', 'd', '_', 'm', 'a', 'p', 0xdf, 0xff, 0xff, 0xff, 0xff}, ErrCorrupt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, ok := tc.meta.([]byte)
			if !ok {
				raw = mp(t, tc.meta)
			}
			b := embedWithMeta(t, metaEmbed, raw, data)
			err := readAllOf(b)
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
	// A window onto bytes that are not a frame.
	b := embedWithMeta(t, metaEmbed, mp(t, map[string]any{"embed_map": map[string]any{"/a": win(1, n)}}), data)
	if err := readAllOf(b); !errors.Is(err, ErrCorrupt) {
		t.Errorf("window onto garbage: %v", err)
	}
	// No flavor metalayer: a frame, not a store.
	if err := readAllOf(embedWithMeta(t, "other", nil, data)); !errors.Is(err, ErrNotStore) {
		t.Errorf("frame without flavor metalayer: %v", err)
	}
	if err := readAllOf([]byte("hello, world")); !errors.Is(err, ErrNotStore) {
		t.Errorf("text: %v", err)
	}
}

// testZip writes a zip of the given STORED (or deflated) members.
func testZip(t testing.TB, method uint16, members ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range members {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m[0], Method: method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(m[1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// centralDirs returns the offsets of the central directory headers of b.
func centralDirs(b []byte) []int {
	var out []int
	for i := 0; i+4 <= len(b); i++ {
		if string(b[i:i+4]) == "PK\x01\x02" {
			out = append(out, i)
		}
	}
	return out
}

func TestHostileZip(t *testing.T) {
	fr := string(smallFrame(t))
	embed := string(embedWithMeta(t, metaTree, mp(t, map[string]any{"embed_map": map[string]any{}, "current_offset": 0}), nil))
	good := testZip(t, zip.Store, [2]string{"a.b2nd", fr}, [2]string{EmbedName, embed})
	if err := readAllOf(good); err != nil {
		t.Fatalf("good zip: %v", err)
	}
	patch := func(f func(b []byte, cd []int)) []byte {
		b := append([]byte(nil), good...)
		f(b, centralDirs(b))
		return b
	}
	for _, tc := range []struct {
		name string
		b    []byte
		want error
	}{
		{"deflated", testZip(t, zip.Deflate, [2]string{"a.b2nd", fr}, [2]string{EmbedName, embed}), ErrUnsupported},
		{"deflated embed", testZip(t, zip.Deflate, [2]string{EmbedName, embed}), ErrUnsupported},
		{"dotdot", testZip(t, zip.Store, [2]string{"../a.b2nd", fr}, [2]string{EmbedName, embed}), ErrCorrupt},
		{"absolute", testZip(t, zip.Store, [2]string{"/a.b2nd", fr}, [2]string{EmbedName, embed}), ErrCorrupt},
		{"backslash", testZip(t, zip.Store, [2]string{"x\\a.b2nd", fr}, [2]string{EmbedName, embed}), ErrCorrupt},
		{"twice", testZip(t, zip.Store, [2]string{"a.b2nd", fr}, [2]string{"a.b2nd", fr}, [2]string{EmbedName, embed}), ErrCorrupt},
		{"same key", testZip(t, zip.Store, [2]string{"a.b2nd", fr}, [2]string{"a.b2f", fr}, [2]string{EmbedName, embed}), ErrCorrupt},
		{"no embed", testZip(t, zip.Store, [2]string{"a.b2nd", fr}), ErrNotStore},
		{"leaf not a frame", testZip(t, zip.Store, [2]string{"a.b2nd", "not a frame at all, no"}, [2]string{EmbedName, embed}), ErrCorrupt},
		{"size lie", patch(func(b []byte, cd []int) {
			binary.LittleEndian.PutUint32(b[cd[0]+20:], 0x7fffffff)
			binary.LittleEndian.PutUint32(b[cd[0]+24:], 0x7fffffff)
		}), ErrCorrupt},
		{"offset lie", patch(func(b []byte, cd []int) {
			binary.LittleEndian.PutUint32(b[cd[0]+42:], uint32(len(b)-10))
		}), ErrCorrupt},
		{"overlap", patch(func(b []byte, cd []int) {
			// embed.b2e's entry points at a.b2nd's local header.
			binary.LittleEndian.PutUint32(b[cd[1]+42:], 0)
		}), ErrCorrupt},
		{"directory outside", patch(func(b []byte, cd []int) {
			binary.LittleEndian.PutUint32(b[len(b)-6:], uint32(len(b)+100))
		}), ErrCorrupt},
		{"method lie", patch(func(b []byte, cd []int) {
			binary.LittleEndian.PutUint16(b[cd[0]+10:], 8)
		}), ErrUnsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := readAllOf(tc.b); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

func TestHostileDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s.b2d")
	writeStore(t, dir, nil, testContent())
	outside := filepath.Join(t.TempDir(), "secret.b2nd")
	if err := os.WriteFile(outside, smallFrame(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link.b2nd")); err != nil {
		t.Skip("no symlinks:", err)
	}
	if _, err := Open(dir); !errors.Is(err, ErrCorrupt) {
		t.Errorf("symlinked leaf: %v", err)
	}
	os.Remove(filepath.Join(dir, "link.b2nd"))
	os.Remove(filepath.Join(dir, EmbedName))
	if _, err := Open(dir); !errors.Is(err, ErrNotStore) {
		t.Errorf("no embed.b2e: %v", err)
	}
}

// TestFailedWriteKeepsStore checks that a Writer whose Close fails leaves
// the previous store, and that Abort changes nothing.
func TestFailedWriteKeepsStore(t *testing.T) {
	for _, form := range []string{"s.b2z", "s.b2e", "s.b2d"} {
		name := filepath.Join(t.TempDir(), form)
		writeStore(t, name, nil, testContent())
		before := snapshot(t, name)
		w, err := Update(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Delete("/node1"); err != nil {
			t.Fatal(err)
		}
		w.Abort()
		if got := snapshot(t, name); !bytes.Equal(got, before) {
			t.Errorf("%s: Abort changed the store", form)
		}
		if _, err := Create(name, nil); !errors.Is(err, ErrExist) {
			t.Errorf("%s: Create over an existing store: %v", form, err)
		}
		// A member whose source fails at commit time.
		w, err = Update(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		w.add(&pending{key: "/bad", kind: KindSChunk, nbytes: 10, embedded: form == "s.b2e",
			src: source{ra: failingReader{}, size: 10}})
		if err := w.Close(); err == nil {
			t.Errorf("%s: Close with a failing member succeeded", form)
		}
		if got := snapshot(t, name); !bytes.Equal(got, before) {
			t.Errorf("%s: failed Close changed the store", form)
		}
		s, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		checkStore(t, s, testContent(), 0)
		s.Close()
		leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(name), ".*tmp*"))
		if len(leftovers) > 0 {
			t.Errorf("%s: temporary files left: %v", form, leftovers)
		}
	}
}

type failingReader struct{}

func (failingReader) ReadAt([]byte, int64) (int, error) { return 0, errors.New("disk on fire") }

// snapshot returns every file of a store, concatenated with its name.
func snapshot(t *testing.T, name string) []byte {
	t.Helper()
	var out []byte
	err := filepath.Walk(name, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out = append(append(out, p...), b...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFailedCreateLeavesNothing checks that a new store whose Close fails
// leaves no file or directory behind.
func TestFailedCreateLeavesNothing(t *testing.T) {
	for _, form := range []string{"s.b2z", "s.b2e", "s.b2d"} {
		dir := t.TempDir()
		name := filepath.Join(dir, form)
		w, err := Create(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, d := testArray(100)
		if err := w.AddArray("/ok", m, frame.DefaultParams(), d); err != nil {
			t.Fatal(err)
		}
		w.add(&pending{key: "/bad", kind: KindSChunk, nbytes: 10, embedded: form == "s.b2e",
			src: source{ra: failingReader{}, size: 10}})
		if err := w.Close(); err == nil {
			t.Errorf("%s: Close with a failing member succeeded", form)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s: left %v", form, ents)
		}
	}
}
