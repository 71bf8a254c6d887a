package frame

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

const testdataDir = "../testdata"

type manifestMeta struct {
	Name       string `json:"name"`
	Len        int    `json:"len"`
	ContentHex string `json:"content_hex"`
}

type manifestFrameHeader struct {
	HeaderLen      int64   `json:"header_len"`
	FrameLen       int64   `json:"frame_len"`
	GeneralFlags   uint8   `json:"general_flags"`
	FrameType      uint8   `json:"frame_type"`
	CodecFlags     uint8   `json:"codec_flags"`
	OtherFlags     uint8   `json:"other_flags"`
	Nbytes         int64   `json:"uncompressed_size"`
	Cbytes         int64   `json:"compressed_size"`
	TypeSize       int32   `json:"type_size"`
	BlockSize      int32   `json:"block_size"`
	ChunkSize      int32   `json:"chunk_size"`
	TComp          int16   `json:"tcomp"`
	TDecomp        int16   `json:"tdecomp"`
	HasVLMeta      bool    `json:"has_vlmetalayers"`
	FiltersN       uint8   `json:"filters_n"`
	Filters        []uint8 `json:"filters"`
	UDCodec        uint8   `json:"udcodec"`
	CompcodeMeta   uint8   `json:"compcode_meta"`
	FiltersMeta    []int   `json:"filters_meta"`
	OtherFlags2    uint8   `json:"other_flags2"`
	First57Hex     string  `json:"first_0x57_bytes_hex"`
	TrailerLen     int64   `json:"trailer_len"`
	TrailerTailHex string  `json:"trailer_tail_hex"`
}

type manifestEntry struct {
	Type        string               `json:"type"`
	File        string               `json:"file"`
	Sha256      string               `json:"sha256"`
	Nbytes      int64                `json:"nbytes"`
	NChunks     *int                 `json:"nchunks"`
	Shape       []int64              `json:"shape"`
	ChunkShape  []int32              `json:"chunkshape"`
	BlockShape  []int32              `json:"blockshape"`
	Dtype       string               `json:"dtype"`
	Metalayers  []manifestMeta       `json:"metalayers"`
	VLMeta      []manifestMeta       `json:"vlmetalayers"`
	FrameHeader *manifestFrameHeader `json:"frame_header"`
}

func loadManifest(t testing.TB, path string) []manifestEntry {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Entries []manifestEntry `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var out []manifestEntry
	for _, e := range m.Entries {
		if e.Type == "frame" || e.Type == "sframe" || e.Type == "b2nd" {
			out = append(out, e)
		}
	}
	return out
}

func corpusEntries(t testing.TB) []manifestEntry {
	out := loadManifest(t, filepath.Join(testdataDir, "manifest.json"))
	ext := loadManifest(t, filepath.Join(testdataDir, "external", "manifest.json"))
	if len(out) < 20 || len(ext) < 8 {
		t.Fatalf("corpus too small: %d + %d frame entries", len(out), len(ext))
	}
	return append(out, ext...)
}

func TestCorpusHeaders(t *testing.T) {
	for _, e := range corpusEntries(t) {
		e := e
		t.Run(filepath.Base(e.File), func(t *testing.T) {
			f, err := OpenFile(filepath.Join(testdataDir, e.File))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if e.NChunks != nil && f.NChunks() != *e.NChunks {
				t.Errorf("nchunks %d, manifest %d", f.NChunks(), *e.NChunks)
			}
			if fh := e.FrameHeader; fh != nil {
				h := f.Header()
				var filt [blosc.MaxFilters]blosc.Filter
				var fm [blosc.MaxFilters]uint8
				for i := range filt {
					filt[i], fm[i] = blosc.Filter(fh.Filters[i]), uint8(fh.FiltersMeta[i])
				}
				codec := blosc.Codec(fh.CodecFlags & 0x0f)
				if codec == 6 {
					codec = blosc.Codec(fh.UDCodec)
				}
				if h.Codec != codec || h.Clevel != fh.CodecFlags>>4 || h.SplitMode != blosc.SplitMode(fh.OtherFlags&3+1) {
					t.Errorf("codec %v clevel %d splitmode %v, manifest codec_flags %#x other_flags %#x",
						h.Codec, h.Clevel, h.SplitMode, fh.CodecFlags, fh.OtherFlags)
				}
				got := []int64{int64(h.HeaderLen), h.FrameLen, int64(h.GeneralFlags), int64(h.FrameType), int64(h.CodecFlags),
					int64(h.OtherFlags), h.Nbytes, h.Cbytes, int64(h.Typesize), int64(h.Blocksize), int64(h.Chunksize),
					int64(h.NThreadsComp), int64(h.NThreadsDecomp), int64(h.NFilters), int64(h.UDCodec), int64(h.CompcodeMeta),
					int64(h.OtherFlags2), f.TrailerLen()}
				want := []int64{fh.HeaderLen, fh.FrameLen, int64(fh.GeneralFlags), int64(fh.FrameType), int64(fh.CodecFlags),
					int64(fh.OtherFlags), fh.Nbytes, fh.Cbytes, int64(fh.TypeSize), int64(fh.BlockSize), int64(fh.ChunkSize),
					int64(fh.TComp), int64(fh.TDecomp), int64(fh.FiltersN), int64(fh.UDCodec), int64(fh.CompcodeMeta),
					int64(fh.OtherFlags2), fh.TrailerLen}
				for i := range got {
					if got[i] != want[i] {
						t.Errorf("header field %d: got %d, manifest %d", i, got[i], want[i])
					}
				}
				if h.HasVLMetalayers != fh.HasVLMeta || h.Filters != filt || h.FiltersMeta != fm {
					t.Errorf("vlmeta flag/filters differ: %+v", h)
				}
			}
			if e.Metalayers != nil {
				ml := f.Metalayers()
				if len(ml) != len(e.Metalayers) {
					t.Fatalf("%d metalayers, manifest %d", len(ml), len(e.Metalayers))
				}
				for i, m := range e.Metalayers {
					if ml[i].Name != m.Name || hex.EncodeToString(ml[i].Content) != m.ContentHex {
						t.Errorf("metalayer %d: %q %x, manifest %q %s", i, ml[i].Name, ml[i].Content, m.Name, m.ContentHex)
					}
				}
			}
			if e.VLMeta != nil {
				vl, err := f.VLMetalayers()
				if err != nil {
					t.Fatal(err)
				}
				if len(vl) != len(e.VLMeta) {
					t.Fatalf("%d vlmetalayers, manifest %d", len(vl), len(e.VLMeta))
				}
				for i, m := range e.VLMeta {
					if vl[i].Name != m.Name || hex.EncodeToString(vl[i].Content) != m.ContentHex || len(vl[i].Content) != m.Len {
						t.Errorf("vlmetalayer %d: %q, manifest %q", i, vl[i].Name, m.Name)
					}
				}
			}
		})
	}
}

// decodeEntry returns all decoded bytes of a corpus entry (b2nd: C order).
func decodeEntry(t testing.TB, e manifestEntry) []byte {
	t.Helper()
	f, err := OpenFile(filepath.Join(testdataDir, e.File))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if e.Type == "b2nd" {
		a, err := OpenArray(f)
		if err != nil {
			t.Fatal(err)
		}
		if e.Shape != nil && !equalInt64(a.Shape(), e.Shape) {
			t.Errorf("shape %v, manifest %v", a.Shape(), e.Shape)
		}
		if e.Dtype != "" && a.Meta().Dtype != e.Dtype {
			t.Errorf("dtype %q, manifest %q", a.Meta().Dtype, e.Dtype)
		}
		if a.Lazy() != nil {
			// A saved LazyExpr: its chunks are placeholders that reading
			// the array refuses; the manifest has the stored bytes.
			var le *LazyError
			if _, err := a.ReadAll(nil); !errors.As(err, &le) || !errors.Is(err, ErrUnsupported) {
				t.Fatalf("reading a LazyExpr: %v, want a *LazyError", err)
			}
			b, err := f.Decode(nil)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		b, err := a.ReadAll(nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	b, err := f.Decode(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func equalInt64(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCorpusDecode(t *testing.T) {
	for _, e := range corpusEntries(t) {
		e := e
		t.Run(filepath.Base(e.File), func(t *testing.T) {
			b := decodeEntry(t, e)
			sum := sha256.Sum256(b)
			if hex.EncodeToString(sum[:]) != e.Sha256 {
				t.Errorf("sha256 of %d decoded bytes differs from the manifest", len(b))
			}
		})
	}
}

// TestReadAtMatchesDecode reads every frame through ReadAt in odd-sized
// pieces and compares with a full decode.
func TestReadAtMatchesDecode(t *testing.T) {
	for _, e := range corpusEntries(t) {
		if e.Type == "b2nd" {
			continue
		}
		f, err := OpenFile(filepath.Join(testdataDir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		all, err := f.Decode(nil)
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		steps := []int{7777, 65536 + 3}
		if testing.Short() {
			steps = steps[1:]
		}
		for _, step := range steps {
			var got []byte
			p := make([]byte, step)
			for off := int64(0); ; off += int64(step) {
				n, err := f.ReadAt(p, off)
				got = append(got, p[:n]...)
				if err != nil {
					break
				}
			}
			if !bytes.Equal(got, all) {
				t.Errorf("%s: ReadAt step %d differs from Decode", e.File, step)
			}
		}
		f.Close()
	}
}
