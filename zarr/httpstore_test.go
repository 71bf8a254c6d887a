package zarr

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// TestHTTPStoreSharded reads a sharded array from a web server: a
// one-element read downloads the shard index and one inner chunk.
func TestHTTPStoreSharded(t *testing.T) {
	c := shardCases[0]
	dir := t.TempDir()
	a, err := CreateArray(NewFSStore(dir), "", c.metadata(t))
	if err != nil {
		t.Fatal(err)
	}
	data := c.data(t)
	if err := a.Write(data); err != nil {
		t.Fatal(err)
	}
	var sent, requests atomic.Int64
	files := http.FileServer(http.Dir(dir)) // honours Range, suffixes included
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		files.ServeHTTP(countingWriter{w, &sent}, r)
	}))
	defer srv.Close()

	remote, err := OpenArray(NewHTTPStore(srv.URL, WithHTTPClient(srv.Client()), WithContext(context.Background())), "")
	if err != nil {
		t.Fatal(err)
	}
	sent.Store(0)
	requests.Store(0)
	got, err := remote.ReadRegion([]int64{40, 45}, []int64{41, 46})
	if err != nil {
		t.Fatal(err)
	}
	if want := data[(40*70+45)*4:][:4]; !bytes.Equal(got, want) {
		t.Fatalf("element % x, want % x", got, want)
	}
	shard, _ := NewFSStore(dir).Get("c/1/1")
	t.Logf("one-element read over HTTP: %d requests, %d body bytes of a %d-byte shard", requests.Load(), sent.Load(), len(shard))
	if requests.Load() != 2 || sent.Load() >= int64(len(shard))/2 {
		t.Errorf("%d requests, %d bytes", requests.Load(), sent.Load())
	}
	all, err := remote.Read()
	if err != nil || !bytes.Equal(all, data) {
		t.Fatalf("whole read over HTTP: %v", err)
	}
	// Missing shards read as fill; writes are refused.
	if _, err := NewHTTPStore(srv.URL, WithHTTPClient(srv.Client())).Get("c/9/9"); err == nil {
		t.Error("missing key read")
	}
	if err := remote.Write(data); err == nil {
		t.Error("write to an HTTPStore accepted")
	}
}

type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	c.n.Add(int64(len(p)))
	return c.ResponseWriter.Write(p)
}
