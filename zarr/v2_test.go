package zarr

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/offsetcodec"
)

func TestV2MetadataErrors(t *testing.T) {
	base := map[string]any{"zarr_format": 2, "shape": []int{4}, "chunks": []int{2}, "dtype": "<i4",
		"compressor": nil, "fill_value": 0, "order": "C", "filters": nil}
	tests := []struct {
		key  string
		val  any
		want error
	}{
		{"zarr_format", 3, ErrUnsupported},
		{"dtype", "|S10", ErrUnsupported},
		{"dtype", "<c16", ErrUnsupported},
		{"dtype", []any{[]any{"a", "<i4"}}, ErrUnsupported},
		{"compressor", map[string]any{"id": "bz2", "level": 1}, ErrUnsupported},
		{"compressor", map[string]any{"id": "zlib", "level": 11}, ErrInvalidMetadata},
		{"filters", []any{map[string]any{"id": "delta", "dtype": "<i4", "astype": "<i2"}}, ErrInvalidMetadata},
		{"order", "X", ErrInvalidMetadata},
		{"dimension_separator", "-", ErrInvalidMetadata},
		{"fill_value", "zero", ErrInvalidMetadata},
		{"chunks", []int{0}, ErrInvalidMetadata},
		{"shape", nil, ErrInvalidMetadata},
	}
	for _, tc := range tests {
		m := map[string]any{}
		for k, v := range base {
			m[k] = v
		}
		m[tc.key] = tc.val
		doc, _ := json.Marshal(m)
		_, err := ParseArrayMetadataV2(doc)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s=%v: err = %v, want %v", tc.key, tc.val, err, tc.want)
		}
	}
	if _, err := ParseArrayMetadataV2([]byte(`[]`)); err == nil {
		t.Error("non-object accepted")
	}
}

// TestV2Groups: groups and attributes both ways with zarr-python 2.
func TestV2Groups(t *testing.T) {
	dir := t.TempDir()
	s := NewFSStore(dir)
	if err := CreateGroupV2(s, "", GroupMetadata{Attributes: json.RawMessage(`{"title":"ours"}`)}); err != nil {
		t.Fatal(err)
	}
	if err := CreateGroupV2(s, "sub", GroupMetadata{}); err != nil {
		t.Fatal(err)
	}
	peertest.Python(t, "zarr")
	out := peertest.RunPython(t, `
import json, sys, zarr
g = zarr.open_group(sys.argv[1], mode="r")
print(json.dumps({"title": g.attrs["title"], "groups": sorted(g.group_keys())}))
g2 = zarr.open_group(sys.argv[1] + "/py", mode="w")
g2.attrs["made_by"] = "zarr-python"
`, dir)
	if got := strings.TrimSpace(string(out)); got != `{"title": "ours", "groups": ["sub"]}` {
		t.Errorf("zarr-python sees %s", got)
	}
	g, err := OpenGroupV2(s, "py")
	if err != nil {
		t.Fatal(err)
	}
	var attrs map[string]string
	if err := json.Unmarshal(g.Attributes, &attrs); err != nil || attrs["made_by"] != "zarr-python" {
		t.Errorf("attributes %s (%v)", g.Attributes, err)
	}
	if _, err := OpenGroupV2(s, "missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing group: %v", err)
	}
}

// A shuffle filter created without elementsize records the item size in
// .zarray, where numcodecs would otherwise assume 4.
func TestV2ShuffleElementsizeRecorded(t *testing.T) {
	sh, err := offsetcodec.NewNumcodecs("shuffle", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := NewMemStore()
	if _, err := CreateArrayV2(s, "", ArrayMetadataV2{Shape: []int64{4}, Chunks: []int64{4}, Dtype: "<u2", Filters: []*offsetcodec.Numcodecs{sh}}); err != nil {
		t.Fatal(err)
	}
	doc, _ := s.Get(".zarray")
	var m struct {
		Dtype   string
		Filters []map[string]any
	}
	if err := json.Unmarshal(doc, &m); err != nil || m.Filters[0]["elementsize"] != 2.0 || !strings.Contains(string(doc), `"<u2"`) {
		t.Errorf(".zarray:\n%s", doc)
	}
}
