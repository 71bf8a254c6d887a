package zarr

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// ocfCases are chunks C-Blosc2 wrote with blosc2_compress as python-blosc2's
// blosc2.compress makes them (BloscLZ or Zstd, clevel 5, shuffle), stored
// as the chunks of arrays whose metadata is ocf_blosc2's.
var ocfCases = []struct {
	chunk    string // in ../testdata/chunks
	cname    string
	dtype    DataType
	numpy    string
	elements int64
}{
	{"B_032_blosclz_c5_shuffle_ts4_i32noise_n33408", "blosc2", Int32, "<i4", 33408 / 4},
	{"G_010_blosclz_c5_shuffle_ts8_f64sine_n300000", "blosc2", Float64, "<f8", 300000 / 8},
	{"G_001_zstd_c5_shuffle_ts8_f64sine_n50000", "zstd", Float64, "<f8", 50000 / 8},
}

// manifestSums returns the sha256 of the decoded bytes of each corpus file.
func manifestSums(t *testing.T) map[string]string {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Entries []struct {
			File   string `json:"file"`
			SHA256 string `json:"sha256"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	sums := map[string]string{}
	for _, e := range m.Entries {
		sums[e.File] = e.SHA256
	}
	return sums
}

// TestOCFBlosc2 reads Zarr v3 and v2 arrays in ocf_blosc2's form whose two
// chunks are the same C-Blosc2 chunk, and checks the decoded bytes against
// the corpus manifest.
func TestOCFBlosc2(t *testing.T) {
	sums := manifestSums(t)
	for _, c := range ocfCases {
		chunk, err := os.ReadFile(filepath.Join("..", "testdata", "chunks", c.chunk+".b2chunk"))
		if err != nil {
			t.Fatal(err)
		}
		v3 := `{"zarr_format":3,"node_type":"array","shape":[` + itoa(2*c.elements) + `],"data_type":"` + string(c.dtype) + `",
		"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[` + itoa(c.elements) + `]}},
		"chunk_key_encoding":{"name":"default","configuration":{"separator":"/"}},"fill_value":0,
		"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"blosc2","configuration":{"cname":"` + c.cname + `","clevel":5}}]}`
		v2 := `{"zarr_format":2,"shape":[` + itoa(2*c.elements) + `],"chunks":[` + itoa(c.elements) + `],"dtype":"` + c.numpy + `",
		"compressor":{"id":"blosc2","cname":"` + c.cname + `","clevel":5},"fill_value":0,"order":"C","filters":null}`
		for _, form := range []struct{ meta, doc, c0, c1 string }{
			{"zarr.json", v3, "c/0", "c/1"},
			{".zarray", v2, "0", "1"},
		} {
			s := NewMemStore()
			for k, v := range map[string][]byte{form.meta: []byte(form.doc), form.c0: chunk, form.c1: chunk} {
				if err := s.Set(k, v); err != nil {
					t.Fatal(err)
				}
			}
			a, err := OpenArray(s, "")
			if err != nil {
				t.Fatalf("%s %s: %v", c.chunk, form.meta, err)
			}
			got, err := a.Read()
			if err != nil {
				t.Fatalf("%s %s: %v", c.chunk, form.meta, err)
			}
			half := len(got) / 2
			sum := sha256.Sum256(got[:half])
			if hex.EncodeToString(sum[:]) != sums["chunks/"+c.chunk+".b2chunk"] || !bytes.Equal(got[:half], got[half:]) {
				t.Errorf("%s %s: decoded bytes differ from C-Blosc2's", c.chunk, form.meta)
			}
			// The metadata written back is still ocf_blosc2's.
			if form.meta == "zarr.json" {
				doc, _ := a.Metadata().Codecs[1].MarshalJSON()
				if !bytes.Equal(doc, []byte(`{"name":"blosc2","configuration":{"cname":"`+c.cname+`","clevel":5}}`)) {
					t.Errorf("metadata written back is not ocf_blosc2's:\n%s", doc)
				}
			}
		}
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }
