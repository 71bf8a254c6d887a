package zarr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/offsetcodec"
)

func mustCodec(t testing.TB, js string) Codec {
	t.Helper()
	c, err := parseCodec("test", json.RawMessage(js))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func randomBytes(n int, seed int64) []byte {
	b := make([]byte, n)
	rand.New(rand.NewSource(seed)).Read(b)
	return b
}

// TestRoundTrip writes random arrays through many codec lists and reads
// them back whole and by region, from a fresh OpenArray.
func TestRoundTrip(t *testing.T) {
	codecLists := map[string]string{
		"bytes-le":      `[{"name":"bytes","configuration":{"endian":"little"}}]`,
		"bytes-be":      `[{"name":"bytes","configuration":{"endian":"big"}}]`,
		"transpose":     `[{"name":"transpose","configuration":{"order":[2,0,1]}},{"name":"bytes","configuration":{"endian":"big"}}]`,
		"two-transpose": `[{"name":"transpose","configuration":{"order":[1,2,0]}},{"name":"transpose","configuration":{"order":[2,1,0]}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"gzip-offset":   `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"gzip","configuration":{"level":1}},{"name":"offset","configuration":{"offset":16,"prefix":"TVlfQ1VTVE9NX0hFQURFUg=="}}]`,
		"zstd-crc":      `[{"name":"bytes","configuration":{"endian":"big"}},{"name":"zstd","configuration":{"level":3,"checksum":true}},{"name":"crc32c"}]`,
		"pads":          `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"pad","configuration":{"location":"start","nbytes":3}},{"name":"pad","configuration":{"location":"end","nbytes":5,"padding":"QUJDREU="}}]`,
		"zstd-neg":      `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":-5}},{"name":"offset","configuration":{"offset":0}}]`,
	}
	for _, dt := range []DataType{Bool, Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64, Float32, Float64} {
		for name, list := range codecLists {
			var raws []json.RawMessage
			if err := json.Unmarshal([]byte(list), &raws); err != nil {
				t.Fatal(err)
			}
			m := ArrayMetadata{Shape: []int64{7, 5, 9}, DataType: dt, ChunkShape: []int64{3, 5, 4}}
			for _, r := range raws {
				m.Codecs = append(m.Codecs, mustCodec(t, string(r)))
			}
			s := NewMemStore()
			a, err := CreateArray(s, "g/arr", m)
			if err != nil {
				t.Fatalf("%s %s: %v", dt, name, err)
			}
			data := randomBytes(7*5*9*dt.Size(), int64(len(name)))
			if dt == Bool {
				for i := range data {
					data[i] &= 1
				}
			}
			if err := a.Write(data); err != nil {
				t.Fatalf("%s %s: write: %v", dt, name, err)
			}
			b, err := OpenArray(s, "g/arr")
			if err != nil {
				t.Fatalf("%s %s: open: %v", dt, name, err)
			}
			got, err := b.Read()
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("%s %s: read back differs (%v)", dt, name, err)
			}
			// A region crossing chunk borders.
			start, count := []int64{1, 2, 3}, []int64{5, 3, 6}
			reg, err := b.ReadRegion(start, stopOf(start, count))
			if err != nil {
				t.Fatal(err)
			}
			es := int64(dt.Size())
			for i := int64(0); i < count[0]; i++ {
				for j := int64(0); j < count[1]; j++ {
					for k := int64(0); k < count[2]; k++ {
						r := ((i*count[1]+j)*count[2] + k) * es
						o := (((start[0]+i)*5+start[1]+j)*9 + start[2] + k) * es
						if !bytes.Equal(reg[r:r+es], data[o:o+es]) {
							t.Fatalf("%s %s: region element (%d,%d,%d) differs", dt, name, i, j, k)
						}
					}
				}
			}
		}
	}
}

