package zarr

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/tiff"
)

type zarritaCase struct {
	name       string
	dtype      DataType
	shape      []int64
	chunk      []int64
	keys       ChunkKeyEncoding
	fill       string
	codecs     []string // codec metadata
	writeStart []int64  // region written (the rest stays missing or fill)
	writeCount []int64
}

var zarritaCases = []zarritaCase{
	{name: "tiff-offset", dtype: Uint16, shape: []int64{300, 260}, chunk: []int64{256, 256}, fill: "0",
		codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`,
			`{"name":"offset","configuration":{"offset":110,"prefix":"` + tiffPrefix + `"}}`}},
	{name: "int16-transpose-offset", dtype: Int16, shape: []int64{9, 13}, chunk: []int64{4, 5}, fill: "7",
		codecs: []string{`{"name":"transpose","configuration":{"order":[1,0]}}`, `{"name":"bytes","configuration":{"endian":"little"}}`,
			`{"name":"offset","configuration":{"offset":4,"prefix":"SERSIQ=="}}`},
		writeStart: []int64{2, 3}, writeCount: []int64{5, 4}},
	{name: "float32-zstd", dtype: Float32, shape: []int64{40, 30}, chunk: []int64{16, 16}, fill: `"NaN"`,
		codecs:     []string{`{"name":"bytes","configuration":{"endian":"big"}}`, `{"name":"zstd","configuration":{"level":3,"checksum":false}}`},
		writeStart: []int64{0, 0}, writeCount: []int64{20, 30}},
	{name: "float64-3d-zstd-offset", dtype: Float64, shape: []int64{5, 6, 7}, chunk: []int64{2, 3, 4}, fill: `"-Infinity"`,
		keys: ChunkKeyEncoding{Name: "v2", Separator: "/"},
		codecs: []string{`{"name":"transpose","configuration":{"order":[2,0,1]}}`, `{"name":"bytes","configuration":{"endian":"big"}}`,
			`{"name":"zstd","configuration":{"level":5,"checksum":false}}`, `{"name":"offset","configuration":{"offset":12}}`},
		writeStart: []int64{1, 0, 2}, writeCount: []int64{3, 6, 3}},
	{name: "uint64-pad", dtype: Uint64, shape: []int64{11}, chunk: []int64{4}, fill: "9007199254740991", // 2^53-1: zarrita keeps fill values as JS numbers
		keys: ChunkKeyEncoding{Name: "default", Separator: "."},
		codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`,
			`{"name":"pad","configuration":{"location":"end","nbytes":3,"padding":"RU5E"}}`,
			`{"name":"pad","configuration":{"location":"start","nbytes":2}}`},
		writeStart: []int64{0}, writeCount: []int64{6}},
	{name: "bool", dtype: Bool, shape: []int64{7, 3}, chunk: []int64{2, 2}, fill: "true",
		codecs:     []string{`{"name":"bytes"}`, `{"name":"offset","configuration":{"offset":1,"prefix":"Qg=="}}`},
		writeStart: []int64{1, 1}, writeCount: []int64{5, 2}},
}

