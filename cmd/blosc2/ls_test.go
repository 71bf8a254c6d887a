package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/store"
)

// makeStore writes a store of two arrays, a super-chunk and a C2Array
// reference, /small embedded and the others external (except in a .b2e).
func makeStore(t *testing.T, name string) (arr, sc []byte) {
	t.Helper()
	arr = make([]byte, 8*600)
	for i := 0; i < 600; i++ {
		binary.LittleEndian.PutUint64(arr[8*i:], uint64(i*i))
	}
	sc = bytes.Repeat([]byte("store "), 500)
	w, err := store.Create(name, &store.Options{Threshold: 100})
	if err != nil {
		t.Fatal(err)
	}
	m := frame.NDMeta{Shape: []int64{20, 30}, ChunkShape: []int32{7, 30}, BlockShape: []int32{7, 10}, Dtype: "<i8"}
	if err := w.AddArray("/grid/a", m, frame.DefaultParams(), arr); err != nil {
		t.Fatal(err)
	}
	sm := frame.NDMeta{Shape: []int64{2}, ChunkShape: []int32{2}, BlockShape: []int32{2}, Dtype: "<i8"}
	if err := w.AddArray("/small", sm, frame.DefaultParams(), arr[:16]); err != nil {
		t.Fatal(err)
	}
	p := frame.DefaultParams()
	p.Typesize = 1
	if err := w.AddSChunk("/grid/text", p, sc); err != nil {
		t.Fatal(err)
	}
	if err := w.AddC2Array("/remote", "https://cat2.cloud/demo", "@public/examples/ds-1d.b2nd"); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return arr, sc
}

func TestLsInfoDecompressKey(t *testing.T) {
	for _, form := range []string{"b2z", "b2d", "b2e"} {
		t.Run(form, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "s."+form)
			arr, sc := makeStore(t, name)
			ext := "external"
			if form == "b2e" {
				ext = "embedded"
			}
			r := runTool(nil, "ls", name)
			want := []string{
				"/grid/a     ndarray  (20,30)  <i8  4800  " + ext,
				"/grid/text  schunk   -        -    3000  " + ext,
				"/remote     c2array  -        -    -     embedded",
				"/small      ndarray  (2)      <i8  16    embedded",
			}
			if r.code != 0 || r.stdout != strings.Join(want, "\n")+"\n" {
				t.Errorf("ls: %v\n%s", r, r.stdout)
			}
			r = runTool(nil, "ls", "--json", name)
			var keys []map[string]any
			if r.code != 0 || json.Unmarshal([]byte(r.stdout), &keys) != nil || len(keys) != 4 {
				t.Fatalf("ls --json: %v\n%s", r, r.stdout)
			}
			for _, f := range []string{"key", "kind", "shape", "dtype", "nbytes", "embedded"} {
				if _, ok := keys[0][f]; !ok {
					t.Errorf("ls --json: no %q in %v", f, keys[0])
				}
			}
			if keys[1]["shape"] != nil || keys[2]["nbytes"] != nil || keys[0]["dtype"] != "<i8" {
				t.Errorf("ls --json: %v", keys)
			}
			r = runTool(nil, "info", name)
			if r.code != 0 || !strings.Contains(r.stdout, "form: "+form) || !strings.Contains(r.stdout, want[0]) {
				t.Errorf("info: %v\n%s", r, r.stdout)
			}
			r = runTool(nil, "info", "--json", name)
			var rep storeReport
			if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rep) != nil || rep.Form != form || len(rep.Keys) != 4 {
				t.Errorf("info --json: %v\n%s", r, r.stdout)
			}
			for key, data := range map[string][]byte{"/grid/a": arr, "/grid/text": sc, "/small": arr[:16]} {
				out := filepath.Join(dir, "out")
				r = runTool(nil, "decompress", "--key", key, name, "-o", out)
				got, err := os.ReadFile(out)
				if r.code != 0 || err != nil || !bytes.Equal(got, data) {
					t.Errorf("decompress --key %s: %v %v", key, r, err)
				}
			}
			out := filepath.Join(dir, "none")
			for _, c := range []struct {
				args []string
				code int
			}{
				{[]string{"decompress", "--key", "/nope", name, "-o", out}, 1},
				{[]string{"decompress", "--key", "/remote", name, "-o", out}, 1},
				{[]string{"decompress", name, "-o", out}, 2},
				{[]string{"ls", "--bogus", name}, 2},
				{[]string{"ls", name, name}, 2},
			} {
				r := runTool(nil, c.args...)
				if r.code != c.code || strings.Count(r.stderr, "\n") != 1 {
					t.Errorf("%v: %v, want exit %d", c.args, r, c.code)
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%v left %s", c.args, out)
				}
			}
		})
	}
}

func TestLsNotAStore(t *testing.T) {
	e := corpus(t, "frame")[0]
	if r := runTool(nil, "ls", e.File); r.code != 1 || !strings.Contains(r.stderr, "not a python-blosc2 store") {
		t.Errorf("ls of a frame: %v", r)
	}
	if r := runTool(nil, "decompress", "--key", "/a", e.File); r.code != 1 {
		t.Errorf("decompress --key of a frame: %v", r)
	}
	if r := runTool(nil, "ls", filepath.Join(t.TempDir(), "missing.b2z")); r.code != 1 {
		t.Errorf("ls of a missing file: %v", r)
	}
}
