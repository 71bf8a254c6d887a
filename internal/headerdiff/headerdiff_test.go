package headerdiff

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
)

const testdataDir = "../../testdata"

func open(t *testing.T, name string) *frame.Frame {
	t.Helper()
	f, err := frame.OpenFile(filepath.Join(testdataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestHeaders(t *testing.T) {
	a := open(t, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	b := open(t, "frames/f12_lz4hc_never_split_bs8k.b2frame")
	if d := Headers(a.Header(), a.Header()); len(d) != 0 {
		t.Fatalf("self diff: %v", d)
	}
	names := map[string]bool{}
	for _, d := range Headers(a.Header(), b.Header()) {
		names[d.Name] = true
	}
	for _, n := range []string{"compcode", "splitmode", "block_size", "filters", "udcodec", "frame_len"} {
		if !names[n] {
			t.Errorf("%s not reported as different", n)
		}
	}
	if names["type_size"] || names["header_len"] {
		t.Error("equal fields reported")
	}
}

// TestFrameFieldOffsets checks the offsets against the bytes: each integer
// field's value is stored big-endian at its offset.
func TestFrameFieldOffsets(t *testing.T) {
	path := filepath.Join(testdataDir, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := open(t, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	width := map[string]int{"header_len": 4, "frame_len": 8, "uncompressed_size": 8, "compressed_size": 8,
		"type_size": 4, "block_size": 4, "chunk_size": 4, "tcomp": 2, "tdecomp": 2, "nfilters": 1, "udcodec": 1, "compcode_meta": 1}
	for _, fl := range FrameFields(f.Header()) {
		w, ok := width[fl.Name]
		if !ok {
			continue
		}
		var v uint64
		for k := 0; k < w; k++ {
			v = v<<8 | uint64(raw[fl.Offset+k])
		}
		if strconv.FormatUint(v, 10) != fl.Value {
			t.Errorf("%s at %d: bytes say %d, field %s", fl.Name, fl.Offset, v, fl.Value)
		}
	}
	if got := FrameFields(f.Header())[2]; got.Value != "0x"+strconv.FormatUint(uint64(raw[got.Offset])|0x100, 16)[1:] {
		t.Errorf("general_flags %v, byte %#x", got, raw[got.Offset])
	}
}

func TestFrames(t *testing.T) {
	a := open(t, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	if d, err := Frames(a, a, Options{}); err != nil || len(d) != 0 {
		t.Fatalf("self: %v %v", d, err)
	}
	// The same data, written by us with other parameters: headers and
	// chunks differ, the content does not.
	raw, err := a.Decode(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := frame.DefaultParams()
	p.Typesize = a.Typesize()
	p.Chunksize = int(a.Header().Chunksize)
	p.Metalayers = []frame.Metalayer{{Name: "other", Content: []byte{1, 2, 3}}}
	var buf bytes.Buffer
	w, err := frame.NewWriter(&buf, p)
	if err != nil {
		t.Fatal(err)
	}
	cs := int(a.Header().Chunksize)
	for off := 0; off < len(raw); off += cs {
		end := off + cs
		if end > len(raw) {
			end = len(raw)
		}
		if err := w.AppendData(raw[off:end]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := frame.OpenBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	d, err := Frames(a, b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for _, x := range d {
		sections[strings.SplitN(x.Section, " ", 2)[0]] = true
		if x.Section == "content" {
			t.Errorf("content reported different: %v", x)
		}
	}
	for _, s := range []string{"header", "metalayers", "chunk"} {
		if !sections[s] {
			t.Errorf("no %s difference in %v", s, d)
		}
	}
	// One decoded byte changed: reported at its offset.
	raw[len(raw)-5] ^= 1
	buf = bytes.Buffer{} // b still reads the old buffer
	w, _ = frame.NewWriter(&buf, p)
	for off := 0; off < len(raw); off += cs {
		end := off + cs
		if end > len(raw) {
			end = len(raw)
		}
		w.AppendData(raw[off:end])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	c, _ := frame.OpenBytes(buf.Bytes())
	d, err = Frames(b, c, Options{NoChunks: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "first difference at decoded byte " + strconv.Itoa(len(raw)-5)
	if len(d) == 0 || d[len(d)-1].Name != want {
		t.Errorf("got %v, want %q", d, want)
	}
}

func TestChunkBytes(t *testing.T) {
	a, err := os.ReadFile(filepath.Join(testdataDir, "chunks/A_000_blosclz_c0_nofilter_ts4_i32ramp_n30000.b2chunk"))
	if err != nil {
		t.Fatal(err)
	}
	if d, err := ChunkBytes(a, a, true); err != nil || len(d) != 0 {
		t.Fatalf("self: %v %v", d, err)
	}
	b := append([]byte(nil), a...)
	b[1] = 9 // versionlz: ignored by the decoder
	d, err := ChunkBytes(a, b, true)
	if err != nil || len(d) != 1 || d[0].Name != "versionlz" || d[0].Offset != 1 {
		t.Fatalf("%v %v", d, err)
	}
}
