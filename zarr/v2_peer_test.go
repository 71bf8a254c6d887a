package zarr

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/offsetcodec"
)

// v2Case is one Zarr v2 array of the zarr-python cross tests.
type v2Case struct {
	name       string
	shape      []int64
	chunks     []int64
	dtype      string
	compressor string   // numcodecs config, "" for none
	filters    []string // numcodecs configs
	order      string
	sep        string
	fill       string // JSON
	start      []int64
	count      []int64 // region written; nil: the whole array
}

// v2Cases covers every blosc cname and shuffle mode, the other numcodecs
// compressors, the delta and shuffle filters, both orders, both separators,
// both byte orders and the special float fill values.
func v2Cases() []v2Case {
	var cases []v2Case
	dtypes := []string{"<f8", "<i4", "<u2", "|u1", ">i8"}
	i := 0
	for _, cname := range []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"} {
		for _, sh := range []int{0, 1, 2, -1} {
			dt := dtypes[i%len(dtypes)]
			cases = append(cases, v2Case{name: fmt.Sprintf("blosc-%s-%d-%s", cname, sh, strings.Trim(dt, "<>|")),
				shape: []int64{37, 23}, chunks: []int64{16, 10}, dtype: dt, order: []string{"C", "F"}[i%2],
				sep: []string{".", "/"}[(i/2)%2], fill: "0",
				compressor: fmt.Sprintf(`{"id":"blosc","cname":%q,"clevel":%d,"shuffle":%d,"blocksize":0}`, cname, 1+i%9, sh)})
			i++
		}
	}
	cases = append(cases,
		v2Case{name: "zstd", shape: []int64{50, 7}, chunks: []int64{13, 7}, dtype: "<f4", order: "C", sep: ".", fill: `"NaN"`,
			compressor: `{"id":"zstd","level":3}`, start: []int64{0, 0}, count: []int64{30, 7}},
		v2Case{name: "zlib-F", shape: []int64{9, 8, 7}, chunks: []int64{4, 3, 5}, dtype: "<i2", order: "F", sep: "/", fill: "-3",
			compressor: `{"id":"zlib","level":5}`, start: []int64{1, 2, 0}, count: []int64{8, 5, 7}},
		v2Case{name: "gzip", shape: []int64{100}, chunks: []int64{33}, dtype: ">f8", order: "C", sep: ".", fill: `"-Infinity"`,
			compressor: `{"id":"gzip","level":6}`, start: []int64{10}, count: []int64{50}},
		v2Case{name: "lz4", shape: []int64{64, 64}, chunks: []int64{20, 30}, dtype: "<u4", order: "F", sep: ".", fill: "7",
			compressor: `{"id":"lz4","acceleration":1}`},
		v2Case{name: "delta-blosc", shape: []int64{1000}, chunks: []int64{300}, dtype: "<i8", order: "C", sep: ".", fill: "0",
			filters: []string{`{"id":"delta","dtype":"<i8"}`}, compressor: `{"id":"blosc","cname":"zstd","clevel":5,"shuffle":1,"blocksize":0}`},
		v2Case{name: "delta-be-float", shape: []int64{20, 30}, chunks: []int64{7, 30}, dtype: ">f4", order: "F", sep: "/", fill: `"Infinity"`,
			filters: []string{`{"id":"delta","dtype":">f4"}`}, compressor: `{"id":"zlib","level":1}`},
		v2Case{name: "shuffle-lz4", shape: []int64{30, 30}, chunks: []int64{16, 16}, dtype: "<u2", order: "C", sep: "/", fill: "1",
			filters: []string{`{"id":"shuffle","elementsize":2}`, `{"id":"delta","dtype":"<u2"}`}, compressor: `{"id":"lz4","acceleration":3}`},
		v2Case{name: "uncompressed-bool", shape: []int64{13, 5}, chunks: []int64{4, 4}, dtype: "|b1", order: "C", sep: ".", fill: "true",
			start: []int64{2, 1}, count: []int64{7, 3}},
		v2Case{name: "int8-null-fill", shape: []int64{11}, chunks: []int64{4}, dtype: "|i1", order: "C", sep: ".", fill: "null",
			compressor: `{"id":"blosc","cname":"lz4","clevel":5,"shuffle":-1,"blocksize":0}`},
	)
	return cases
}

func (c v2Case) region() (start, count []int64) {
	if c.count != nil {
		return c.start, c.count
	}
	return make([]int64, len(c.shape)), c.shape
}

// values returns the region's data: little-endian elements in C order,
// smooth enough for delta and shuffle to matter, with finite floats.
func (c v2Case) values() []byte {
	d, _ := offsetcodec.ParseNumpyDtype(c.dtype)
	_, count := c.region()
	n := 1
	for _, v := range count {
		n *= int(v)
	}
	noise := randomBytes(n, int64(len(c.name)))
	b := make([]byte, n*d.Size)
	for i := 0; i < n; i++ {
		v := uint64(i/3) + uint64(noise[i]%4)
		switch {
		case d.Kind == 'b':
			v &= 1
		case d.Kind == 'f' && d.Size == 4:
			v = uint64(math.Float32bits(float32(v) * 0.25))
		case d.Kind == 'f':
			v = math.Float64bits(float64(v) * 0.125)
		}
		putUint(b[i*d.Size:(i+1)*d.Size], v)
	}
	return b
}