// Only for arrays we write: zarrita decodes gzip and crc32c but cannot
// encode them.
var goOnlyCases = []zarritaCase{
	{name: "int32-gzip-header", dtype: Int32, shape: []int64{30, 20}, chunk: []int64{16, 16}, fill: "-1",
		codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`, `{"name":"gzip","configuration":{"level":6}}`,
			`{"name":"offset","configuration":{"offset":16,"prefix":"TVlfQ1VTVE9NX0hFQURFUg=="}}`}},
	{name: "int64-crc32c", dtype: Int64, shape: []int64{10, 10}, chunk: []int64{3, 4}, fill: "-5",
		codecs:     []string{`{"name":"bytes","configuration":{"endian":"big"}}`, `{"name":"crc32c"}`},
		writeStart: []int64{0, 0}, writeCount: []int64{8, 9}},
}

func (c zarritaCase) region() (start, count []int64) {
	if c.writeCount != nil {
		return c.writeStart, c.writeCount
	}
	return make([]int64, len(c.shape)), c.shape
}

// values returns deterministic region data with both halves of every
// element in play, NaN included for floats.
func (c zarritaCase) values() []byte {
	_, count := c.region()
	n := 1
	for _, d := range count {
		n *= int(d)
	}
	es := c.dtype.Size()
	b := randomBytes(n*es, int64(len(c.name)))
	switch c.dtype {
	case Bool:
		for i := range b {
			b[i] &= 1
		}
	case Float32:
		copy(b, []byte{0, 0, 0xc0, 0x7f}) // a canonical NaN (JS canonicalizes others)
		for i := 4; i < len(b); i += 4 {
			b[i+3] &= 0x3f // finite values
		}
	case Float64:
		for i := 0; i < len(b); i += 8 {
			b[i+7] &= 0x3f
		}
	}
	return b
}

// expected returns the whole array after writing the case's region over
// fill values.
func (c zarritaCase) expected(t *testing.T) []byte {
	a, err := CreateArray(NewMemStore(), "", ArrayMetadata{Shape: c.shape, DataType: c.dtype, ChunkShape: c.chunk,
		FillValue: json.RawMessage(c.fill)})
	if err != nil {
		t.Fatal(err)
	}
	start, count := c.region()
	if err := a.WriteRegion(start, stopOf(start, count), c.values()); err != nil {
		t.Fatal(err)
	}
	all, err := a.Read()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestZarritaReadsOurs: zarrita reads arrays this package writes.
func TestZarritaReadsOurs(t *testing.T) {
	script := zarritaScript(t)
	for _, c := range append(append([]zarritaCase(nil), zarritaCases...), goOnlyCases...) {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "arr.zarr")
			m := ArrayMetadata{Shape: c.shape, DataType: c.dtype, ChunkShape: c.chunk, ChunkKeyEncoding: c.keys,
				FillValue: json.RawMessage(c.fill)}
			for _, js := range c.codecs {
				m.Codecs = append(m.Codecs, mustCodec(t, js))
			}
			a, err := CreateArray(NewFSStore(dir), "", m)
			if err != nil {
				t.Fatal(err)
			}
			start, count := c.region()
			if err := a.WriteRegion(start, stopOf(start, count), c.values()); err != nil {
				t.Fatal(err)
			}
			var got struct {
				DType string  `json:"dtype"`
				Shape []int64 `json:"shape"`
				Data  string  `json:"data"`
			}
			if err := json.Unmarshal(runNode(t, script, "read", dir), &got); err != nil {
				t.Fatal(err)
			}
			data, err := base64.StdEncoding.DecodeString(got.Data)
			if err != nil {
				t.Fatal(err)
			}
			if got.DType != string(c.dtype) || fmt.Sprint(got.Shape) != fmt.Sprint(c.shape) {
				t.Fatalf("zarrita sees %s %v", got.DType, got.Shape)
			}
			if want := c.expected(t); !bytes.Equal(data, want) {
				t.Fatalf("zarrita read different values (%d bytes, want %d)", len(data), len(want))
			}
		})
	}
}

// TestWeReadZarrita: this package reads arrays zarrita writes.
func TestWeReadZarrita(t *testing.T) {
	script := zarritaScript(t)
	for _, c := range zarritaCases {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			dir := filepath.Join(tmp, "arr.zarr")
			start, count := c.region()
			var fill any
			if err := json.Unmarshal([]byte(c.fill), &fill); err != nil {
				t.Fatal(err)
			}
			if c.dtype == Uint64 || c.dtype == Int64 {
				fill = json.RawMessage(c.fill) // beyond float64 precision: keep the digits
			}
			codecs := make([]json.RawMessage, len(c.codecs))
			for i, js := range c.codecs {
				codecs[i] = json.RawMessage(js)
			}
			// zarrita.create writes only the default chunk key encoding.
			sep := c.keys.Separator
			if sep == "" || c.keys.Name == "v2" {
				sep = "/"
			}
			spec, _ := json.Marshal(map[string]any{
				"shape": c.shape, "chunk_shape": c.chunk, "dtype": c.dtype, "codecs": codecs, "fill_value": fill,
				"separator": sep,
				"writes":    []any{map[string]any{"start": start, "count": count, "data": c.values()}},
			})
			specPath := filepath.Join(tmp, "spec.json")
			if err := os.WriteFile(specPath, spec, 0o644); err != nil {
				t.Fatal(err)
			}
			runNode(t, script, "write", dir, specPath)
			a, err := OpenArray(NewFSStore(dir), "")
			if err != nil {
				doc, _ := os.ReadFile(filepath.Join(dir, "zarr.json"))
				t.Fatalf("%v\n%s", err, doc)
			}
			got, err := a.Read()
			if err != nil {
				t.Fatal(err)
			}
			if want := c.expected(t); !bytes.Equal(got, want) {
				t.Fatalf("we read different values from zarrita's array")
			}
			if c.name == "tiff-offset" {
				// zarrita's chunks are TIFF files too.
				f, err := os.Open(filepath.Join(dir, "c", "0", "0"))
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				img, err := tiff.Decode(f)
				if err != nil {
					t.Fatalf("zarrita's chunk is not a TIFF: %v", err)
				}
				if v := img.At(1, 0).(color.Gray16).Y; v != binary.LittleEndian.Uint16(got[2:]) {
					t.Errorf("TIFF pixel (1,0) = %d, array element %d", v, binary.LittleEndian.Uint16(got[2:]))
				}
			}
		})
	}
}