// TestTransposeLayout checks the bytes a transpose + bytes pipeline stores:
// order [1,0] stores a chunk in Fortran order.
func TestTransposeLayout(t *testing.T) {
	s := NewMemStore()
	a, err := CreateArray(s, "", ArrayMetadata{Shape: []int64{2, 3}, DataType: Uint8, ChunkShape: []int64{2, 3},
		Codecs: []Codec{&Transpose{Order: []int{1, 0}}, &Bytes{}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteValues(a, []int64{0, 0}, []int64{2, 3}, []uint8{1, 2, 3, 4, 5, 6}); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Get("c/0/0")
	if !bytes.Equal(got, []byte{1, 4, 2, 5, 3, 6}) {
		t.Errorf("stored % x, want Fortran order 01 04 02 05 03 06", got)
	}
}

func TestMissingChunksAndFill(t *testing.T) {
	tests := []struct {
		dt   DataType
		fill string
		want []byte // one element, little-endian
	}{
		{Bool, `true`, []byte{1}},
		{Int8, `-2`, []byte{0xfe}},
		{Uint16, `65535`, []byte{0xff, 0xff}},
		{Int32, `-1`, []byte{0xff, 0xff, 0xff, 0xff}},
		{Uint64, `18446744073709551615`, bytes.Repeat([]byte{0xff}, 8)},
		{Int64, `-9223372036854775808`, []byte{0, 0, 0, 0, 0, 0, 0, 0x80}},
		{Float32, `"NaN"`, []byte{0, 0, 0xc0, 0x7f}},
		{Float32, `"0x7fc00001"`, []byte{1, 0, 0xc0, 0x7f}},
		{Float32, `0.1`, le32(math.Float32bits(0.1))},
		{Float32, `16777217`, le32(math.Float32bits(16777216))}, // round half to even
		{Float64, `"-Infinity"`, le64(math.Float64bits(math.Inf(-1)))},
		{Float64, `1.5e300`, le64(math.Float64bits(1.5e300))},
		{Float64, `-0.0`, le64(1 << 63)},
	}
	for _, tt := range tests {
		s := NewMemStore()
		a, err := CreateArray(s, "x", ArrayMetadata{Shape: []int64{5, 4}, DataType: tt.dt, ChunkShape: []int64{2, 3},
			FillValue: json.RawMessage(tt.fill), Codecs: []Codec{&Bytes{Endian: "big"}}})
		if err != nil {
			t.Fatalf("%s fill %s: %v", tt.dt, tt.fill, err)
		}
		es := tt.dt.Size()
		one := bytes.Repeat([]byte{0x01}, es)
		if err := a.WriteRegion([]int64{4, 3}, []int64{5, 4}, one); err != nil {
			t.Fatal(err)
		}
		if keys := s.Keys(); strings.Join(keys, " ") != "x/c/2/1 x/zarr.json" {
			t.Errorf("keys = %v", keys)
		}
		b, err := OpenArray(s, "x")
		if err != nil {
			t.Fatal(err)
		}
		all, err := b.Read()
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 20; i++ {
			want := tt.want
			if i == 19 {
				want = one
			}
			if !bytes.Equal(all[i*es:(i+1)*es], want) {
				t.Errorf("%s fill %s: element %d = % x, want % x", tt.dt, tt.fill, i, all[i*es:(i+1)*es], want)
			}
		}
	}
}

func le32(v uint32) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)} }
func le64(v uint64) []byte { return append(le32(uint32(v)), le32(uint32(v>>32))...) }

func TestFillValueErrors(t *testing.T) {
	tests := []struct {
		dt   DataType
		fill string
	}{
		{Bool, `0`}, {Bool, `"true"`}, {Int8, `128`}, {Int8, `1.0`}, {Int8, `1e1`}, {Uint8, `-1`},
		{Uint64, `18446744073709551616`}, {Int16, `"NaN"`}, {Float32, `"nan"`}, {Float32, `"0x7fc000001"`},
		{Float64, `1e400`}, {Float64, `"0xZZ"`}, {Float64, `[1]`}, {Float64, `null`},
	}
	for _, tt := range tests {
		_, err := CreateArray(NewMemStore(), "", ArrayMetadata{Shape: []int64{1}, DataType: tt.dt, ChunkShape: []int64{1},
			FillValue: json.RawMessage(tt.fill)})
		if !errors.Is(err, ErrInvalidMetadata) || !strings.Contains(err.Error(), "fill_value") {
			t.Errorf("%s fill %s: err = %v", tt.dt, tt.fill, err)
		}
	}
}

func TestChunkKeys(t *testing.T) {
	tests := []struct {
		enc  ChunkKeyEncoding
		idx  []int64
		want string
	}{
		{ChunkKeyEncoding{}, []int64{1, 23, 45}, "c/1/23/45"},
		{ChunkKeyEncoding{Name: "default", Separator: "."}, []int64{1, 23, 45}, "c.1.23.45"},
		{ChunkKeyEncoding{Name: "v2"}, []int64{1, 23, 45}, "1.23.45"},
		{ChunkKeyEncoding{Name: "v2", Separator: "/"}, []int64{1, 23, 45}, "1/23/45"},
		{ChunkKeyEncoding{}, []int64{}, "c"},
		{ChunkKeyEncoding{Name: "v2"}, []int64{}, "0"},
	}
	for _, tt := range tests {
		n := len(tt.idx)
		shape := make([]int64, n)
		for i := range shape {
			shape[i] = 100
		}
		a, err := CreateArray(NewMemStore(), "", ArrayMetadata{Shape: shape, DataType: Uint8, ChunkShape: shape, ChunkKeyEncoding: tt.enc})
		if err != nil {
			t.Fatal(err)
		}
		if got := a.ChunkKey(tt.idx); got != tt.want {
			t.Errorf("%+v %v: key %q, want %q", tt.enc, tt.idx, got, tt.want)
		}
	}
}

func TestScalarArray(t *testing.T) {
	s := NewMemStore()
	a, err := CreateArray(s, "s", ArrayMetadata{Shape: []int64{}, DataType: Float64, ChunkShape: []int64{}, FillValue: json.RawMessage(`"NaN"`)})
	if err != nil {
		t.Fatal(err)
	}
	v, err := ReadValues[float64](a, nil, nil)
	if err != nil || len(v) != 1 || !math.IsNaN(v[0]) {
		t.Fatalf("fill read %v, %v", v, err)
	}
	if err := WriteValues(a, nil, nil, []float64{2.5}); err != nil {
		t.Fatal(err)
	}
	if v, _ := ReadValues[float64](a, nil, nil); v[0] != 2.5 {
		t.Errorf("read %v", v)
	}
	if _, err := s.Get("s/c"); err != nil {
		t.Error(err)
	}
}

