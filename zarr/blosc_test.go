package zarr

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/offsetcodec"
)

// Facts about zarrita 0.7.5's blosc codec (numcodecs.js 0.3.2, C-Blosc 1.x
// built to WebAssembly), checked by the peer tests here: it compresses and
// decompresses all six cnames (blosclz, lz4, lz4hc, snappy, zlib, zstd); it
// reads only Blosc1-format chunks; it ignores "typesize" (its chunks always
// say typesize 4); and it understands "shuffle" only as a number, so the v3
// strings make it write unshuffled chunks (the peer script can pass the
// number instead, see testdata/js/zarrita_peer.mjs).

// bloscArrayCase is a Zarr v3 array with a blosc codec, written whole.
type bloscArrayCase struct {
	name   string
	dtype  DataType
	shape  []int64
	chunk  []int64
	codecs []string
	// shuffleFix makes zarrita write through the peer's blosc codec that
	// passes the shuffle mode to numcodecs.js as a number (see
	// testdata/js/zarrita_peer.mjs); without it zarrita writes unshuffled
	// chunks whatever the metadata says.
	shuffleFix bool
	// goOnly: zarrita cannot write the array (no shuffle in the
	// configuration, or a codec zarrita does not encode).
	goOnly bool
}

// bloscValues returns compressible values for every element of a shape:
// a ramp with a little noise, exactly representable in every data type (and
// in JavaScript numbers).
func bloscValues(dtype DataType, shape []int64, seed int64) []byte {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	r := rand.New(rand.NewSource(seed))
	es := dtype.Size()
	b := make([]byte, n*int64(es))
	for i := int64(0); i < n; i++ {
		noise := r.Intn(4)
		v := uint64(i*3) + uint64(noise)
		e := b[i*int64(es):]
		switch dtype {
		case Bool:
			if i%3 == 0 || noise == 0 {
				e[0] = 1
			}
		case Float32:
			binary.LittleEndian.PutUint32(e, math.Float32bits(float32(i)*0.5+float32(noise)*0.125))
		case Float64:
			binary.LittleEndian.PutUint64(e, math.Float64bits(float64(i)*0.25-float64(noise)*1.5))
		default:
			for k := 0; k < es; k++ {
				e[k] = byte(v >> (8 * k))
			}
			if es == 8 && (dtype == Int64 || dtype == Uint64) {
				e[7] = 0 // keep 64-bit values below 2^56
			}
		}
	}
	return b
}

var bloscShuffles = []string{"noshuffle", "shuffle", "bitshuffle"}

// bloscCases covers every cname the blosc codec writes with every shuffle
// mode, rotating through the data types, plus configurations left to the
// data type, explicit blocksizes and blosc behind other codecs.
func bloscCases() []bloscArrayCase {
	dtypes := []DataType{Uint16, Int32, Float64, Uint8, Float32, Int64, Int16, Uint32, Int8, Uint64, Bool, Float32, Int32, Uint16, Float64}
	var cases []bloscArrayCase
	k := 0
	for _, cname := range []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"} {
		for _, shuffle := range bloscShuffles {
			dt := dtypes[k%len(dtypes)]
			k++
			cases = append(cases, bloscArrayCase{
				name: fmt.Sprintf("%s-%s-%s", cname, shuffle, dt), dtype: dt,
				shape: []int64{50, 70}, chunk: []int64{32, 32},
				codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`,
					fmt.Sprintf(`{"name":"blosc","configuration":{"cname":%q,"clevel":5,"shuffle":%q,"typesize":%d,"blocksize":0}}`, cname, shuffle, dt.Size())},
				shuffleFix: true,
			})
		}
	}
	return append(cases,
		bloscArrayCase{name: "open-typesize-float32", dtype: Float32, shape: []int64{40, 40}, chunk: []int64{20, 40},
			codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`, `{"name":"blosc","configuration":{"cname":"lz4","clevel":9}}`},
			goOnly: true},
		bloscArrayCase{name: "blocksize-int16-3d", dtype: Int16, shape: []int64{9, 20, 30}, chunk: []int64{4, 20, 30},
			codecs:     []string{`{"name":"bytes","configuration":{"endian":"little"}}`, `{"name":"blosc","configuration":{"cname":"zstd","clevel":3,"shuffle":"shuffle","typesize":2,"blocksize":512}}`},
			shuffleFix: true},
		bloscArrayCase{name: "transpose-big-blosc-crc32c", dtype: Float64, shape: []int64{33, 17}, chunk: []int64{16, 16},
			codecs: []string{`{"name":"transpose","configuration":{"order":[1,0]}}`, `{"name":"bytes","configuration":{"endian":"big"}}`,
				`{"name":"blosc","configuration":{"cname":"zlib","clevel":1,"shuffle":"bitshuffle","typesize":8,"blocksize":0}}`, `{"name":"crc32c"}`},
			goOnly: true},
		bloscArrayCase{name: "transpose-big-blosc", dtype: Uint32, shape: []int64{33, 17, 5}, chunk: []int64{16, 16, 5},
			codecs: []string{`{"name":"transpose","configuration":{"order":[2,0,1]}}`, `{"name":"bytes","configuration":{"endian":"big"}}`,
				`{"name":"blosc","configuration":{"cname":"lz4hc","clevel":6,"shuffle":"bitshuffle","typesize":4,"blocksize":0}}`},
			shuffleFix: true},
	)
}

