package store

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
)

// countingReader counts the bytes read through it and remembers the
// largest offset reached.
type countingReader struct {
	r      *bytes.Reader
	n, end atomic.Int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// bigStore writes a .b2z or .b2e with 8 arrays of 200 KB of noise-ish data.
func bigStore(t *testing.T, name string) map[string][]byte {
	t.Helper()
	w, err := Create(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	n := 25000
	if testing.Short() {
		n = 6000
	}
	for i := 0; i < 8; i++ {
		m, d := testArray(n)
		for j := range d {
			d[j] ^= byte(j*7919 + i*31 + j>>9)
		}
		k := "/g" + string(rune('a'+i)) + "/x"
		if err := w.AddArray(k, m, frame.DefaultParams(), d); err != nil {
			t.Fatal(err)
		}
		out[k] = d
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReadsOnlyWhatIsAsked checks that opening a store reads its
// directory only, and a member only its own bytes.
func TestReadsOnlyWhatIsAsked(t *testing.T) {
	for _, form := range []string{"s.b2z", "s.b2e"} {
		name := filepath.Join(t.TempDir(), form)
		data := bigStore(t, name)
		b, _ := os.ReadFile(name)
		c := &countingReader{r: bytes.NewReader(b)}
		s, err := OpenReaderAt(c, int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		if n := c.n.Load(); n > int64(len(b))/20 {
			t.Errorf("%s: opening read %d of %d bytes", form, n, len(b))
		}
		before := c.n.Load()
		a, err := s.OpenArray("/gc/x")
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.ReadAll(nil)
		if err != nil || !bytes.Equal(got, data["/gc/x"]) {
			t.Fatalf("%s: /gc/x: %v", form, err)
		}
		t.Logf("%s: %d bytes; opening read %d, one of 8 members %d", form, len(b), before, c.n.Load()-before)
		if n := c.n.Load() - before; n > int64(len(b))/4 {
			t.Errorf("%s: reading one of 8 members read %d of %d bytes", form, n, len(b))
		}
		s.Close()
	}
}

// TestHTTP reads a .b2z over HTTP range requests.
func TestHTTP(t *testing.T) {
	name := filepath.Join(t.TempDir(), "s.b2z")
	data := bigStore(t, name)
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Dir(name))))
	defer srv.Close()
	ra, err := httpra.New(context.Background(), srv.Client(), srv.URL+"/s.b2z")
	if err != nil {
		t.Fatal(err)
	}
	s, err := OpenReaderAt(ra, ra.Size())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.ReadAll("/gh/x")
	if err != nil || !bytes.Equal(got, data["/gh/x"]) {
		t.Fatalf("ReadAll over HTTP: %v", err)
	}
	reqs, n := ra.Stats()
	t.Logf("HTTP: %d requests, %d of %d bytes", reqs, n, ra.Size())
	if n > ra.Size()/3 {
		t.Errorf("read %d of %d bytes over HTTP", n, ra.Size())
	}
}

func TestOpenFS(t *testing.T) {
	dir := t.TempDir()
	c := testContent()
	writeStore(t, filepath.Join(dir, "s.b2d"), nil, c)
	writeStore(t, filepath.Join(dir, "s.b2z"), nil, c)
	for _, name := range []string{"s.b2d", "s.b2z"} {
		s, err := OpenFS(os.DirFS(dir), name)
		if err != nil {
			t.Fatal(err)
		}
		checkStore(t, s, c, 0)
		s.Close()
	}
	// A .b2d in an in-memory file system.
	mfs := fstest.MapFS{}
	filepath.Walk(filepath.Join(dir, "s.b2d"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			b, _ := os.ReadFile(p)
			mfs[filepath.ToSlash(filepath.Join("x", rel))] = &fstest.MapFile{Data: b}
		}
		return err
	})
	s, err := OpenFS(mfs, "x/s.b2d")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, s, c, 0)
	s.Close()
}

// TestConcurrentReads reads every member from several goroutines at once
// (run with -race).
func TestConcurrentReads(t *testing.T) {
	for _, form := range []string{"s.b2e", "s.b2d"} {
		name := filepath.Join(t.TempDir(), form)
		data := bigStore(t, name)
		s, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k, want := range data {
					got, err := s.ReadAll(k)
					if err != nil || !bytes.Equal(got, want) {
						t.Errorf("%s %s: %v", form, k, err)
					}
					if _, err := s.Stat(k); err != nil {
						t.Error(err)
					}
				}
			}()
		}
		wg.Wait()
		s.Close()
	}
}