func TestParseMetadataErrors(t *testing.T) {
	good := map[string]any{
		"zarr_format": 3, "node_type": "array", "shape": []int{4, 4}, "data_type": "uint16",
		"chunk_grid":         map[string]any{"name": "regular", "configuration": map[string]any{"chunk_shape": []int{2, 2}}},
		"chunk_key_encoding": map[string]any{"name": "default", "configuration": map[string]any{"separator": "/"}},
		"fill_value":         0,
		"codecs":             []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}},
	}
	build := func(k string, v any) []byte {
		m := map[string]any{}
		for kk, vv := range good {
			m[kk] = vv
		}
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		b, _ := json.Marshal(m)
		return b
	}
	if _, err := ParseArrayMetadata(build("", nil)); err != nil {
		t.Fatalf("good metadata: %v", err)
	}
	tests := []struct {
		key     string
		val     any
		wantErr error
		msg     string
	}{
		{"zarr_format", 2, ErrUnsupported, "zarr_format"},
		{"node_type", "group", ErrInvalidMetadata, "node_type"},
		{"shape", nil, ErrInvalidMetadata, "shape: required"},
		{"shape", []int{-1, 4}, ErrInvalidMetadata, "negative"},
		{"shape", []float64{1.5, 4}, ErrInvalidMetadata, "shape"},
		{"data_type", "complex64", ErrUnsupported, "complex64"},
		{"chunk_grid", map[string]any{"name": "rectilinear"}, ErrUnsupported, "rectilinear"},
		{"chunk_grid", map[string]any{"name": "regular", "configuration": map[string]any{"chunk_shape": []int{0, 2}}}, ErrInvalidMetadata, "positive"},
		{"chunk_grid", map[string]any{"name": "regular", "configuration": map[string]any{"chunk_shape": []int{2}}}, ErrInvalidMetadata, "dimensions"},
		{"chunk_grid", map[string]any{"name": "regular", "configuration": map[string]any{"chunk_shape": []int64{1 << 20, 1 << 20}}}, ErrUnsupported, "larger than"},
		{"chunk_key_encoding", map[string]any{"name": "v2", "configuration": map[string]any{"separator": "-"}}, ErrInvalidMetadata, "separator"},
		{"codecs", []any{}, ErrInvalidMetadata, "non-empty"},
		{"codecs", []any{map[string]any{"name": "bytes"}}, ErrInvalidMetadata, "endian"},
		{"codecs", []any{"gzip", map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}}, ErrInvalidMetadata, "before the array -> bytes"},
		{"codecs", []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}, map[string]any{"name": "transpose", "configuration": map[string]any{"order": []int{1, 0}}}}, ErrInvalidMetadata, "after the array -> bytes"},
		{"codecs", []any{map[string]any{"name": "transpose", "configuration": map[string]any{"order": []int{0, 0}}}, map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}}, ErrInvalidMetadata, "permutation"},
		{"codecs", []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}, "sharding_indexed"}, ErrInvalidMetadata, "chunk_shape"},
		{"codecs", []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}},
			map[string]any{"name": "sharding_indexed", "configuration": map[string]any{"chunk_shape": []int{1, 1}, "codecs": []any{"bytes"}}}}, ErrUnsupported, "only codec"},
		{"codecs", []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}, map[string]any{"name": "offset", "configuration": map[string]any{"offset": -1}}}, offsetcodec.ErrInvalidConfig, "out of range"},
		{"codecs", []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}, map[string]any{"name": "zstd", "configuration": map[string]any{"level": 23}}}, offsetcodec.ErrInvalidConfig, "out of range"},
		{"codecs", []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}, map[string]any{"name": "gzip", "configuration": map[string]any{"level": 5, "x": 1}}}, offsetcodec.ErrInvalidConfig, "unknown key"},
		{"fill_value", nil, ErrInvalidMetadata, "fill_value: required"},
		{"storage_transformers", []any{map[string]any{"name": "x"}}, ErrUnsupported, "storage"},
		{"extra", 1, ErrUnsupported, "must_understand"},
		{"dimension_names", []any{"a"}, ErrInvalidMetadata, "dimension_names"},
		{"attributes", []int{1}, ErrInvalidMetadata, "attributes"},
	}
	for _, tt := range tests {
		_, err := ParseArrayMetadata(build(tt.key, tt.val))
		if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s=%v: err = %v, want %v containing %q", tt.key, tt.val, err, tt.wantErr, tt.msg)
		}
	}
	// Tolerated: an extension marked must_understand false, dimension names.
	if _, err := ParseArrayMetadata(build("my_ext", map[string]any{"name": "x", "must_understand": false})); err != nil {
		t.Error(err)
	}
	if _, err := ParseArrayMetadata(build("dimension_names", []any{"y", nil})); err != nil {
		t.Error(err)
	}
}

