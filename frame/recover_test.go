package frame

import (
	"bytes"
	"github.com/blosc2go/blosc2/blosc"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// recoverSources are frames written by C-Blosc2 (the corpus) and by our
// Writer.
func recoverSources(t *testing.T) map[string][]byte {
	out := map[string][]byte{}
	for _, name := range []string{
		"frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame",
		"frames/f02_zstd_bitshuffle_i32_vlmeta.b2frame",
		"frames/f05_special_chunks.b2frame",
		"frames/f06_blosclz_many_small_chunks.b2frame",
		"frames/f10_inserted_chunk_nonmonotonic_offsets.b2frame",
		"frames/f11_variable_chunk_sizes.b2frame",
		"b2nd/a02_3d_i4.b2nd",
		"external/frame_simple-zstd.b2frame",
		"external/varchunks-lz4-3.0.0.b2frame",
		"external/vlblocks-lz4-fixed-3.0.0.b2frame",
		"frames/f09_all_zeros_chunks.b2frame",
	} {
		b, err := os.ReadFile(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	// Ours: 40 chunks of 4 KiB, a special chunk, a short last chunk and a
	// vlmetalayer.
	p := DefaultParams()
	p.Typesize = 4
	p.Metalayers = []Metalayer{{Name: "ours", Content: []byte("meta")}}
	p.VLMetalayers = []Metalayer{{Name: "note", Content: []byte("vlmeta content")}}
	var buf bytes.Buffer
	w, err := NewWriter(&buf, p)
	if err != nil {
		t.Fatal(err)
	}
	data := testgen.Mixed(40*4096+1000, 7)
	for k := 0; k < len(data); k += 4096 {
		end := k + 4096
		if end > len(data) {
			end = len(data)
		}
		if k == 8*4096 {
			must(t, w.AppendSpecial(blosc.SpecialZeros, 4096))
		}
		must(t, w.AppendData(data[k:end]))
	}
	must(t, w.Close())
	out["ours"] = buf.Bytes()
	return out
}

// storedChunk is an original chunk with its decoded bytes.
type storedChunk struct {
	off, cbytes int64
	data        []byte
}

// recoverCheck recovers damaged and checks the result: it opens and
// verifies, and holds every stored chunk of orig complete and intact in
// damaged (in file order; the whole frame when the index survived).
func recoverCheck(t *testing.T, what string, orig *Frame, want []byte, chunks []storedChunk, damaged []byte, zeroFrom, zeroTo int64) *RecoverReport {
	t.Helper()
	var out bytes.Buffer
	rep, err := Recover(bytes.NewReader(damaged), int64(len(damaged)), &out)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	got, err := OpenBytes(out.Bytes())
	if err != nil {
		t.Fatalf("%s: recovered frame does not open: %v", what, err)
	}
	vr, err := Verify(bytes.NewReader(out.Bytes()), int64(out.Len()), WithStructureOnly())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range vr.Problems {
		if !p.Warning && p.Where != "b2nd" {
			t.Errorf("%s: recovered frame: %v", what, p)
		}
	}
	if rep.IndexFound {
		dec, err := got.Decode(nil)
		if err != nil || !bytes.Equal(dec, want) {
			t.Errorf("%s: index found but the content differs (%v)", what, err)
		}
		return rep
	}
	k := 0
	for _, c := range chunks {
		end := c.off + c.cbytes
		if end > int64(len(damaged)) || (end > zeroFrom && c.off < zeroTo) {
			continue // not complete in the damaged file
		}
		if k >= got.NChunks() {
			t.Errorf("%s: chunk at %d not recovered (%d chunks recovered, report %+v)", what, c.off, got.NChunks(), rep)
			return rep
		}
		dec, err := got.Chunk(nil, k)
		if err != nil || !bytes.Equal(dec, c.data) {
			t.Errorf("%s: recovered chunk %d differs from the chunk at %d (%v)", what, k, c.off, err)
		}
		k++
	}
	if k != got.NChunks() {
		t.Errorf("%s: %d chunks recovered, %d expected", what, got.NChunks(), k)
	}
	return rep
}

func TestRecover(t *testing.T) {
	for name, b := range recoverSources(t) {
		orig, err := OpenBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		want, err := orig.Decode(nil)
		if err != nil {
			t.Fatal(err)
		}
		var chunks []storedChunk
		for i := 0; i < orig.NChunks(); i++ {
			ci, _ := orig.ChunkInfo(i)
			raw, _, _ := orig.RawChunk(i)
			if raw == nil {
				continue // special in the index: no bytes in the chunk area
			}
			d, err := orig.Chunk(nil, i)
			if err != nil {
				t.Fatal(err)
			}
			chunks = append(chunks, storedChunk{ci.Offset, int64(len(raw)), d})
		}
		sortChunks(chunks)

		// Undamaged: the same frame back.
		if rep := recoverCheck(t, name+" intact", orig, want, chunks, b, 0, 0); !rep.IndexFound {
			t.Errorf("%s: index not found in an intact frame: %+v", name, rep)
		}
		// Cut at every 1 KiB boundary of the last 64 KiB.
		step := int64(1024)
		if testing.Short() {
			step = 7 * 1024
		}
		size := int64(len(b))
		for cut := size - size%1024; cut > size-64*1024 && cut > int64(orig.hdr.HeaderLen); cut -= step {
			recoverCheck(t, name+" cut at "+itoa(cut), orig, want, chunks, b[:cut], 0, 0)
		}
		// Trailer zeroed: the index is found where the header says.
		m := append([]byte(nil), b...)
		for k := orig.trailerOff; k < size; k++ {
			m[k] = 0
		}
		if rep := recoverCheck(t, name+" trailer zeroed", orig, want, chunks, m, orig.trailerOff, size); orig.NChunks() > 0 && !rep.IndexFound {
			t.Errorf("%s: trailer zeroed: index not found", name)
		}
		// Index zeroed: chunks in file order.
		if orig.indexOff > 0 {
			m = append([]byte(nil), b...)
			for k := orig.indexOff; k < orig.indexOff+orig.indexCbytes; k++ {
				m[k] = 0
			}
			if rep := recoverCheck(t, name+" index zeroed", orig, want, chunks, m, orig.indexOff, orig.indexOff+orig.indexCbytes); rep.IndexFound {
				t.Errorf("%s: index zeroed but found", name)
			}
		}
	}
}

func sortChunks(c []storedChunk) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].off < c[j-1].off; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

func TestRecoverFile(t *testing.T) {
	src := filepath.Join("..", "testdata", "frames/f06_blosclz_many_small_chunks.b2frame")
	b, err := os.ReadFile(src)
	must(t, err)
	dir := t.TempDir()
	damaged := filepath.Join(dir, "damaged.b2frame")
	must(t, os.WriteFile(damaged, b[:len(b)-3000], 0o644))
	out := filepath.Join(dir, "out.b2frame")
	rep, err := RecoverFile(damaged, out)
	must(t, err)
	if rep.Recovered == 0 || rep.IndexFound {
		t.Fatalf("%+v", rep)
	}
	if after, _ := os.ReadFile(damaged); !bytes.Equal(after, b[:len(b)-3000]) {
		t.Fatal("the damaged input was modified")
	}
	f, err := OpenFile(out)
	must(t, err)
	f.Close()
	if _, err := RecoverFile(damaged, damaged); err == nil {
		t.Fatal("recovering a file onto itself")
	}
	if _, err := RecoverFile(filepath.Join("..", "testdata", "sframe/s01_sparse_lz4.b2frame"), out); err == nil {
		t.Fatal("sparse frame directory accepted")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Fatalf("temporary files left: %v", ents)
	}
}

// writeInt64Frame writes n chunks of 64 int64 (0, 1, 2, ...) each: data
// that looks like an index (distinct small offsets, as many per chunk as
// there are chunks).
func writeInt64Frame(t *testing.T, n int) []byte {
	p := DefaultParams()
	p.Typesize = 8
	var buf bytes.Buffer
	w, err := NewWriter(&buf, p)
	must(t, err)
	v := int64(0)
	for c := 0; c < n; c++ {
		chunk := make([]byte, 64*8)
		for k := 0; k < 64; k++ {
			for b := 0; b < 8; b++ {
				chunk[8*k+b] = byte(uint64(v) >> (8 * b))
			}
			v++
		}
		must(t, w.AppendData(chunk))
	}
	must(t, w.Close())
	return buf.Bytes()
}

func TestRecoverIndexLookalike(t *testing.T) {
	b := writeInt64Frame(t, 64)
	orig, err := OpenBytes(b)
	must(t, err)
	want, _ := orig.Decode(nil)
	var out bytes.Buffer
	rep, err := Recover(bytes.NewReader(b[:orig.indexOff]), orig.indexOff, &out)
	must(t, err)
	got, err := OpenBytes(out.Bytes())
	must(t, err)
	dec, err := got.Decode(nil)
	if err != nil || !bytes.Equal(dec, want) || rep.IndexFound {
		t.Fatalf("%d of 64 chunks, index found %v: %v", got.NChunks(), rep.IndexFound, err)
	}
}

// TestRecoverStaleHeader: a writer killed after appending a chunk, its
// index and trailer but before rewriting the header (C-Blosc2 writes the
// header last).
func TestRecoverStaleHeader(t *testing.T) {
	old := writeInt64Frame(t, 9)
	cur := writeInt64Frame(t, 10)
	fo, err := OpenBytes(old)
	must(t, err)
	fc, err := OpenBytes(cur)
	must(t, err)
	if fo.hdr.HeaderLen != fc.hdr.HeaderLen {
		t.Fatal("header lengths differ")
	}
	damaged := append([]byte(nil), cur...)
	copy(damaged, old[:fo.hdr.HeaderLen])
	want, _ := fc.Decode(nil)
	var out bytes.Buffer
	rep, err := Recover(bytes.NewReader(damaged), int64(len(damaged)), &out)
	must(t, err)
	got, err := OpenBytes(out.Bytes())
	must(t, err)
	dec, err := got.Decode(nil)
	if err != nil || !bytes.Equal(dec, want) || !rep.IndexFound {
		t.Fatalf("%d of 10 chunks, index found %v: %v (%+v)", got.NChunks(), rep.IndexFound, err, rep)
	}
}
