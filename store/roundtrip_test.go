package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/blosc2go/blosc2/frame"
)

// testArray returns n float64 items 0, 1, 2... and their b2nd metadata.
func testArray(n int) (frame.NDMeta, []byte) {
	data := make([]byte, 8*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(data[8*i:], uint64(i)*3+1)
	}
	cs := int32(min(n, 1000))
	bs := int32(min(n, 250))
	return frame.NDMeta{Shape: []int64{int64(n)}, ChunkShape: []int32{cs}, BlockShape: []int32{bs}, Dtype: "<f8"}, data
}

// content is what a test store holds.
type content struct {
	arrays  map[string][]byte // key -> C-order items (<f8, 1-D)
	schunks map[string][]byte
	remote  map[string][2]string
}

func testContent() content {
	_, a1 := testArray(3)
	_, a2 := testArray(5000)
	_, a3 := testArray(40)
	return content{
		arrays:  map[string][]byte{"/node1": a1, "/dir1/node3": a2, "/dir1/sub/deep": a3},
		schunks: map[string][]byte{"/dir1/schunk1": bytes.Repeat([]byte("abcd"), 3000)},
		remote:  map[string][2]string{"/remote": {"https://cat2.cloud/demo", "@public/examples/ds-1d.b2nd"}},
	}
}

// writeStore writes c to name with opts.
func writeStore(t testing.TB, name string, opts *Options, c content) {
	t.Helper()
	w, err := Create(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range sortedKeys(c.arrays) {
		m, _ := testArray(len(c.arrays[k]) / 8)
		p := frame.DefaultParams()
		if err := w.AddArray(k, m, p, c.arrays[k]); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range sortedKeys(c.schunks) {
		p := frame.DefaultParams()
		p.Typesize, p.Chunksize = 4, 4096
		if err := w.AddSChunk(k, p, c.schunks[k]); err != nil {
			t.Fatal(err)
		}
	}
	for k, r := range c.remote {
		if err := w.AddC2Array(k, r[0], r[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sortStrings(ks)
	return ks
}

// checkStore reads s back against c.
func checkStore(t testing.TB, s *Store, c content, embeddedBelow int64) {
	t.Helper()
	var want []string
	want = append(want, sortedKeys(c.arrays)...)
	want = append(want, sortedKeys(c.schunks)...)
	want = append(want, sortedKeys(c.remote)...)
	sortStrings(want)
	if got := s.Keys(); !reflect.DeepEqual(got, want) {
		t.Fatalf("keys %v, want %v", got, want)
	}
	ents, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		switch {
		case c.arrays[e.Key] != nil:
			if e.Kind != KindNDArray || e.Dtype != "<f8" || e.Nbytes != int64(len(c.arrays[e.Key])) || e.Shape[0] != e.Nbytes/8 {
				t.Errorf("%s: entry %+v", e.Key, e)
			}
			got, err := s.ReadAll(e.Key)
			if err != nil || !bytes.Equal(got, c.arrays[e.Key]) {
				t.Errorf("%s: ReadAll: %v", e.Key, err)
			}
			a, err := s.OpenArray(e.Key)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := a.ReadSlab(nil, []int64{1}, []int64{2}); err != nil || !bytes.Equal(got, c.arrays[e.Key][8:16]) {
				t.Errorf("%s: ReadSlab %v", e.Key, err)
			}
		case c.schunks[e.Key] != nil:
			if e.Kind != KindSChunk || e.Nbytes != int64(len(c.schunks[e.Key])) || e.Shape != nil {
				t.Errorf("%s: entry %+v", e.Key, e)
			}
			got, err := s.ReadAll(e.Key)
			if err != nil || !bytes.Equal(got, c.schunks[e.Key]) {
				t.Errorf("%s: ReadAll: %v", e.Key, err)
			}
		default:
			r := c.remote[e.Key]
			if e.Kind != KindC2Array || !e.Embedded || e.URLBase != r[0] || e.RemotePath != r[1] {
				t.Errorf("%s: entry %+v", e.Key, e)
			}
			if _, err := s.OpenFrame(e.Key); !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: OpenFrame: %v, want ErrUnsupported", e.Key, err)
			}
			continue
		}
		if wantEmb := s.Form() == FormEmbed || e.Nbytes < embeddedBelow; e.Embedded != wantEmb {
			t.Errorf("%s: embedded %v, want %v", e.Key, e.Embedded, wantEmb)
		}
	}
	if _, err := s.Stat("/nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Stat(/nope): %v", err)
	}
}

func TestRoundTrip(t *testing.T) {
	c := testContent()
	for _, tc := range []struct {
		name      string
		threshold int64
	}{
		{"s.b2e", 0}, {"s.b2d", 0}, {"s.b2z", 0}, {"t.b2d", 1000}, {"t.b2z", 1000}, {"u.b2z", 1 << 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), tc.name)
			writeStore(t, name, &Options{Threshold: tc.threshold}, c)
			s, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			checkStore(t, s, c, tc.threshold)
			wantFlavor := FlavorTree
			if s.Form() == FormEmbed {
				wantFlavor = FlavorEmbed
			}
			if s.Flavor() != wantFlavor {
				t.Errorf("flavor %v", s.Flavor())
			}
			if fi, _ := os.Stat(name); fi.IsDir() != (s.Form() == FormDir) {
				t.Errorf("form %v", s.Form())
			}
		})
	}
}

