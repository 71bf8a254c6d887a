package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/internal/rangetest"
)

func TestSliceIndices(t *testing.T) {
	// Expected values from Python: list(range(10))[slice(...)].
	cases := []struct {
		item string
		want []int64
	}{
		{":", []int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{"::2", []int64{0, 2, 4, 6, 8}},
		{"-3:", []int64{7, 8, 9}},
		{"::-1", []int64{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}},
		{"1:-1:3", []int64{1, 4, 7}},
		{"-100:100", []int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{"5:2", nil},
		{"::-3", []int64{9, 6, 3, 0}},
		{"8:2:-2", []int64{8, 6, 4}},
		{"-1::-4", []int64{9, 5, 1}},
		{"3", []int64{3}},
		{"-1", []int64{9}},
	}
	for _, c := range cases {
		got, err := sliceIndices(c.item, 10)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %v, %v; want %v", c.item, got, err, c.want)
		}
	}
	for _, bad := range []string{"10", "-11", "x", "1:2:0", "1:2:3:4", "a:b"} {
		if _, err := sliceIndices(bad, 10); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := parseSlice("1,2,3", []int64{5, 5}); err == nil {
		t.Error("more items than dimensions accepted")
	}
}

// selectItems is the reference for --slice: the items of a whole array
// (C order) picked by sel.
func selectItems(all []byte, shape []int64, isz int64, sel [][]int64) []byte {
	var out []byte
	var walk func(ax int, base int64)
	walk = func(ax int, base int64) {
		for _, i := range sel[ax] {
			o := base*shape[ax] + i
			if ax == len(shape)-1 {
				out = append(out, all[o*isz:(o+1)*isz]...)
			} else {
				walk(ax+1, o)
			}
		}
	}
	walk(0, 0)
	return out
}

func TestDecompressSliceLocalAndRemote(t *testing.T) {
	path := filepath.Join(testdataDir, "b2nd", "a06_4d_i2.b2nd")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := frame.OpenBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := frame.OpenArray(fr)
	if err != nil {
		t.Fatal(err)
	}
	all, err := a.ReadAll(nil)
	if err != nil {
		t.Fatal(err)
	}
	shape := a.Shape()
	srv := rangetest.New(data, rangetest.Faults{})
	defer srv.Close()

	whole := runTool(nil, "decompress", srv.URL)
	if whole.code != 0 || whole.stdout != string(all) {
		t.Fatalf("decompress URL: %v", whole)
	}
	info := runTool(nil, "info", "--json", srv.URL)
	if info.code != 0 || !strings.Contains(info.stdout, `"b2nd"`) {
		t.Fatalf("info URL: %v\n%s", info, info.stdout)
	}

	for _, spec := range []string{"1:3", "::-1,2", "0,1:4:2,-1", ":, :, ::3, 1::2", "-1,-1,-1,-1", "5:1"} {
		sel, err := parseSlice(spec, shape)
		if err != nil {
			t.Fatalf("%q: %v", spec, err)
		}
		want := selectItems(all, shape, int64(a.Itemsize()), sel)
		for _, src := range []string{path, srv.URL} {
			r := runTool(nil, "decompress", "--slice", spec, src)
			if r.code != 0 {
				t.Fatalf("%s --slice %q: %v", src, spec, r)
			}
			if !bytes.Equal([]byte(r.stdout), want) {
				t.Fatalf("%s --slice %q: %d bytes, want %d", src, spec, len(r.stdout), len(want))
			}
		}
	}
	if r := runTool(nil, "decompress", "--slice", "99", path); r.code != 2 {
		t.Errorf("out-of-range index: %v", r)
	}
	chunk := filepath.Join(testdataDir, "chunks", "A_005_blosclz_c1_shuffle_ts4_i32ramp_n50495.b2chunk")
	if r := runTool(nil, "decompress", "--slice", "1", chunk); r.code != 1 || !strings.Contains(r.stderr, "b2nd") {
		t.Errorf("--slice on a chunk: %v", r)
	}
}

func TestRemoteChunkAndMissingURL(t *testing.T) {
	path := filepath.Join(testdataDir, "chunks", "A_005_blosclz_c1_shuffle_ts4_i32ramp_n50495.b2chunk")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	srv := rangetest.New(data, rangetest.Faults{})
	defer srv.Close()
	local := runTool(nil, "decompress", path)
	remote := runTool(nil, "decompress", srv.URL)
	if remote.code != 0 || remote.stdout != local.stdout {
		t.Fatalf("remote chunk: %v", remote)
	}
	srv404 := rangetest.New(nil, rangetest.Faults{Fail5xx: 1 << 30})
	defer srv404.Close()
	if r := runTool(nil, "info", srv404.URL); r.code != 1 {
		t.Errorf("failing server: %v", r)
	}
}