func TestMetadataRoundTrip(t *testing.T) {
	off, _ := offsetcodec.NewOffset(offsetcodec.OffsetConfig{Offset: 4, Prefix: []byte("HEAD")})
	gz, _ := offsetcodec.NewGzip(offsetcodec.GzipConfig{Level: 9})
	y := "y"
	m := ArrayMetadata{Shape: []int64{10, 20}, DataType: Float32, ChunkShape: []int64{5, 5},
		ChunkKeyEncoding: ChunkKeyEncoding{Name: "v2", Separator: "/"}, FillValue: json.RawMessage(`"NaN"`),
		Codecs:         []Codec{&Transpose{Order: []int{1, 0}}, &Bytes{Endian: "big"}, gz, offsetcodec.NewCRC32C(), off},
		DimensionNames: []*string{&y, nil}, Attributes: json.RawMessage(`{"a":[1,2]}`)}
	doc, err := m.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	m2, err := ParseArrayMetadata(doc)
	if err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	doc2, _ := m2.MarshalJSON()
	if !bytes.Equal(doc, doc2) {
		t.Errorf("metadata changed on a round trip:\n%s\n%s", doc, doc2)
	}
	for _, want := range []string{`"separator": "/"`, `"name": "v2"`, `"fill_value": "NaN"`, `"prefix": "SEVBRA=="`, `"dimension_names": [`} {
		if !bytes.Contains(doc, []byte(want)) {
			t.Errorf("zarr.json lacks %s:\n%s", want, doc)
		}
	}

	if err := CreateGroup(NewMemStore(), "a/b", GroupMetadata{Attributes: json.RawMessage(`{"k":1}`)}); err != nil {
		t.Fatal(err)
	}
	gs := NewMemStore()
	_ = CreateGroup(gs, "", GroupMetadata{})
	if g, err := OpenGroup(gs, ""); err != nil || g.Attributes != nil {
		t.Errorf("group: %v %v", g, err)
	}
	if _, err := OpenArray(gs, ""); !errors.Is(err, ErrInvalidMetadata) {
		t.Errorf("opening a group as an array: %v", err)
	}
}