// zarritaOwnBloscCases are written by zarrita's own blosc codec (no shuffle
// fix), every cname numcodecs.js has; snappy is handled in
// TestWeReadZarritaBloscSnappy.
func zarritaOwnBloscCases() []bloscArrayCase {
	var cases []bloscArrayCase
	for i, cname := range []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"} {
		cases = append(cases, bloscArrayCase{name: "zarrita-own-" + cname, dtype: []DataType{Uint32, Float64, Int16, Uint8, Float32}[i],
			shape: []int64{30, 41}, chunk: []int64{16, 16},
			codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`,
				fmt.Sprintf(`{"name":"blosc","configuration":{"cname":%q,"clevel":5,"shuffle":%q,"typesize":4,"blocksize":0}}`, cname, bloscShuffles[i%3])}})
	}
	return cases
}

func (c bloscArrayCase) metadata(t *testing.T) ArrayMetadata {
	m := ArrayMetadata{Shape: c.shape, DataType: c.dtype, ChunkShape: c.chunk}
	for _, js := range c.codecs {
		m.Codecs = append(m.Codecs, mustCodec(t, js))
	}
	return m
}

// TestBloscArrays writes and reads blosc and blosc2 arrays, checks the
// recorded configuration and the chunk format.
func TestBloscArrays(t *testing.T) {
	cases := append(bloscCases(),
		bloscArrayCase{name: "blosc2-trunc", dtype: Float64, shape: []int64{100}, chunk: []int64{64},
			codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`,
				`{"name":"blosc2","configuration":{"cname":"zstd","clevel":5,"filters":[{"id":"bytedelta"},{"id":"shuffle"}]}}`}},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewMemStore()
			a, err := CreateArray(s, "a", c.metadata(t))
			if err != nil {
				t.Fatal(err)
			}
			data := bloscValues(c.dtype, c.shape, int64(len(c.name)))
			if err := a.Write(data); err != nil {
				t.Fatal(err)
			}
			b, err := OpenArray(s, "a")
			if err != nil {
				t.Fatal(err)
			}
			got, err := b.Read()
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("read back: %v", err)
			}
			doc, _ := s.Get("a/zarr.json")
			var meta struct {
				Codecs []struct {
					Name          string
					Configuration map[string]any
				}
			}
			if err := json.Unmarshal(doc, &meta); err != nil {
				t.Fatal(err)
			}
			for _, cd := range meta.Codecs {
				if cd.Name == "blosc" || cd.Name == "blosc2" {
					if ts, _ := cd.Configuration["typesize"].(float64); int(ts) != c.dtype.Size() && !strings.Contains(c.codecs[len(c.codecs)-1], "typesize") {
						t.Errorf("recorded typesize %v for %s", cd.Configuration["typesize"], c.dtype)
					}
					if _, ok := cd.Configuration["shuffle"]; cd.Name == "blosc" && !ok {
						t.Error("shuffle not recorded")
					}
				}
			}
			chunk, err := s.Get(a.ChunkKey(make([]int64, len(c.shape))))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(c.name, "crc32c") {
				chunk = chunk[:len(chunk)-4]
			}
			h, err := blosc.ReadHeader(chunk)
			if err != nil {
				t.Fatal(err)
			}
			if isBlosc2 := strings.HasPrefix(c.name, "blosc2"); h.Extended != isBlosc2 {
				t.Errorf("chunk header %v", h.String())
			}
		})
	}
}

