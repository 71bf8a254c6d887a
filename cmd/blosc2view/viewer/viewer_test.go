package viewer

import (
	"bytes"
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/internal/render"
)

const testdata = "../../../testdata"

// countingReader counts the reads made on a byte slice.
type countingReader struct {
	b     []byte
	reads int
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	return bytes.NewReader(c.b).ReadAt(p, off)
}

func openFile(t *testing.T, path string) (*Session, []byte) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdata, path))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(bytes.NewReader(b), int64(len(b)), filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return s, b
}

func field(info *Info, name string) string {
	for _, f := range info.Header {
		if f.Name == name {
			return f.Value
		}
	}
	return "(missing)"
}

func TestInfoB2ND(t *testing.T) {
	s, _ := openFile(t, "b2nd/a02_3d_i4.b2nd")
	info := s.Info()
	if info.Kind != KindB2ND || info.NChunks != 24 || info.Array == nil || !info.Array.Plottable {
		t.Fatalf("info %+v", info)
	}
	if got := info.Array.Shape; len(got) != 3 || got[0] != 20 || got[1] != 33 || got[2] != 17 || info.Array.Dtype != "<i4" {
		t.Errorf("array %+v", info.Array)
	}
	for name, want := range map[string]string{"codec": "lz4", "filters": "shuffle", "typesize": "4", "chunks": "24", "nbytes": "103680"} {
		if got := field(info, name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if len(info.Metalayers) != 1 || info.Metalayers[0].Name != "b2nd" || len(info.VLMetalayers) != 0 {
		t.Errorf("metalayers %+v, vlmetalayers %+v", info.Metalayers, info.VLMetalayers)
	}
}

func TestInfoVLMetalayers(t *testing.T) {
	s, _ := openFile(t, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	info := s.Info()
	if info.Kind != KindFrame || info.Array != nil {
		t.Fatalf("kind %s, array %v", info.Kind, info.Array)
	}
	vl := map[string]Meta{}
	for _, m := range info.VLMetalayers {
		vl[m.Name] = m
	}
	if v := vl["info"].Value; !strings.Contains(v, `"unit": "m"`) || !strings.Contains(v, `"scale": 1.5`) {
		t.Errorf("vlmetalayer info decoded as %q", v)
	}
	if v := vl["description"].Value; !strings.HasPrefix(v, `"Golden corpus frame f01`) || !strings.Contains(v, "bytes after the msgpack value") {
		t.Errorf("vlmetalayer description decoded as %q", v)
	}
	if _, err := s.Slice(SliceRequest{Scale: 1}); err == nil {
		t.Error("Slice of a frame that is no array: no error")
	}
}

func TestInfoChunk(t *testing.T) {
	s, _ := openFile(t, "chunks/A_005_blosclz_c1_shuffle_ts4_i32ramp_n50495.b2chunk")
	info := s.Info()
	if info.Kind != KindChunk || field(info, "codec") != "blosclz" || field(info, "typesize") != "4" || field(info, "nbytes") != "50495" {
		t.Errorf("chunk info %+v", info)
	}
	if _, err := s.ChunkMap(8); err == nil {
		t.Error("chunk map of a chunk: no error")
	}
}

func TestOpenErrors(t *testing.T) {
	for name, b := range map[string][]byte{"empty": nil, "junk": []byte("hello, this is no Blosc2 file at all"), "short": {1, 2, 3}} {
		if _, err := Open(bytes.NewReader(b), int64(len(b)), name); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	b, _ := os.ReadFile(filepath.Join(testdata, "b2nd/a02_3d_i4.b2nd"))
	if _, err := Open(bytes.NewReader(b[:len(b)/2]), int64(len(b)/2), "half"); err == nil {
		t.Error("half a frame: no error")
	}
}

// TestChunkMap checks the picture against render's, from the whole chunks.
func TestChunkMap(t *testing.T) {
	s, b := openFile(t, "frames/f05_special_chunks.b2frame")
	m, err := s.ChunkMap(10)
	if err != nil {
		t.Fatal(err)
	}
	f, err := frame.OpenBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	chunks, err := render.Chunks(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	img, err := render.DrawChunkMap(chunks, render.NewChunkLayout(len(chunks), 10, 0))
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	png.Encode(&want, img)
	if !bytes.Equal(m.PNG, want.Bytes()) || len(m.Chunks) != 9 || m.Chunks[4].Special != "nan" {
		t.Errorf("chunk map differs from render's (%d chunks)", len(m.Chunks))
	}
	auto, err := s.ChunkMap(0)
	if err != nil || auto.Layout.Cell != 48 || auto.Layout.Cols != 3 {
		t.Errorf("automatic cell size: %+v, %v", auto.Layout, err)
	}
	if len(auto.Legend) != 9 {
		t.Errorf("legend %v", auto.Legend)
	}
}

func TestSliceAndValues(t *testing.T) {
	s, _ := openFile(t, "b2nd/a02_3d_i4.b2nd")
	a := s.array
	lo := -5.0
	v, err := s.Slice(SliceRequest{Axes: [2]int{2, 0}, Index: []int64{0, 4, 0}, Start: [2]int64{1, 2}, Stop: [2]int64{9, 0}, Scale: 2, Min: &lo})
	if err != nil {
		t.Fatal(err)
	}
	if v.Rows != 8 || v.Cols != 18 || v.Min != -5 || v.DataMax == nil || v.Max != *v.DataMax || v.NaNs != 0 {
		t.Fatalf("slice view %+v", v)
	}
	g, err := render.ReadSlice(a, render.Slice{Axes: [2]int{2, 0}, Index: []int64{0, 4, 0}, Start: [2]int64{1, 2}, Stop: [2]int64{9, 0}})
	if err != nil {
		t.Fatal(err)
	}
	img, _ := render.Heatmap(g, 2, -5, v.Max)
	var want bytes.Buffer
	png.Encode(&want, img)
	if !bytes.Equal(v.PNG, want.Bytes()) {
		t.Error("heatmap differs from render's")
	}
	tab, err := s.Values(1, 2, 2) // the corner: rows 1..3, columns 2..4
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 3 || tab.Rows[0] != 1 || len(tab.Cols) != 3 || tab.Cols[0] != 2 {
		t.Fatalf("table %+v", tab)
	}
	raw, _ := a.ReadSlab(nil, []int64{3, 4, 2}, []int64{4, 5, 3}) // axis 2 = row 2, axis 0 = col 3
	want3, _ := render.Float64s(nil, raw, a.Dtype())
	if tab.Values[1][1] != formatter('i', 4)(want3[0]) {
		t.Errorf("value at row 2, col 3 = %s, want %v", tab.Values[1][1], want3[0])
	}
	for _, bad := range []SliceRequest{{Axes: [2]int{0, 0}, Scale: 1}, {Axes: [2]int{0, 1}, Scale: 0}, {Axes: [2]int{0, 1}, Index: []int64{0, 0, 99}, Scale: 1}} {
		if _, err := s.Slice(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if _, err := s.Values(100, 0, 1); err == nil {
		t.Error("Values outside the slice: no error")
	}
}

func TestCachedReaderAt(t *testing.T) {
	data := make([]byte, 5*pageSize+123)
	for i := range data {
		data[i] = byte(i * 7)
	}
	src := &countingReader{b: data}
	c := NewCachedReaderAt(src, int64(len(data)))
	for _, r := range []struct{ off, n int }{{0, 10}, {5, 100}, {pageSize - 3, 10}, {2 * pageSize, pageSize}, {len(data) - 5, 5}, {1, bigRead + 3}} {
		p := make([]byte, r.n)
		n, err := c.ReadAt(p, int64(r.off))
		if n != r.n || err != nil || !bytes.Equal(p, data[r.off:r.off+r.n]) {
			t.Fatalf("ReadAt(%d, %d) = %d, %v", r.off, r.n, n, err)
		}
	}
	if src.reads != 5 { // pages 0, 1, 2, 5 and the big read
		t.Errorf("%d reads of the source, want 5", src.reads)
	}
	p := make([]byte, 10)
	if n, err := c.ReadAt(p, int64(len(data)-4)); n != 4 || err != io.EOF {
		t.Errorf("read across the end: %d, %v", n, err)
	}
	if _, err := c.ReadAt(p, int64(len(data))); err != io.EOF {
		t.Errorf("read at the end: %v", err)
	}
	// A source shorter than announced is an error, not a panic.
	short := NewCachedReaderAt(bytes.NewReader(data[:100]), int64(len(data)))
	if _, err := short.ReadAt(p, 200); err == nil || errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("short source: %v", err)
	}
	// Eviction keeps at most pageCount pages, the most recent ones.
	big := make([]byte, (pageCount+8)*pageSize)
	c = NewCachedReaderAt(bytes.NewReader(big), int64(len(big)))
	for k := 0; k < pageCount+8; k++ {
		c.ReadAt(p, int64(k)*pageSize)
	}
	if _, ok := c.pages[pageCount+7]; len(c.pages) != pageCount || !ok {
		t.Errorf("%d pages kept, last one kept: %v", len(c.pages), ok)
	}
	if _, ok := c.pages[0]; ok {
		t.Error("the oldest page was kept")
	}
}