// metadata returns the case as ArrayMetadataV2.
func (c v2Case) metadata(t *testing.T) ArrayMetadataV2 {
	m := ArrayMetadataV2{Shape: c.shape, Chunks: c.chunks, Dtype: c.dtype, Order: c.order, DimensionSeparator: c.sep,
		FillValue: json.RawMessage(c.fill)}
	if c.compressor != "" {
		cd, err := offsetcodec.ParseNumcodecs([]byte(c.compressor))
		if err != nil {
			t.Fatal(err)
		}
		m.Compressor = cd
	}
	for _, f := range c.filters {
		cd, err := offsetcodec.ParseNumcodecs([]byte(f))
		if err != nil {
			t.Fatal(err)
		}
		m.Filters = append(m.Filters, cd)
	}
	return m
}

// expected returns the whole array after writing the case's region.
func (c v2Case) expected(t *testing.T) []byte {
	a, err := CreateArrayV2(NewMemStore(), "", c.metadata(t))
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

// writeV2Spec writes the spec file of zarr2_peer.py for cases in dirs.
func writeV2Spec(t *testing.T, tmp string, cases []v2Case) (spec string, dirs []string) {
	var list []map[string]any
	for i, c := range cases {
		dir := filepath.Join(tmp, fmt.Sprintf("a%d.zarr", i))
		data := filepath.Join(tmp, fmt.Sprintf("a%d.bin", i))
		if err := os.WriteFile(data, c.values(), 0o644); err != nil {
			t.Fatal(err)
		}
		start, count := c.region()
		var filters []json.RawMessage
		for _, f := range c.filters {
			filters = append(filters, json.RawMessage(f))
		}
		comp := json.RawMessage("null")
		if c.compressor != "" {
			comp = json.RawMessage(c.compressor)
		}
		list = append(list, map[string]any{"dir": dir, "shape": c.shape, "chunks": c.chunks, "dtype": c.dtype,
			"compressor": comp, "filters": filters, "order": c.order, "sep": c.sep, "fill": json.RawMessage(c.fill),
			"data": data, "start": start, "count": count})
		dirs = append(dirs, dir)
	}
	b, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	spec = filepath.Join(tmp, "spec.json")
	if err := os.WriteFile(spec, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return spec, dirs
}

func zarr2Peer(t *testing.T, args ...string) []byte {
	t.Helper()
	py := peertest.Python(t, "zarr", "numcodecs", "numpy")
	script, err := filepath.Abs(filepath.Join("testdata", "py", "zarr2_peer.py"))
	if err != nil {
		t.Fatal(err)
	}
	return peertest.Output(t, "zarr-python 2 peer", exec.Command(py, append([]string{script}, args...)...))
}

// TestV2WeReadZarrPython: arrays written by zarr-python 2 read exactly.
func TestV2WeReadZarrPython(t *testing.T) {
	cases := v2Cases()
	tmp := t.TempDir()
	spec, dirs := writeV2Spec(t, tmp, cases)
	zarr2Peer(t, "write", spec)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := OpenArray(NewFSStore(dirs[i]), "")
			if err != nil {
				doc, _ := os.ReadFile(filepath.Join(dirs[i], ".zarray"))
				t.Fatalf("%v\n%s", err, doc)
			}
			if a.MetadataV2() == nil {
				t.Fatal("MetadataV2 is nil for a v2 array")
			}
			got, err := a.Read()
			if err != nil {
				t.Fatal(err)
			}
			if want := c.expected(t); !bytes.Equal(got, want) {
				t.Fatalf("we read different values from zarr-python's array (%d bytes, want %d)", len(got), len(want))
			}
		})
	}
}

// TestV2ZarrPythonReadsOurs: zarr-python 2 reads the arrays we write.
func TestV2ZarrPythonReadsOurs(t *testing.T) {
	cases := v2Cases()
	tmp := t.TempDir()
	spec, dirs := writeV2Spec(t, tmp, cases)
	for i, c := range cases {
		m := c.metadata(t)
		if i == 0 {
			m.Attributes = json.RawMessage(`{"units":"K"}`)
		}
		a, err := CreateArrayV2(NewFSStore(dirs[i]), "", m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		start, count := c.region()
		if err := a.WriteRegion(start, stopOf(start, count), c.values()); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
	lines := strings.Split(strings.TrimSpace(string(zarr2Peer(t, "read", spec))), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("zarr-python printed %d lines for %d arrays", len(lines), len(cases))
	}
	for i, c := range cases {
		var got struct {
			Dtype string  `json:"dtype"`
			Shape []int64 `json:"shape"`
			Order string  `json:"order"`
			Data  string  `json:"data"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
			t.Fatal(err)
		}
		data, _ := base64.StdEncoding.DecodeString(got.Data)
		if got.Dtype != c.dtype || fmt.Sprint(got.Shape) != fmt.Sprint(c.shape) || got.Order != c.order {
			t.Errorf("%s: zarr-python sees %s %v %s", c.name, got.Dtype, got.Shape, got.Order)
		}
		if want := c.expected(t); !bytes.Equal(data, want) {
			t.Errorf("%s: zarr-python read different values", c.name)
		}
	}
}