func TestBloscArrayErrors(t *testing.T) {
	// trunc_prec needs 4- or 8-byte elements: known once the data type is.
	m := ArrayMetadata{Shape: []int64{10}, DataType: Int16, ChunkShape: []int64{10}, Codecs: []Codec{&Bytes{Endian: "little"},
		mustCodec(t, `{"name":"blosc2","configuration":{"filters":[{"id":"trunc_prec","meta":3}]}}`)}}
	if _, err := CreateArray(NewMemStore(), "", m); !errors.Is(err, offsetcodec.ErrInvalidConfig) || !strings.Contains(err.Error(), "trunc_prec needs typesize 4 or 8") {
		t.Errorf("CreateArray: %v", err)
	}
	doc := `{"zarr_format":3,"node_type":"array","shape":[10],"data_type":"int16","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[10]}},
		"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}},
		{"name":"blosc","configuration":{"cname":"snappy","clevel":5,"shuffle":"shuffle","typesize":2,"blocksize":0}}]}`
	// cname "snappy" opens (its chunks decode); writing fails, saying why.
	ss := NewMemStore()
	_ = ss.Set("zarr.json", []byte(doc))
	sa, err := OpenArray(ss, "")
	if err != nil {
		t.Fatalf("snappy: %v", err)
	}
	if err := sa.Write(make([]byte, 20)); !errors.Is(err, blosc.ErrUnsupported) || !errors.Is(err, offsetcodec.ErrEncode) || !strings.Contains(err.Error(), "snappy") {
		t.Errorf("snappy write: %v", err)
	}
	if _, err := ss.Get("c/0"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a failed snappy write left a chunk: %v", err)
	}
	// A chunk that claims more bytes than the chunk holds fails before
	// decoding.
	s := NewMemStore()
	a, err := CreateArray(s, "", ArrayMetadata{Shape: []int64{8}, DataType: Uint8, ChunkShape: []int64{8},
		Codecs: []Codec{&Bytes{}, mustCodec(t, `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"noshuffle"}}`)}})
	if err != nil {
		t.Fatal(err)
	}
	big, _ := blosc.Compress(nil, make([]byte, 100), blosc.Options{Codec: blosc.LZ4, Clevel: 5, Typesize: 1, SplitMode: blosc.SplitAuto, Format: blosc.FormatBlosc1})
	if err := s.Set("c/0", big); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Read(); !errors.Is(err, ErrCorrupt) || !errors.Is(err, blosc.ErrTooLarge) {
		t.Errorf("oversized chunk: %v", err)
	}
}

// TestZarritaReadsOurBlosc: zarrita (numcodecs.js) reads the blosc arrays
// this package writes, every cname and shuffle mode.
func TestZarritaReadsOurBlosc(t *testing.T) {
	script := zarritaScript(t)
	cases := bloscCases()
	tmp := t.TempDir()
	dirs := make([]string, len(cases))
	for i, c := range cases {
		dirs[i] = filepath.Join(tmp, fmt.Sprintf("a%d.zarr", i))
		a, err := CreateArray(NewFSStore(dirs[i]), "", c.metadata(t))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := a.Write(bloscValues(c.dtype, c.shape, int64(len(c.name)))); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
	var results []struct {
		Error string  `json:"error"`
		DType string  `json:"dtype"`
		Shape []int64 `json:"shape"`
		Data  []byte  `json:"data"`
	}
	if err := json.Unmarshal(runNode(t, script, append([]string{"read-many"}, dirs...)...), &results); err != nil || len(results) != len(cases) {
		t.Fatalf("%d results for %d arrays: %v", len(results), len(cases), err)
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := results[i]
			if got.Error != "" {
				t.Fatalf("zarrita cannot read the array: %s", got.Error)
			}
			if got.DType != string(c.dtype) || fmt.Sprint(got.Shape) != fmt.Sprint(c.shape) {
				t.Fatalf("zarrita sees %s %v", got.DType, got.Shape)
			}
			if data := bloscValues(c.dtype, c.shape, int64(len(c.name))); !bytes.Equal(got.Data, data) {
				t.Fatalf("zarrita read different values (%d bytes, want %d)", len(got.Data), len(data))
			}
		})
	}
}