func TestCorruptChunks(t *testing.T) {
	s := NewMemStore()
	a, err := CreateArray(s, "", ArrayMetadata{Shape: []int64{64}, DataType: Uint32, ChunkShape: []int64{32},
		Codecs: []Codec{&Bytes{Endian: "little"}, mustCodec(t, `{"name":"zstd"}`), offsetcodec.NewCRC32C(), mustCodec(t, `{"name":"offset","configuration":{"offset":8}}`)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Write(randomBytes(256, 1)); err != nil {
		t.Fatal(err)
	}
	good, _ := s.Get("c/0")
	mutations := map[string][]byte{
		"short":     good[:5],
		"flipped":   append(append([]byte(nil), good[:20]...), append([]byte{good[20] ^ 1}, good[21:]...)...),
		"truncated": good[:len(good)-1],
		"empty":     {},
	}
	for name, bad := range mutations {
		_ = s.Set("c/0", bad)
		_, err := a.Read()
		var ce *ChunkError
		if !errors.Is(err, ErrCorrupt) || !errors.As(err, &ce) || ce.Key != "c/0" {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	// A zstd frame that decodes to more than a chunk is rejected.
	z, _ := offsetcodec.NewZstd(offsetcodec.ZstdConfig{Level: 1})
	big, _ := z.Encode(nil, make([]byte, 1<<20))
	b, _ := CreateArray(s, "b", ArrayMetadata{Shape: []int64{8}, DataType: Uint8, ChunkShape: []int64{8},
		Codecs: []Codec{&Bytes{}, z}})
	_ = s.Set("b/c/0", big)
	if _, err := b.Read(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("zstd bomb: %v", err)
	}
	g, _ := offsetcodec.NewGzip(offsetcodec.GzipConfig{Level: 1})
	bigGz, _ := g.Encode(nil, make([]byte, 1<<20))
	c, _ := CreateArray(s, "c", ArrayMetadata{Shape: []int64{8}, DataType: Uint8, ChunkShape: []int64{8},
		Codecs: []Codec{&Bytes{}, g}})
	_ = s.Set("c/c/0", bigGz)
	if _, err := c.Read(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("gzip bomb: %v", err)
	}
}

func TestRegionErrors(t *testing.T) {
	a, _ := CreateArray(NewMemStore(), "", ArrayMetadata{Shape: []int64{4, 4}, DataType: Int16, ChunkShape: []int64{2, 2}})
	for _, r := range [][2][]int64{
		{{0, 0}, {5, 1}}, {{-1, 0}, {0, 1}}, {{0}, {1}}, {{4, 0}, {5, 1}}, {{3, 3}, {4, 5}},
		{{2, 2}, {1, 3}}, // reversed range
	} {
		if _, err := a.ReadRegion(r[0], r[1]); !errors.Is(err, ErrRegion) {
			t.Errorf("region %v: %v", r, err)
		}
	}
	if err := a.WriteRegion([]int64{0, 0}, []int64{1, 1}, []byte{1}); !errors.Is(err, ErrRegion) {
		t.Errorf("short data: %v", err)
	}
	if _, err := ReadValues[uint16](a, []int64{0, 0}, []int64{1, 1}); !errors.Is(err, ErrRegion) {
		t.Errorf("wrong Go type: %v", err)
	}
	if v, err := ReadValues[int16](a, []int64{4, 4}, []int64{4, 4}); err != nil || len(v) != 0 {
		t.Errorf("empty region: %v %v", v, err)
	}
}

func TestFSStore(t *testing.T) {
	dir := t.TempDir()
	s := NewFSStore(dir)
	for _, k := range []string{"", "/a", "a/", "a//b", "../x", "a/../../x", `a\b`, "."} {
		if err := s.Set(k, nil); err == nil {
			t.Errorf("key %q accepted", k)
		}
	}
	if _, err := s.Get("nope/zarr.json"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing key: %v", err)
	}
	if err := s.Set("a/b/c", []byte("v")); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Get("a/b/c"); err != nil || string(v) != "v" {
		t.Errorf("Get = %q, %v", v, err)
	}
	if _, err := OpenArray(s, "../x"); err == nil {
		t.Error("path ../x accepted")
	}
}

func BenchmarkWriteRead(b *testing.B) {
	m := ArrayMetadata{Shape: []int64{512, 512}, DataType: Uint16, ChunkShape: []int64{128, 128},
		Codecs: []Codec{&Transpose{Order: []int{1, 0}}, &Bytes{Endian: "big"}, mustCodec(b, `{"name":"zstd","configuration":{"level":1}}`)}}
	data := make([]byte, 512*512*2)
	for i := range data {
		data[i] = byte(i / 7)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		a, err := CreateArray(NewMemStore(), "", m)
		if err != nil {
			b.Fatal(err)
		}
		if err := a.Write(data); err != nil {
			b.Fatal(err)
		}
		if _, err := a.Read(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestHugeArray(t *testing.T) {
	s := NewMemStore()
	a, err := CreateArray(s, "", ArrayMetadata{Shape: []int64{1 << 40, 1 << 20}, DataType: Float64, ChunkShape: []int64{1 << 10, 1 << 10}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Read(); !errors.Is(err, ErrRegion) {
		t.Errorf("reading 2^63 bytes: %v", err)
	}
	v, err := ReadValues[float64](a, []int64{1<<40 - 1, 1<<20 - 2}, []int64{1 << 40, 1 << 20})
	if err != nil || len(v) != 2 || v[0] != 0 {
		t.Errorf("corner read: %v %v", v, err)
	}
}

// xorCodec stands for a codec plugged in from outside (as blosc will be).
type xorCodec struct{ key byte }

func (x xorCodec) Name() string { return "test.xor" }
func (x xorCodec) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"name":"test.xor","configuration":{"key":%d}}`, x.key)), nil
}
func (x xorCodec) Encode(dst, src []byte) ([]byte, error) {
	for _, b := range src {
		dst = append(dst, b^x.key)
	}
	return dst, nil
}
func (x xorCodec) Decode(dst, src []byte) ([]byte, error) { return x.Encode(dst, src) }

func TestRegisterCodec(t *testing.T) {
	err := offsetcodec.Register("test.xor", func(conf json.RawMessage) (offsetcodec.Codec, error) {
		c, err := offsetcodec.ParseConfig("test.xor", conf, "key")
		if err != nil {
			return nil, err
		}
		k, err := c.Int("key", 0, 0, 255)
		return xorCodec{byte(k)}, err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := offsetcodec.Register("bytes", func(json.RawMessage) (offsetcodec.Codec, error) { return nil, nil }); err == nil {
		t.Error("replacing a built-in codec accepted")
	}
	s := NewMemStore()
	a, err := CreateArray(s, "", ArrayMetadata{Shape: []int64{3}, DataType: Uint8, ChunkShape: []int64{3},
		Codecs: []Codec{&Bytes{}, xorCodec{0x0f}, offsetcodec.NewCRC32C()}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Write([]byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	b, err := OpenArray(s, "")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := b.Read(); err != nil || !bytes.Equal(got, []byte{1, 2, 3}) {
		t.Errorf("read %v, %v", got, err)
	}
	if stored, _ := s.Get("c/0"); !bytes.Equal(stored[:3], []byte{0x0e, 0x0d, 0x0c}) {
		t.Errorf("stored % x", stored)
	}
	doc, _ := s.Get("zarr.json")
	if !bytes.Contains(doc, []byte(`"name": "test.xor"`)) {
		t.Errorf("zarr.json lacks the plugged-in codec:\n%s", doc)
	}
}

// stopOf returns start + count: the stop of the region of count elements
// from start.
func stopOf(start, count []int64) []int64 {
	stop := make([]int64, len(start))
	for d := range start {
		stop[d] = start[d] + count[d]
	}
	return stop
}

// TestRegisterNumcodecsV2: a codec registered once as "numcodecs.<id>" is a
// Zarr v2 compressor with that id (written and read back) and a Zarr v3
// codec under its full name.
func TestRegisterNumcodecsV2(t *testing.T) {
	err := offsetcodec.Register("numcodecs.test_xor", func(conf json.RawMessage) (offsetcodec.Codec, error) {
		c, err := offsetcodec.ParseConfig("numcodecs.test_xor", conf, "key")
		if err != nil {
			return nil, err
		}
		k, err := c.Int("key", 0, 0, 255)
		return xorCodec{byte(k)}, err
	})
	if err != nil {
		t.Fatal(err)
	}
	comp, err := offsetcodec.ParseNumcodecs([]byte(`{"id":"test_xor","key":15}`))
	if err != nil {
		t.Fatal(err)
	}
	s := NewMemStore()
	a, err := CreateArrayV2(s, "v2", ArrayMetadataV2{Shape: []int64{3}, Chunks: []int64{3}, Dtype: "|u1", Compressor: comp})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Write([]byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if stored, _ := s.Get("v2/0"); !bytes.Equal(stored, []byte{0x0e, 0x0d, 0x0c}) {
		t.Errorf("stored % x", stored)
	}
	if doc, _ := s.Get("v2/.zarray"); !bytes.Contains(doc, []byte(`"id": "test_xor"`)) || !bytes.Contains(doc, []byte(`"key": 15`)) {
		t.Errorf(".zarray lacks the registered compressor:\n%s", doc)
	}
	b, err := OpenArray(s, "v2")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := b.Read(); err != nil || !bytes.Equal(got, []byte{1, 2, 3}) {
		t.Errorf("v2 read %v, %v", got, err)
	}
	if _, err := offsetcodec.ParseNumcodecs([]byte(`{"id":"test_unknown"}`)); !errors.Is(err, offsetcodec.ErrUnknownCodec) || !strings.Contains(err.Error(), "test_xor") {
		t.Errorf("unknown id: %v", err)
	}
	v3, err := CreateArray(s, "v3", ArrayMetadata{Shape: []int64{3}, DataType: Uint8, ChunkShape: []int64{3},
		Codecs: []Codec{&Bytes{}, mustCodec(t, `{"name":"numcodecs.test_xor","configuration":{"key":15}}`)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := v3.Write([]byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if stored, _ := s.Get("v3/c/0"); !bytes.Equal(stored, []byte{0x0e, 0x0d, 0x0c}) {
		t.Errorf("v3 stored % x", stored)
	}
}
