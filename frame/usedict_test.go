package frame

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// useDictRecords returns n bytes of small similar records (what chunk
// dictionaries are for), different for each seed.
func useDictRecords(n int, seed int) []byte {
	var b []byte
	for i := 0; len(b) < n; i++ {
		k := i*7919 + seed*104729
		b = fmt.Appendf(b, `{"id":%d,"user":"user_%05d","status":"%s","city":"%s"}`+"\n",
			k, k%100000, []string{"active", "pending", "closed"}[k%3], []string{"Lyon", "Porto", "Turin", "Ghent"}[(k/3)%4])
	}
	return b[:n]
}

// TestFrameUseDict: a frame whose Params have UseDict records it in the
// header, its chunks hold dictionaries trained from their data, Params
// reports it, an Editor appends chunks with dictionaries too (one source of
// truth: the header), everything decodes, and C-Blosc2 reads the frame
// (when cb2-verify is installed).
func TestFrameUseDict(t *testing.T) {
	p := DefaultParams()
	p.Codec, p.Typesize, p.Filters = blosc.LZ4, 1, [blosc.MaxFilters]blosc.Filter{}
	p.Blocksize = 1 << 10
	p.UseDict = true
	path := filepath.Join(t.TempDir(), "dict.b2frame")
	fh, err := os.Create(path)
	must(t, err)
	w, err := NewWriter(fh, p)
	must(t, err)
	var want [][]byte
	for i := 0; i < 3; i++ {
		want = append(want, useDictRecords(128<<10, i))
		must(t, w.AppendData(want[i]))
	}
	must(t, w.Close())
	must(t, fh.Close())

	hasDict := func(f *Frame, i int) bool {
		t.Helper()
		c, _, err := f.RawChunk(i)
		must(t, err)
		h, err := blosc.ReadHeader(c)
		must(t, err)
		return h.HasDict()
	}
	f, err := OpenFile(path)
	must(t, err)
	if !f.Header().UseDict || !f.Params().UseDict {
		t.Fatal("the header does not record use_dict")
	}
	for i := range want {
		if !hasDict(f, i) {
			t.Errorf("chunk %d has no dictionary", i)
		}
	}
	must(t, f.Close())
	checkFrame(t, path, want)

	e, err := Edit(path)
	must(t, err)
	if !e.Params().UseDict {
		t.Fatal("Editor.Params lost UseDict")
	}
	want = append(want, useDictRecords(100<<10, 9))
	must(t, e.AppendData(want[3]))
	must(t, e.Commit())
	must(t, e.Close())
	f, err = OpenFile(path)
	must(t, err)
	if !hasDict(f, 3) {
		t.Error("the appended chunk has no dictionary")
	}
	must(t, f.Close())
	checkFrame(t, path, want)
	if !cVerify(t, path, bytes.Join(want, nil)) {
		t.Log("cb2-verify not installed: C-Blosc2 did not read the frame")
	}

	// A header flag with a codec that holds no dictionary is recorded and
	// ignored when chunks are compressed (C-Blosc2 cannot compress so).
	q := p
	q.Codec = blosc.BloscLZ
	c, err := BloscCompressor(q)(nil, want[0], 1)
	must(t, err)
	if h, _ := blosc.ReadHeader(c); h.HasDict() {
		t.Error("a BloscLZ chunk with a dictionary")
	}
}

// TestWriterUseDictCodec: a new frame with UseDict and a codec that takes
// no dictionary is refused before anything is written (C-Blosc2 would
// refuse to append to it); Zstd, LZ4 and LZ4HC are accepted.
func TestWriterUseDictCodec(t *testing.T) {
	for _, c := range []blosc.Codec{blosc.Zlib, blosc.BloscLZ, blosc.Zstd, blosc.LZ4, blosc.LZ4HC} {
		p := DefaultParams()
		p.Codec, p.UseDict = c, true
		ok := c == blosc.Zstd || c == blosc.LZ4 || c == blosc.LZ4HC
		var buf bytes.Buffer
		w, err := NewWriter(&buf, p)
		if ok != (err == nil) {
			t.Fatalf("%v: NewWriter: %v", c, err)
		}
		if err != nil {
			if !errors.Is(err, ErrRange) || buf.Len() != 0 {
				t.Fatalf("%v: %v, %d bytes written; want ErrRange and nothing written", c, err, buf.Len())
			}
			dir := filepath.Join(t.TempDir(), "sparse")
			if _, err := NewSparseWriter(dir, p); !errors.Is(err, ErrRange) {
				t.Fatalf("%v: NewSparseWriter: %v", c, err)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Fatalf("%v: NewSparseWriter made %s", c, dir)
			}
			continue
		}
		must(t, w.AppendData(useDictRecords(64<<10, 1)))
		must(t, w.Close())
	}
}