func TestUpdate(t *testing.T) {
	c := testContent()
	for _, name := range []string{"s.b2e", "s.b2d", "s.b2z"} {
		t.Run(name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), name)
			writeStore(t, name, &Options{Threshold: 1000}, c)
			w, err := Update(name, &Options{Threshold: 1000})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Delete("/node1"); err != nil {
				t.Fatal(err)
			}
			if err := w.Delete("/dir1/node3"); err != nil {
				t.Fatal(err)
			}
			m, d := testArray(77)
			if err := w.AddArray("/dir1/node3", m, frame.DefaultParams(), d); err != nil {
				t.Fatal(err)
			}
			if err := w.AddArray("/new", m, frame.DefaultParams(), d); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			delete(c.arrays, "/node1")
			c.arrays["/dir1/node3"] = d
			c.arrays["/new"] = d
			s, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			checkStore(t, s, c, 1000)
			c = testContent()
		})
	}
}

func TestEmptyStore(t *testing.T) {
	for _, form := range []string{"e.b2e", "e.b2d", "e.b2z"} {
		name := filepath.Join(t.TempDir(), form)
		w, err := Create(name, &Options{Flavor: FlavorDict})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		s, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		ents, err := s.Entries()
		if err != nil || len(ents) != 0 || len(s.Keys()) != 0 {
			t.Errorf("%s: %v %v", form, ents, err)
		}
		visited := 0
		if err := s.Walk("/", func(p string, g, l []string) error { visited++; return nil }); err != nil || visited != 1 {
			t.Errorf("%s: walk: %d %v", form, visited, err)
		}
		want := FlavorDict
		if form == "e.b2e" {
			want = FlavorEmbed
		}
		if s.Flavor() != want {
			t.Errorf("%s: flavor %v", form, s.Flavor())
		}
		s.Close()
	}
}

// TestUpdateKeepsHiddenKeys checks that a TreeStore's hidden vlmeta
// super-chunks survive an update, and stay hidden.
func TestUpdateKeepsHiddenKeys(t *testing.T) {
	name := filepath.Join(t.TempDir(), "t.b2z")
	w, err := Create(name, &Options{Flavor: FlavorDict}) // DictStore rules let us write the key
	if err != nil {
		t.Fatal(err)
	}
	p := frame.DefaultParams()
	if err := w.AddSChunk("/__vlmeta__", p, []byte("12345678")); err != nil {
		t.Fatal(err)
	}
	if err := w.AddSChunk("/a", p, []byte("abcdefgh")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	w, err = Update(name, &Options{Flavor: FlavorTree})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Flavor() != FlavorTree || !reflect.DeepEqual(s.Keys(), []string{"/a"}) || s.Has("/__vlmeta__") {
		t.Errorf("flavor %v keys %v", s.Flavor(), s.Keys())
	}
	if _, ok := s.leaves["/__vlmeta__"]; !ok {
		t.Error("hidden key lost")
	}
}