// zarritaWriteSpec writes the spec file that has zarrita create the array
// of c and write data to it, and returns its path.
func zarritaWriteSpec(t *testing.T, path string, c bloscArrayCase, data []byte) string {
	t.Helper()
	codecs := make([]json.RawMessage, len(c.codecs))
	for i, js := range c.codecs {
		codecs[i] = json.RawMessage(js)
	}
	fill := any(0)
	if c.dtype == Bool {
		fill = false
	}
	spec, _ := json.Marshal(map[string]any{
		"shape": c.shape, "chunk_shape": c.chunk, "dtype": c.dtype, "codecs": codecs, "fill_value": fill,
		"separator": "/", "blosc_shuffle_fix": c.shuffleFix,
		"writes": []any{map[string]any{"start": make([]int64, len(c.shape)), "count": c.shape, "data": data}},
	})
	if err := os.WriteFile(path, spec, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runZarritaWrites has zarrita write every case into dirs and returns the
// error text for each ("" when it succeeded).
func runZarritaWrites(t *testing.T, script string, cases []bloscArrayCase, dirs []string) []string {
	t.Helper()
	args := []string{"write-many"}
	for i, c := range cases {
		spec := zarritaWriteSpec(t, dirs[i]+".spec.json", c, bloscValues(c.dtype, c.shape, int64(len(c.name))))
		args = append(args, dirs[i], spec)
	}
	var results []struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(runNode(t, script, args...), &results); err != nil || len(results) != len(cases) {
		t.Fatalf("%d results for %d arrays: %v", len(results), len(cases), err)
	}
	errs := make([]string, len(cases))
	for i, r := range results {
		errs[i] = r.Error
	}
	return errs
}

// TestWeReadZarritaBlosc: this package reads blosc arrays zarrita writes,
// shuffled (through the peer's shuffle fix) and as zarrita writes them on
// its own.
func TestWeReadZarritaBlosc(t *testing.T) {
	script := zarritaScript(t)
	var cases []bloscArrayCase
	for _, c := range append(bloscCases(), zarritaOwnBloscCases()...) {
		if !c.goOnly {
			cases = append(cases, c)
		}
	}
	tmp := t.TempDir()
	dirs := make([]string, len(cases))
	for i := range cases {
		dirs[i] = filepath.Join(tmp, fmt.Sprintf("a%d.zarr", i))
	}
	errs := runZarritaWrites(t, script, cases, dirs)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if errs[i] != "" {
				t.Fatalf("zarrita cannot write the array: %s", errs[i])
			}
			dir := dirs[i]
			a, err := OpenArray(NewFSStore(dir), "")
			if err != nil {
				doc, _ := os.ReadFile(filepath.Join(dir, "zarr.json"))
				t.Fatalf("%v\n%s", err, doc)
			}
			got, err := a.Read()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, bloscValues(c.dtype, c.shape, int64(len(c.name)))) {
				t.Fatal("we read different values from zarrita's array")
			}
			// The first chunk is a C-Blosc 1.x chunk, shuffled as the
			// metadata says when zarrita got the shuffle mode through.
			key := strings.Repeat("/0", len(c.shape))
			chunk, err := os.ReadFile(filepath.Join(dir, "c"+filepath.FromSlash(key)))
			if err != nil {
				t.Fatal(err)
			}
			h, err := blosc.ReadHeader(chunk)
			if err != nil || h.Version != 2 {
				t.Fatalf("zarrita's chunk header: %v, %v", h.String(), err)
			}
			wantFlags := uint8(0)
			if c.shuffleFix {
				switch cfg := c.codecs[len(c.codecs)-1]; {
				case strings.Contains(cfg, `"shuffle":"bitshuffle"`):
					wantFlags = blosc.FlagBitShuffle
				case strings.Contains(cfg, `"shuffle":"shuffle"`):
					wantFlags = blosc.FlagShuffle
				}
			}
			if got := h.Flags & (blosc.FlagShuffle | blosc.FlagBitShuffle); got != wantFlags && !h.Memcpyed() {
				t.Errorf("zarrita's chunk has shuffle flags %#x, want %#x", got, wantFlags)
			}
		})
	}
}

