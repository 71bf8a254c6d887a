package frame

import (
	"bytes"
	"errors"
	"github.com/blosc2go/blosc2/blosc"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// newTestFrame writes a contiguous frame of n chunks of size bytes (the
// last one may be shorter: last > 0) to a temporary file.
func newTestFrame(t testing.TB, dir string, n, size int) (string, [][]byte) {
	t.Helper()
	path := filepath.Join(dir, "t.b2frame")
	fh, err := os.Create(path)
	must(t, err)
	p := DefaultParams()
	p.Typesize = 4
	p.Codec = 1 // LZ4
	w, err := NewWriter(fh, p)
	must(t, err)
	var chunks [][]byte
	for i := 0; i < n; i++ {
		c := testgen.Mixed(size, uint64(i))
		chunks = append(chunks, c)
		must(t, w.AppendData(c))
	}
	must(t, w.Close())
	must(t, fh.Close())
	return path, chunks
}

// checkFrame opens path and compares every chunk with want.
func checkFrame(t testing.TB, path string, want [][]byte) {
	t.Helper()
	f, err := OpenFile(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	if f.NChunks() != len(want) {
		t.Fatalf("%d chunks, want %d", f.NChunks(), len(want))
	}
	for i, w := range want {
		got, err := f.Chunk(nil, i)
		if err != nil {
			t.Fatalf("chunk %d: %v", i, err)
		}
		if !bytes.Equal(got, w) {
			t.Fatalf("chunk %d differs", i)
		}
	}
}

// TestEditorB2NDConsistency is the regression test of issue 13: raw edits
// of a .b2nd with chunks of the wrong size, or a chunk count the shape
// does not match, must fail before anything is written.
func TestEditorB2NDConsistency(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(testdataDir, "b2nd/a01_2d_f8.b2nd"))
	must(t, err)
	path := filepath.Join(t.TempDir(), "a.b2nd")
	must(t, os.WriteFile(path, orig, 0o644))
	a, err := OpenArrayFile(path)
	must(t, err)
	g, m := a.Geometry(), a.Meta()
	good, _, err := a.Frame().RawChunk(0)
	must(t, err)
	a.Frame().Close()

	small, err := BloscCompressor(DefaultParams())(nil, make([]byte, g.ChunkNbytes/2), 8)
	must(t, err)
	e, err := Edit(path, nil)
	must(t, err)
	if err := e.UpdateChunk(0, small); !errors.Is(err, ErrRange) {
		t.Errorf("UpdateChunk with a half-size chunk: %v", err)
	}
	if err := e.AppendChunk(small); !errors.Is(err, ErrRange) {
		t.Errorf("AppendChunk with a half-size chunk: %v", err)
	}
	if err := e.InsertChunk(1, small); !errors.Is(err, ErrRange) {
		t.Errorf("InsertChunk with a half-size chunk: %v", err)
	}
	// A right-size chunk more than the shape holds: refused at Commit.
	must(t, e.AppendChunk(good))
	if err := e.Commit(); !errors.Is(err, ErrRange) {
		t.Errorf("Commit with one chunk too many: %v", err)
	}
	must(t, e.DeleteChunk(e.NChunks()-1))
	must(t, e.DeleteChunk(0))
	if err := e.Commit(); !errors.Is(err, ErrRange) {
		t.Errorf("Commit with one chunk missing: %v", err)
	}
	if err := e.SetMetalayer(B2NDMetaName, []byte{0x97, 0, 2}); err == nil {
		t.Error("a truncated b2nd metalayer was accepted")
	}
	must(t, e.Close())
	if now, _ := os.ReadFile(path); !bytes.Equal(now, orig) {
		t.Fatal("refused edits changed the file")
	}

	// Growing the first axis by a chunk row and appending that row works.
	e, err = Edit(path, nil)
	must(t, err)
	m2 := m
	m2.Shape = append([]int64(nil), m.Shape...)
	m2.Shape[0] = g.ChunksPerDim[0] * int64(m.ChunkShape[0])
	m2.Shape[0] += int64(m.ChunkShape[0])
	g2, err := m2.Validate(g.Itemsize)
	must(t, err)
	must(t, e.SetMetalayer(B2NDMetaName, AppendNDMeta(nil, m2)))
	for i := g.NChunks; i < g2.NChunks; i++ {
		must(t, e.AppendChunk(good))
	}
	must(t, e.Commit())
	a2, err := OpenArrayFile(path)
	must(t, err)
	defer a2.Frame().Close()
	if a2.Shape()[0] != m2.Shape[0] {
		t.Errorf("shape %v", a2.Shape())
	}
	if _, err := a2.ReadAll(nil); err != nil {
		t.Fatal(err)
	}
}

// TestEditorInPlace: Sync appends and updates without touching the bytes
// of the published frame except the header, and the file grows by the
// change plus an index and a trailer.
func TestEditorInPlace(t *testing.T) {
	path, want := newTestFrame(t, t.TempDir(), 8, 64<<10)
	before, _ := os.ReadFile(path)
	f0, _ := OpenBytes(before)
	hl := int(f0.Header().HeaderLen)

	e, err := Edit(path, nil)
	must(t, err)
	defer e.Close()
	extra := testgen.Mixed(64<<10, 100)
	must(t, e.AppendData(extra))
	want = append(want, extra)
	must(t, e.Sync())
	checkFrame(t, path, want)
	after, _ := os.ReadFile(path)
	if !bytes.Equal(after[hl:len(before)], before[hl:]) {
		t.Fatal("Sync rewrote bytes of the published frame")
	}
	raw, _, _ := e.src.RawChunk(8)
	_, icb := e.src.IndexLocation()
	w := int64(len(raw)) + icb + e.src.TrailerLen()
	if grow := int64(len(after) - len(before)); grow != w+max64(2*w, int64(len(before)-hl)/32) {
		t.Errorf("file grew by %d bytes for a %d-byte chunk", grow, len(raw))
	}
	// The next append fills the free space left before the index.
	must(t, e.AppendData(extra))
	want = append(want, extra)
	must(t, e.Sync())
	checkFrame(t, path, want)
	if again, _ := os.ReadFile(path); len(again) != len(after) {
		t.Errorf("second append: file %d -> %d bytes, want no growth", len(after), len(again))
	}

	upd := testgen.Mixed(64<<10, 200)
	c, _ := BloscCompressor(e.Params())(nil, upd, 4)
	must(t, e.UpdateChunk(3, c))
	want[3] = upd
	must(t, e.DeleteChunk(0))
	want = want[1:]
	must(t, e.SetVLMetalayer("note", []byte("hello")))
	must(t, e.Sync())
	checkFrame(t, path, want)
	if !e.dirty && e.Sync() != nil {
		t.Fatal("an empty Sync failed")
	}

	// Compact drops the dead space and gives the frame a Writer writes.
	st1, _ := os.Stat(path)
	must(t, e.Compact())
	st2, _ := os.Stat(path)
	if st2.Size() >= st1.Size() {
		t.Errorf("Compact: %d -> %d bytes", st1.Size(), st2.Size())
	}
	checkFrame(t, path, want)
	f, err := OpenFile(path)
	must(t, err)
	defer f.Close()
	if v, err := f.VLMetalayer("note"); err != nil || string(v) != "hello" {
		t.Errorf("vlmetalayer %q %v", v, err)
	}
	// The editor keeps working after Compact.
	must(t, e.AppendData(extra))
	want = append(want, extra)
	must(t, e.Commit())
	checkFrame(t, path, want)
	if err := e.AppendData(extra); !errors.Is(err, ErrClosed) {
		t.Errorf("AppendData after Commit: %v", err)
	}
}

// TestEditorConflict: a second writer that changed the frame makes Sync
// fail with ErrConflict and write nothing.
func TestEditorConflict(t *testing.T) {
	path, want := newTestFrame(t, t.TempDir(), 3, 4096)
	e1, err := Edit(path, nil)
	must(t, err)
	defer e1.Close()
	e2, err := Edit(path, nil)
	must(t, err)
	must(t, e2.AppendData(want[0]))
	must(t, e2.Commit())
	before, _ := os.ReadFile(path)
	must(t, e1.AppendData(want[1]))
	if err := e1.Sync(); !errors.Is(err, ErrConflict) {
		t.Fatalf("Sync after another writer: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Fatal("a conflicting Sync wrote")
	}
	checkFrame(t, path, append(want, want[0]))
}

// TestEditorSpecialAndVariable: special chunks and a switch to variable
// chunk sizes in place.
func TestEditorSpecialAndVariable(t *testing.T) {
	path, want := newTestFrame(t, t.TempDir(), 4, 4096)
	e, err := Edit(path, nil)
	must(t, err)
	defer e.Close()
	z, _ := specialChunk(blosc.SpecialZeros, 4096, 4)
	must(t, e.UpdateChunk(1, z))
	want[1] = make([]byte, 4096)
	must(t, e.Sync())
	checkFrame(t, path, want)
	// A short chunk, then a full one: variable sizes, the special chunk
	// is stored.
	must(t, e.AppendData(want[0][:1000]))
	must(t, e.AppendData(want[2]))
	want = append(want, want[0][:1000], want[2])
	must(t, e.Sync())
	checkFrame(t, path, want)
	f, _ := OpenFile(path)
	defer f.Close()
	if f.Header().Chunksize != 0 || !f.Header().VariableChunks {
		t.Errorf("chunksize %d", f.Header().Chunksize)
	}
	// Deleting every chunk rewrites the frame as an empty one.
	for e.NChunks() > 0 {
		must(t, e.DeleteChunk(0))
	}
	must(t, e.Sync())
	checkFrame(t, path, nil)
	must(t, e.AppendData(want[0]))
	must(t, e.Sync())
	checkFrame(t, path, want[:1])
}

// TestEditSparseInPlace: Sync on a sparse frame writes new chunk files and
// replaces chunks.b2frame; dropped chunk files are removed.
func TestEditSparseInPlace(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s.b2frame")
	p := DefaultParams()
	w, err := NewSparseWriter(dir, p)
	must(t, err)
	var want [][]byte
	for i := 0; i < 3; i++ {
		c := testgen.Mixed(8192, uint64(i))
		want = append(want, c)
		must(t, w.AppendData(c))
	}
	must(t, w.Close())
	e, err := Edit(dir, nil)
	must(t, err)
	defer e.Close()
	must(t, e.AppendData(want[1]))
	c, _ := BloscCompressor(e.Params())(nil, want[2], 8)
	must(t, e.UpdateChunk(0, c))
	want = append([][]byte{want[2]}, want[1], want[2], want[1])
	must(t, e.Sync())
	checkFrame(t, dir, want)
	if _, err := os.Stat(filepath.Join(dir, sparseChunkName(0))); !os.IsNotExist(err) {
		t.Errorf("the replaced chunk file is still there: %v", err)
	}
}

// TestEditorDeadSpace: many small appends, one Sync each, keep the file
// within a small factor of the compacted frame (the free space before the
// index absorbs the old indexes), where leaving every old index behind
// would grow it quadratically.
func TestEditorDeadSpace(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 400
	}
	path, want := newTestFrame(t, t.TempDir(), 1, 4096)
	e, err := Edit(path, WithNoSync())
	must(t, err)
	defer e.Close()
	d := testgen.Mixed(4096, 3)
	for i := 0; i < n; i++ {
		must(t, e.AppendData(d))
		must(t, e.Sync())
		want = append(want, d)
	}
	checkFrame(t, path, want)
	st, _ := os.Stat(path)
	must(t, e.Compact())
	st2, _ := os.Stat(path)
	checkFrame(t, path, want)
	t.Logf("%d appends: file %d bytes, compacted %d", n, st.Size(), st2.Size())
	if st.Size() > st2.Size()*3/2+64<<10 {
		t.Errorf("%d appends left %d bytes for a %d-byte frame", n, st.Size(), st2.Size())
	}
}

// TestEditorMetalayers: a fixed metalayer of the same length is patched in
// place; a new one, or one of another length, rewrites the frame; the
// header change spanning two sectors rewrites it too.
func TestEditorMetalayers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.b2frame")
	fh, err := os.Create(path)
	must(t, err)
	p := DefaultParams()
	p.Metalayers = []Metalayer{{Name: "small", Content: []byte("abcd")}, {Name: "big", Content: bytes.Repeat([]byte{1}, 600)}}
	w, err := NewWriter(fh, p)
	must(t, err)
	want := [][]byte{testgen.Mixed(4096, 1)}
	must(t, w.AppendData(want[0]))
	must(t, w.Close())
	must(t, fh.Close())
	before, _ := os.ReadFile(path)

	e, err := Edit(path, nil)
	must(t, err)
	defer e.Close()
	must(t, e.SetMetalayer("small", []byte("wxyz")))
	must(t, e.Sync())
	after, _ := os.ReadFile(path)
	hl := int(e.Frame().Header().HeaderLen)
	if len(after) <= len(before) || !bytes.Equal(after[hl:len(before)], before[hl:]) {
		t.Error("a same-length metalayer change was not made in place")
	}
	// The end of "big" lies in the header's second sector: with a
	// chunk appended the change spans two sectors.
	big := bytes.Repeat([]byte{2}, 600)
	must(t, e.SetMetalayer("big", big))
	must(t, e.AppendData(want[0]))
	want = append(want, want[0])
	must(t, e.Sync())
	must(t, e.SetMetalayer("new", []byte("n")))
	must(t, e.Sync())
	checkFrame(t, path, want)
	f, err := OpenFile(path)
	must(t, err)
	defer f.Close()
	for name, c := range map[string][]byte{"small": []byte("wxyz"), "big": big, "new": []byte("n")} {
		if got, err := f.Metalayer(name); err != nil || !bytes.Equal(got, c) {
			t.Errorf("metalayer %s = %q", name, got)
		}
	}
}
