package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/internal/rangetest"
	"github.com/blosc2go/blosc2/store"
)

// TestLsInfoURL lists stores over HTTP range requests: ls URL prints what ls
// FILE prints, info URL the store's info, and a big store costs a small part
// of its bytes.
func TestLsInfoURL(t *testing.T) {
	dir := t.TempDir()
	for _, form := range []string{"b2z", "b2e"} {
		name := filepath.Join(dir, "s."+form)
		makeStore(t, name)
		// A big member that does not compress: 4 MiB of noise.
		w, err := store.Update(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		noise := make([]byte, 4<<20)
		for i := range noise {
			noise[i] = byte(rng.Uint32())
		}
		m := frame.NDMeta{Shape: []int64{512, 1024}, ChunkShape: []int32{128, 1024}, BlockShape: []int32{32, 256}, Dtype: "<u8"}
		p := frame.DefaultParams()
		p.Typesize = 8
		if err := w.AddArray("/big/noise", m, p, noise); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srv := rangetest.New(data, rangetest.Faults{})
		defer srv.Close()
		url := srv.URL + "/s." + form

		local := runTool(nil, "ls", name)
		srv.Reset()
		r := runTool(nil, "ls", url)
		reqs, sent := srv.Stats()
		if local.code != 0 || r.code != 0 || r.stdout != local.stdout || !strings.Contains(r.stdout, "/big/noise") {
			t.Errorf("%s: ls URL: %v\nwant\n%s", form, r, local.stdout)
		}
		if sent <= 0 || sent > int64(len(data))/20 {
			t.Errorf("%s: ls URL fetched %d of %d bytes in %d requests", form, sent, len(data), reqs)
		}
		t.Logf("%s: ls URL: %d requests, %d of %d bytes", form, reqs, sent, len(data))

		for _, args := range [][]string{{"info"}, {"info", "--json"}, {"ls", "--json"}} {
			want := runTool(nil, append(args, name)...)
			got := runTool(nil, append(args, url)...)
			want.stdout = strings.ReplaceAll(want.stdout, name, url)
			if want.code != 0 || got.code != 0 || got.stdout != want.stdout {
				t.Errorf("%s: %v URL: %v\nwant\n%s", form, args, got, want.stdout)
			}
		}
	}

	// A URL that is no store: ls says so; info shows the frame.
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "b2nd", "a02_3d_i4.b2nd"))
	if err != nil {
		t.Fatal(err)
	}
	srv := rangetest.New(b, rangetest.Faults{})
	defer srv.Close()
	if r := runTool(nil, "ls", srv.URL); r.code == 0 || !strings.Contains(r.stderr, "not a python-blosc2 store") {
		t.Errorf("ls of a b2nd URL: %v", r)
	}
	if r := runTool(nil, "info", srv.URL); r.code != 0 || !strings.Contains(r.stdout, "lz4") {
		t.Errorf("info of a b2nd URL: %v", r)
	}
}
