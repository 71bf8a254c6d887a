package viewer

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/store"
)

// writeStore writes a store with an array /a/x (6x8 int32 ramp), a
// super-chunk /a/s, an array /top and a C2Array reference /ref; with
// threshold > 0 the small members are embedded.
func writeStore(t *testing.T, name string, threshold int64) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	w, err := store.Create(path, &store.Options{Flavor: store.FlavorTree, Threshold: threshold})
	if strings.HasSuffix(name, ".b2e") {
		w, err = store.Create(path, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	p := frame.DefaultParams()
	p.Typesize = 4
	ramp := make([]byte, 0, 48*4)
	for i := 0; i < 48; i++ {
		ramp = binary.LittleEndian.AppendUint32(ramp, uint32(i))
	}
	m := frame.NDMeta{Shape: []int64{6, 8}, ChunkShape: []int32{3, 4}, BlockShape: []int32{3, 2}, Dtype: "<i4"}
	if err := w.AddArray("/a/x", m, p, ramp); err != nil {
		t.Fatal(err)
	}
	big := make([]byte, 4000*4)
	for i := range big {
		big[i] = byte(i % 251)
	}
	m1 := frame.NDMeta{Shape: []int64{4000}, ChunkShape: []int32{1000}, BlockShape: []int32{250}, Dtype: "<f4"}
	if err := w.AddArray("/top", m1, p, big); err != nil {
		t.Fatal(err)
	}
	if err := w.AddSChunk("/a/s", frame.DefaultParams(), []byte("some bytes of a super-chunk")); err != nil {
		t.Fatal(err)
	}
	if err := w.AddC2Array("/ref", "https://cat2.cloud/demo", "@public/x.b2nd"); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestStoreTree(t *testing.T) {
	for _, tc := range []struct {
		name      string
		threshold int64
		form      string
	}{{"s.b2z", 0, "b2z"}, {"m.b2z", 1000, "b2z"}, {"s.b2e", 0, "b2e"}} {
		b := writeStore(t, tc.name, tc.threshold)
		s, err := Open(bytes.NewReader(b), int64(len(b)), tc.name)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		info := s.Info()
		if info.Kind != KindStore || info.Store == nil || info.Store.Form != tc.form {
			t.Fatalf("%s: info %+v", tc.name, info)
		}
		var lines []string
		for _, n := range info.Store.Tree {
			where := "-"
			if n.Data {
				where = "external"
				if n.Embedded {
					where = "embedded"
				}
			}
			lines = append(lines, strings.Repeat(" ", n.Depth)+n.Name+" "+n.Kind+" "+where)
		}
		xWhere, topWhere := "external", "external"
		if tc.form == "b2e" {
			xWhere, topWhere = "embedded", "embedded"
		} else if tc.threshold > 0 {
			xWhere = "embedded"
		}
		want := []string{"/  -", " a  -", "  s schunk " + map[bool]string{true: "embedded", false: "external"}[tc.form == "b2e" || tc.threshold > 0],
			"  x ndarray " + xWhere, " ref c2array embedded", " top ndarray " + topWhere}
		if strings.Join(lines, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: tree\n%s\nwant\n%s", tc.name, strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
		for _, n := range info.Store.Tree {
			if n.Path == "/a/x" && (n.Dtype != "<i4" || len(n.Shape) != 2 || n.Nbytes != 192 || !n.Openable) {
				t.Errorf("%s: /a/x node %+v", tc.name, n)
			}
			if n.Path == "/ref" && n.Openable {
				t.Errorf("%s: /ref is openable", tc.name)
			}
		}
		if _, err := s.Slice(SliceRequest{Scale: 1}); err == nil {
			t.Errorf("%s: Slice of the store itself: no error", tc.name)
		}
		// A .b2e is also its embed store's frame: header and chunk map.
		if cm, err := s.ChunkMap(4); (err == nil) != (tc.form == "b2e") || tc.form == "b2e" && (field(info, "codec") != "zstd" || len(cm.Chunks) == 0) {
			t.Errorf("%s: store chunk map: %v (codec %s)", tc.name, err, field(info, "codec"))
		}
		// Cut stores give errors, not panics.
		for _, n := range []int{len(b) / 2, len(b) - 10, 30} {
			if _, err := Open(bytes.NewReader(b[:n]), int64(n), tc.name); err == nil {
				t.Errorf("%s cut to %d bytes: no error", tc.name, n)
			}
		}

		// A member in the existing views.
		m, err := s.Member("/a/x")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		mi := m.Info()
		if mi.Kind != KindB2ND || mi.Member != "/a/x" || mi.Array == nil || mi.Array.Dtype != "<i4" || mi.NChunks != 4 {
			t.Fatalf("%s: member info %+v", tc.name, mi)
		}
		cm, err := m.ChunkMap(8)
		if err != nil || len(cm.Chunks) != 4 || cm.Chunks[0].Nbytes != 48 {
			t.Fatalf("%s: member chunk map %+v, %v", tc.name, cm, err)
		}
		v, err := m.Slice(SliceRequest{Axes: [2]int{0, 1}, Scale: 2})
		if err != nil || v.Rows != 6 || v.Cols != 8 || *v.DataMin != 0 || *v.DataMax != 47 {
			t.Fatalf("%s: member slice %+v, %v", tc.name, v, err)
		}
		tab, err := m.Values(2, 3, 0)
		if err != nil || tab.Values[0][0] != "19" {
			t.Errorf("%s: value at 2,3: %+v, %v", tc.name, tab, err)
		}
		if sc, err := s.Member("/a/s"); err != nil || sc.Info().Kind != KindFrame {
			t.Errorf("%s: super-chunk member: %v", tc.name, err)
		}
		for _, bad := range []string{"/ref", "/nope", "/a"} {
			if _, err := s.Member(bad); err == nil {
				t.Errorf("%s: Member(%s): no error", tc.name, bad)
			}
		}
	}
	s, _ := openFile(t, "b2nd/a02_3d_i4.b2nd")
	if _, err := s.Member("/x"); err == nil {
		t.Error("Member of an array: no error")
	}
}