// TestWeReadZarritaBloscSnappy: zarrita writes snappy blosc chunks; package
// blosc decodes them, so the array opens and reads (only writing with
// cname "snappy" is refused).
func TestWeReadZarritaBloscSnappy(t *testing.T) {
	script := zarritaScript(t)
	dir := filepath.Join(t.TempDir(), "arr.zarr")
	c := bloscArrayCase{name: "snappy", dtype: Int32, shape: []int64{2000}, chunk: []int64{1000}, shuffleFix: true,
		codecs: []string{`{"name":"bytes","configuration":{"endian":"little"}}`,
			`{"name":"blosc","configuration":{"cname":"snappy","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}`}}
	if errs := runZarritaWrites(t, script, []bloscArrayCase{c}, []string{dir}); errs[0] != "" {
		t.Fatal(errs[0])
	}
	a, err := OpenArray(NewFSStore(dir), "")
	if err != nil {
		t.Fatalf("OpenArray: %v", err)
	}
	if all, err := a.Read(); err != nil || !bytes.Equal(all, bloscValues(c.dtype, c.shape, int64(len(c.name)))) {
		t.Errorf("reading zarrita's snappy array: %v", err)
	}
	chunk, err := os.ReadFile(filepath.Join(dir, "c", "0"))
	if err != nil {
		t.Fatal(err)
	}
	// The chunk itself (a Blosc1 chunk compressed with Snappy) decodes:
	// package blosc reads C-Blosc 1.x's Snappy chunks; only writing them
	// is refused.
	b, _ := offsetcodec.NewBlosc(offsetcodec.BloscConfig{Cname: "lz4", Clevel: 5, Shuffle: "noshuffle"})
	got, err := b.Decode(nil, chunk)
	if err != nil || len(got) != 4000 {
		t.Fatalf("decoding zarrita's snappy chunk: %d bytes, %v", len(got), err)
	}
	if h, _ := blosc.ReadHeader(chunk); h.Codec() != blosc.Snappy {
		t.Errorf("zarrita's chunk says codec %v", h.Codec())
	}
	if want := bloscValues(c.dtype, c.shape, int64(len(c.name))); !bytes.Equal(got, want[:4000]) {
		t.Error("zarrita's snappy chunk decodes to other values than it was given")
	}
}

// TestBloscOpenResolves: a zarr.json whose blosc codec leaves shuffle and
// typesize out (as zarr-python's BloscCodec() before it is bound to an
// array) opens with them taken from the data type.
func TestBloscOpenResolves(t *testing.T) {
	doc := `{"zarr_format":3,"node_type":"array","shape":[100],"data_type":"uint8","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[50]}},
		"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes"},{"name":"blosc","configuration":{"cname":"lz4"}}]}`
	m, err := ParseArrayMetadata([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := m.Codecs[1].MarshalJSON()
	if want := `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"bitshuffle","typesize":1,"blocksize":0}}`; string(got) != want {
		t.Errorf("resolved codec %s, want %s", got, want)
	}
	s := NewMemStore()
	if err := s.Set("zarr.json", []byte(doc)); err != nil {
		t.Fatal(err)
	}
	a, err := OpenArray(s, "")
	if err != nil {
		t.Fatal(err)
	}
	data := bloscValues(Uint8, []int64{100}, 9)
	if err := a.Write(data); err != nil {
		t.Fatal(err)
	}
	chunk, _ := s.Get("c/1")
	if h, err := blosc.ReadHeader(chunk); err != nil || (!h.Memcpyed() && h.Flags&blosc.FlagBitShuffle == 0) {
		t.Errorf("chunk header %v, %v", h.String(), err)
	}
	if back, err := a.Read(); err != nil || !bytes.Equal(back, data) {
		t.Errorf("read back: %v", err)
	}
}
