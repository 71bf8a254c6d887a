package frame

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// paramsOf returns Params reproducing f's header.
func paramsOf(f *Frame) Params {
	h := f.Header()
	p := f.Params()
	p.Chunksize = int(max32(h.Chunksize, 0))
	return p
}

func max32(a, b int32) int32 {
	if a > b {
		return a
	}
	return b
}

// copyFrame rewrites f with our Writer into w.
func copyFrame(t testing.TB, f *Frame, w *Writer) {
	t.Helper()
	vl, err := f.VLMetalayers()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range vl {
		if err := w.SetVLMetalayer(m.Name, m.Content); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < f.NChunks(); i++ {
		raw, k, err := f.RawChunk(i)
		if err != nil {
			t.Fatal(err)
		}
		if raw == nil {
			ci, _ := f.ChunkInfo(i)
			err = w.AppendSpecial(k, ci.Nbytes)
		} else {
			err = w.AppendChunk(raw)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// identicalCopies are the corpus frames our Writer reproduces byte for
// byte from their chunks: no vlmetalayer (whose chunks our encoder
// compresses differently), an index C-Blosc2 stored uncompressed (or a
// large one compressed the same way), chunks in file order.
var identicalCopies = map[string]bool{
	"frames/f03_empty.b2frame":                     true,
	"frames/f05_special_chunks.b2frame":            true,
	"frames/f06_blosclz_many_small_chunks.b2frame": true,
	"frames/f09_all_zeros_chunks.b2frame":          true,
	"frames/f11_variable_chunk_sizes.b2frame":      true,
	"frames/f12_lz4hc_never_split_bs8k.b2frame":    true,
	"b2nd/a03_2d_u1.b2nd":                          true,
	"b2nd/a04_1d_f4.b2nd":                          true,
	"b2nd/a07_2d_empty_f8.b2nd":                    true,
	"external/example_day_month_temp.b2nd":         true,
	"external/varchunks-lz4-3.0.0.b2frame":         true,
	"external/vlblocks-lz4-fixed-3.0.0.b2frame":    true,
}

// TestWriterMatchesC rewrites every corpus frame from its stored chunks and
// checks that the header agrees with C-Blosc2's byte for byte (frame_len
// aside when C compressed its index and we store ours), that an index
// chunk both store uncompressed has C's 32-byte chunk header (pipeline
// included), that the identicalCopies are identical, and that the copy
// decodes to the same bytes with the same (vl)metalayers.
func TestWriterMatchesC(t *testing.T) {
	dir := t.TempDir()
	seen := 0
	for _, e := range corpusEntries(t) {
		if e.Type == "sframe" {
			continue
		}
		t.Run(filepath.Base(e.File), func(t *testing.T) {
			orig, err := os.ReadFile(filepath.Join(testdataDir, e.File))
			if err != nil {
				t.Fatal(err)
			}
			f, err := OpenBytes(orig)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, filepath.Base(e.File))
			out, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			w, err := NewWriter(out, paramsOf(f))
			if err != nil {
				t.Fatal(err)
			}
			copyFrame(t, f, w)
			out.Close()
			got, _ := os.ReadFile(path)
			g, err := OpenBytes(got)
			if err != nil {
				t.Fatal(err)
			}
			hl := int(f.Header().HeaderLen)
			if int(g.Header().HeaderLen) != hl {
				t.Fatalf("header length %d, C wrote %d", g.Header().HeaderLen, hl)
			}
			a, b := append([]byte(nil), got[:hl]...), append([]byte(nil), orig[:hl]...)
			copy(a[posFrameLen+1:posFrameLen+9], b[posFrameLen+1:posFrameLen+9])
			if e.Type == "frame" && b[posUDCodec] == 0 && filepath.Base(filepath.Dir(e.File)) == "external" {
				a[posUDCodec] = 0 // written by an older C-Blosc2 that left the udcodec byte 0
			}
			if !bytes.Equal(a, b) {
				for i := range a {
					if a[i] != b[i] {
						t.Fatalf("header byte %d: ours %#x, C %#x", i, a[i], b[i])
					}
				}
			}
			// The index chunk follows the chunks. Compare its header when
			// C stored it as C-Blosc2 3.x does (flags 0x17: extended,
			// memcpyed, don't split) and so did we.
			ci, gi := indexChunk(orig, f.Header()), indexChunk(got, g.Header())
			if len(ci) >= blosc.ExtendedHeaderLen && ci[0] == 5 && ci[2] == 0x17 {
				if len(gi) < blosc.ExtendedHeaderLen || gi[2] != 0x17 {
					t.Errorf("C stored its index, ours is % x", head(gi))
				} else if !bytes.Equal(ci[:blosc.ExtendedHeaderLen], gi[:blosc.ExtendedHeaderLen]) {
					t.Errorf("index chunk header\nours % x\nC    % x", gi[:blosc.ExtendedHeaderLen], ci[:blosc.ExtendedHeaderLen])
				}
			}
			if identicalCopies[e.File] {
				seen++
				if !bytes.Equal(got, orig) {
					for i := 0; i < len(got) && i < len(orig); i++ {
						if got[i] != orig[i] {
							t.Fatalf("copy differs from C's at byte %d of %d: ours %#x, C %#x", i, len(orig), got[i], orig[i])
						}
					}
					t.Fatalf("copy is %d bytes, C's %d", len(got), len(orig))
				}
			}
			d1, err := f.Decode(nil)
			if err != nil {
				t.Fatal(err)
			}
			d2, err := g.Decode(nil)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(d1, d2) {
				t.Fatal("copy decodes differently")
			}
			v1, _ := f.VLMetalayers()
			v2, err := g.VLMetalayers()
			if err != nil || len(v1) != len(v2) {
				t.Fatalf("vlmetalayers: %v, %d vs %d", err, len(v2), len(v1))
			}
			for i := range v1 {
				if v1[i].Name != v2[i].Name || !bytes.Equal(v1[i].Content, v2[i].Content) {
					t.Errorf("vlmetalayer %d differs", i)
				}
			}
		})
	}
	if seen != len(identicalCopies) {
		t.Errorf("checked %d of the %d identicalCopies: corpus entries missing", seen, len(identicalCopies))
	}
}

// indexChunk returns the bytes of a contiguous frame from its index chunk
// on (the index chunk, then the trailer), or nil when there is none.
func indexChunk(frame []byte, h Header) []byte {
	off := int64(h.HeaderLen) + h.Cbytes
	if h.Nbytes == 0 || off < 0 || off >= int64(len(frame)) {
		return nil
	}
	return frame[off:]
}

// TestWriteSeeker checks the io.WriteSeeker path (writing after a prefix).
func TestWriteSeeker(t *testing.T) {
	f, err := OpenFile(filepath.Join(testdataDir, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	path := filepath.Join(t.TempDir(), "x")
	out, _ := os.Create(path)
	out.Write([]byte("prefix"))
	w, err := NewWriter(struct{ seekOnly }{seekOnly{out}}, paramsOf(f))
	if err != nil {
		t.Fatal(err)
	}
	copyFrame(t, f, w)
	out.Close()
	data, _ := os.ReadFile(path)
	if string(data[:6]) != "prefix" {
		t.Fatal("prefix overwritten")
	}
	g, err := OpenBytes(data[6:])
	if err != nil {
		t.Fatal(err)
	}
	d1, _ := f.Decode(nil)
	d2, err := g.Decode(nil)
	if err != nil || !bytes.Equal(d1, d2) {
		t.Fatal("WriteSeeker copy differs", err)
	}
}

// seekOnly hides WriteAt so NewWriter takes the WriteSeeker path.
type seekOnly struct{ f *os.File }

func (s seekOnly) Write(p []byte) (int, error)        { return s.f.Write(p) }
func (s seekOnly) Seek(o int64, w int) (int64, error) { return s.f.Seek(o, w) }

// TestPlainWriter: a destination that cannot seek (bytes.Buffer, a pipe)
// receives the same bytes as a file, and the spool file is removed.
func TestPlainWriter(t *testing.T) {
	spoolDir := t.TempDir()
	t.Setenv("TMPDIR", spoolDir)
	src, err := OpenFile(filepath.Join(testdataDir, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame"))
	must(t, err)
	defer src.Close()
	path := filepath.Join(t.TempDir(), "ref.b2frame")
	out, err := os.Create(path)
	must(t, err)
	w, err := NewWriter(out, paramsOf(src))
	must(t, err)
	if w.spool != nil {
		t.Fatal("a regular file was spooled")
	}
	copyFrame(t, src, w)
	out.Close()
	want, err := os.ReadFile(path)
	must(t, err)

	var buf bytes.Buffer
	w, err = NewWriter(&buf, paramsOf(src))
	must(t, err)
	if w.spool == nil {
		t.Fatal("bytes.Buffer not spooled")
	}
	copyFrame(t, src, w)
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatalf("bytes.Buffer frame (%d bytes) differs from the file (%d bytes)", buf.Len(), len(want))
	}

	// A pipe is an *os.File that cannot seek (js/wasm has no pipes).
	if runtime.GOOS != "js" {
		pr, pw, err := os.Pipe()
		must(t, err)
		got := make(chan []byte)
		go func() {
			b, _ := io.ReadAll(pr)
			got <- b
		}()
		w, err = NewWriter(pw, paramsOf(src))
		must(t, err)
		copyFrame(t, src, w)
		pw.Close()
		if b := <-got; !bytes.Equal(b, want) {
			t.Fatalf("piped frame (%d bytes) differs from the file", len(b))
		}
		pr.Close()
	}

	// A file opened for appending cannot WriteAt: the frame is appended.
	apath := filepath.Join(t.TempDir(), "append")
	must(t, os.WriteFile(apath, []byte("prefix"), 0o644))
	af, err := os.OpenFile(apath, os.O_WRONLY|os.O_APPEND, 0)
	must(t, err)
	w, err = NewWriter(af, paramsOf(src))
	must(t, err)
	copyFrame(t, src, w)
	af.Close()
	if b, _ := os.ReadFile(apath); string(b[:6]) != "prefix" || !bytes.Equal(b[6:], want) {
		t.Fatalf("appended frame (%d bytes) differs", len(b))
	}

	// A failing destination: Close reports the error and cleans up.
	w, err = NewWriter(failWriter{}, paramsOf(src))
	must(t, err)
	raw, _, err := src.RawChunk(0)
	must(t, err)
	must(t, w.AppendChunk(raw))
	if err := w.Close(); err == nil {
		t.Fatal("Close on a failing writer succeeded")
	}
	// An abandoned writer after an error is cleaned by Close too.
	w, err = NewWriter(&buf, paramsOf(src))
	must(t, err)
	if err := w.AppendChunk([]byte("junk")); err == nil {
		t.Fatal("junk chunk accepted")
	}
	w.Close()
	if left, _ := os.ReadDir(spoolDir); len(left) != 0 {
		t.Fatalf("spool files left behind: %v", left)
	}
}

type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, errors.New("disk full") }

// TestVariableChunksWithSpecial: special chunks in a frame whose chunk
// sizes vary are stored as special Blosc2 chunks, so the frame stays
// readable (by us and by C-Blosc2).
func TestVariableChunksWithSpecial(t *testing.T) {
	p := DefaultParams()
	p.Typesize = 4
	path := filepath.Join(t.TempDir(), "v.b2frame")
	out, _ := os.Create(path)
	w, err := NewWriter(out, p)
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat([]byte{1, 2, 3, 4}, 100)
	must(t, w.AppendChunk(appendStoredChunk(nil, data, 4, indexFilters)))
	must(t, w.AppendSpecial(blosc.SpecialZeros, 40))
	must(t, w.AppendSpecial(blosc.SpecialNaN, 800))
	must(t, w.AppendChunk(appendStoredChunk(nil, data[:12], 4, indexFilters)))
	must(t, w.Close())
	out.Close()
	f, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := f.Header()
	if h.Chunksize != 0 || !h.VariableChunks || h.Version != VersionVLBlocks || f.NChunks() != 4 {
		t.Fatalf("header %+v", h)
	}
	got, err := f.Decode(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 400+40+800+12 || !bytes.Equal(got[:400], data) || got[440+3] != 0x7f || got[439] != 0 {
		t.Fatalf("decoded %d bytes", len(got))
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestSparseWriterRoundTrip(t *testing.T) {
	src, err := OpenFile(filepath.Join(testdataDir, "sframe/s01_sparse_lz4.b2frame"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "s.b2frame")
	w, err := NewSparseWriter(dir, paramsOf(src))
	if err != nil {
		t.Fatal(err)
	}
	copyFrame(t, src, w)
	g, err := OpenFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(filepath.Join(testdataDir, "sframe/s01_sparse_lz4.b2frame", sparseIndexName))
	ours, _ := os.ReadFile(filepath.Join(dir, sparseIndexName))
	hl := src.Header().HeaderLen
	if !bytes.Equal(orig[:posFrameLen], ours[:posFrameLen]) || !bytes.Equal(orig[posFrameLen+9:hl], ours[posFrameLen+9:hl]) {
		t.Error("sparse header differs from C-Blosc2's")
	}
	d1, _ := src.Decode(nil)
	d2, err := g.Decode(nil)
	if err != nil || !bytes.Equal(d1, d2) {
		t.Fatal("sparse copy differs", err)
	}
	for i := 0; i < src.NChunks(); i++ {
		a, _ := src.ChunkInfo(i)
		b, _ := g.ChunkInfo(i)
		if a != b {
			t.Errorf("chunk %d: %+v vs C %+v", i, b, a)
		}
	}
}

func TestEditor(t *testing.T) {
	srcPath := filepath.Join(testdataDir, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	data, _ := os.ReadFile(srcPath)
	path := filepath.Join(t.TempDir(), "e.b2frame")
	must(t, os.WriteFile(path, data, 0o644))
	orig, _ := OpenBytes(data)
	chunk := func(i int) []byte { b, _ := orig.Chunk(nil, i); return b }
	raw := func(i int) []byte { b, _, _ := orig.RawChunk(i); return b }

	e, err := Edit(path, nil)
	must(t, err)
	must(t, e.DeleteChunk(1))                // 0 2 3 4
	must(t, e.InsertChunk(0, raw(3)))        // 3 0 2 3 4
	must(t, e.UpdateChunk(2, raw(1)))        // 3 0 1 3 4
	must(t, e.Reorder([]int{1, 2, 0, 3, 4})) // 0 1 3 3 4
	must(t, e.InsertChunk(1, raw(4)))        // 0 4 1 3 3 4
	must(t, e.SetVLMetalayer("info", []byte("new")))
	must(t, e.DeleteVLMetalayer("description"))
	must(t, e.SetVLMetalayer("extra", []byte{1, 2, 3}))
	if err := e.DeleteVLMetalayer("nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleting a missing vlmetalayer: %v", err)
	}
	must(t, e.Commit())

	f, err := OpenFile(path)
	must(t, err)
	defer f.Close()
	var want []byte
	for _, i := range []int{0, 4, 1, 3, 3, 4} {
		want = append(want, chunk(i)...)
	}
	got, err := f.Decode(nil)
	must(t, err)
	if !bytes.Equal(got, want) {
		t.Fatal("edited frame decodes wrongly")
	}
	if f.Header().Chunksize != 0 {
		t.Errorf("a short chunk in the middle must make chunk sizes variable, got chunksize %d", f.Header().Chunksize)
	}
	if n := f.VLMetalayerNames(); len(n) != 2 || n[0] != "info" || n[1] != "extra" {
		t.Errorf("vlmetalayers %v", n)
	}
	if c, _ := f.VLMetalayer("info"); string(c) != "new" {
		t.Errorf("info = %q", c)
	}
	if m, err := f.Metalayer("gometa"); err != nil || len(m) != 11 {
		t.Error("metalayers lost")
	}
	if sha256.Sum256(got) == sha256.Sum256(nil) {
		t.Fatal("empty")
	}
}

// TestArrayWriterMatchesC: NewArrayWriter derives chunk and block sizes
// and the "b2nd" metalayer from the shape; the header must equal the one
// C-Blosc2 wrote for the same array.
func TestArrayWriterMatchesC(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join(testdataDir, "b2nd/*.b2nd"))
	if len(names) == 0 {
		t.Fatal("no b2nd files")
	}
	for _, n := range names {
		orig, _ := os.ReadFile(n)
		f, err := OpenBytes(orig)
		must(t, err)
		a, err := OpenArray(f)
		must(t, err)
		p := paramsOf(f)
		p.Chunksize, p.Blocksize, p.Metalayers = 0, 0, nil
		var buf writerAtBuffer
		w, err := NewArrayWriter(&buf, a.Meta(), p)
		must(t, err)
		copyArray(t, f, w)
		hl := f.Header().HeaderLen
		got, want := append([]byte(nil), buf.b[:hl]...), orig[:hl]
		copy(got[posFrameLen+1:posFrameLen+9], want[posFrameLen+1:posFrameLen+9])
		if !bytes.Equal(got, want) {
			t.Errorf("%s: header differs from C-Blosc2's", filepath.Base(n))
		}
		g, err := OpenBytes(buf.b)
		must(t, err)
		ga, err := OpenArray(g)
		must(t, err)
		d1, _ := a.ReadAll(nil)
		d2, err := ga.ReadAll(nil)
		if err != nil || !bytes.Equal(d1, d2) {
			t.Errorf("%s: copy differs: %v", filepath.Base(n), err)
		}
	}
}

// writerAtBuffer is an in-memory io.WriterAt.
type writerAtBuffer struct{ b []byte }

func (w *writerAtBuffer) Write(p []byte) (int, error) { return w.WriteAt(p, int64(len(w.b))) }

func (w *writerAtBuffer) WriteAt(p []byte, off int64) (int, error) {
	if end := int(off) + len(p); end > len(w.b) {
		w.b = append(w.b, make([]byte, end-len(w.b))...)
	}
	copy(w.b[off:], p)
	return len(p), nil
}

func TestEditSparse(t *testing.T) {
	src := filepath.Join(testdataDir, "sframe/s01_sparse_lz4.b2frame")
	dir := filepath.Join(t.TempDir(), "s.b2frame")
	must(t, os.MkdirAll(dir, 0o755))
	ents, _ := os.ReadDir(src)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(src, e.Name()))
		must(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644))
	}
	orig, err := OpenFile(src)
	must(t, err)
	raw1, _, _ := orig.RawChunk(1)
	e, err := Edit(dir, nil)
	must(t, err)
	must(t, e.DeleteChunk(0))       // 1 2(Z) 3 4
	must(t, e.InsertChunk(0, raw1)) // 1 1 2 3 4
	must(t, e.SetVLMetalayer("k", []byte("v")))
	must(t, e.Commit())
	f, err := OpenFile(dir)
	must(t, err)
	var want []byte
	for _, i := range []int{1, 1, 2, 3, 4} {
		want, _ = orig.Chunk(want, i)
	}
	got, err := f.Decode(nil)
	must(t, err)
	if !bytes.Equal(got, want) || f.Header().Type != Sparse {
		t.Fatal("edited sparse frame differs")
	}
	if ci, _ := f.ChunkInfo(2); ci.Special != blosc.SpecialZeros {
		t.Errorf("zeros chunk lost: %+v", ci)
	}
	if v, _ := f.VLMetalayer("k"); string(v) != "v" {
		t.Error("vlmetalayer lost")
	}
	left, _ := os.ReadDir(filepath.Dir(dir))
	if len(left) != 1 {
		t.Errorf("temporary directories left: %d entries", len(left))
	}
}

// TestWriterCompresses: AppendData compresses with package blosc by
// default, large indexes are compressed, and everything reads back.
func TestWriterCompresses(t *testing.T) {
	p := DefaultParams()
	p.Codec, p.Typesize = blosc.Zstd, 4
	var buf writerAtBuffer
	w, err := NewWriter(&buf, p)
	must(t, err)
	var want []byte
	chunk := make([]byte, 4000)
	for i := 0; i < 300; i++ {
		for j := range chunk {
			chunk[j] = byte(j / 4 * (i%7 + 1))
		}
		must(t, w.AppendData(chunk))
		want = append(want, chunk...)
	}
	must(t, w.SetVLMetalayer("meta", bytes.Repeat([]byte("abc"), 100)))
	must(t, w.Close())
	f, err := OpenBytes(buf.b)
	must(t, err)
	if f.NChunks() != 300 || f.Cbytes() > int64(len(want))/4 {
		t.Fatalf("%d chunks, %d compressed bytes", f.NChunks(), f.Cbytes())
	}
	if off, icb := f.IndexLocation(); icb >= 8*300+32 || buf.b[off+2]&0x02 != 0 {
		t.Errorf("index of %d bytes not compressed", icb)
	}
	got, err := f.Decode(nil)
	must(t, err)
	if !bytes.Equal(got, want) {
		t.Fatal("decoded data differs")
	}
	if v, _ := f.VLMetalayer("meta"); len(v) != 300 {
		t.Fatal("vlmetalayer")
	}
	if raw, _ := f.VLMetalayerRaw("meta"); len(raw) >= 300 {
		t.Errorf("vlmetalayer stored in %d bytes", len(raw))
	}
}
