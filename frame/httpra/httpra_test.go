package httpra_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"github.com/blosc2go/blosc2/blosc"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
)

// countingServer serves data with range support on 127.0.0.1 and counts
// the body bytes it sends.
func countingServer(t *testing.T, data []byte) (*httptest.Server, *atomic.Int64) {
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(countingWriter{w, &served}, r, "f.b2nd", time.Unix(0, 0), bytes.NewReader(data))
	}))
	t.Cleanup(srv.Close)
	return srv, &served
}

type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	n, err := c.ResponseWriter.Write(p)
	c.n.Add(int64(n))
	return n, err
}

func TestRemoteChunkAndSlab(t *testing.T) {
	data, err := os.ReadFile("../../testdata/external/example_item_prices.b2nd")
	if err != nil {
		t.Fatal(err)
	}
	local, err := frame.OpenBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	la, err := frame.OpenArray(local)
	if err != nil {
		t.Fatal(err)
	}
	srv, served := countingServer(t, data)
	ra, err := httpra.New(context.Background(), srv.Client(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if ra.Size() != int64(len(data)) {
		t.Fatalf("size %d, want %d", ra.Size(), len(data))
	}
	f, err := frame.Open(ra, ra.Size())
	if err != nil {
		t.Fatal(err)
	}
	openBytes := served.Load()
	if openBytes > int64(len(data))/10 {
		t.Errorf("opening fetched %d of %d bytes", openBytes, len(data))
	}

	// One chunk.
	mid := f.NChunks() / 2
	got, err := f.Chunk(nil, mid)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := local.Chunk(nil, mid)
	if !bytes.Equal(got, want) {
		t.Fatal("remote chunk differs from local")
	}
	chunkBytes := served.Load() - openBytes
	info, _ := local.ChunkInfo(mid)
	raw, _, _ := local.RawChunk(mid)
	if info.Special == blosc.SpecialNone && (chunkBytes < int64(len(raw)) || chunkBytes > 2*int64(len(raw))) {
		t.Errorf("reading chunk %d (%d stored bytes) fetched %d bytes", mid, len(raw), chunkBytes)
	}

	// A small slab.
	a, err := frame.OpenArray(f)
	if err != nil {
		t.Fatal(err)
	}
	shape := a.Shape()
	start := make([]int64, len(shape))
	stop := make([]int64, len(shape))
	for i, s := range shape {
		start[i], stop[i] = s/2, s/2+1
	}
	before := served.Load()
	slab, err := a.ReadSlab(nil, start, stop)
	if err != nil {
		t.Fatal(err)
	}
	lslab, _ := la.ReadSlab(nil, start, stop)
	if !bytes.Equal(slab, lslab) {
		t.Fatal("remote slab differs from local")
	}
	slabBytes := served.Load() - before
	if slabBytes > int64(len(data))/4 {
		t.Errorf("a one-item slab fetched %d of %d bytes", slabBytes, len(data))
	}
	t.Logf("file %d B (%d chunks); open %d B, chunk %d B, 1-item slab %d B", len(data), f.NChunks(), openBytes, chunkBytes, slabBytes)

	// The whole array still decodes to the same bytes.
	all, err := a.ReadAll(nil)
	if err != nil {
		t.Fatal(err)
	}
	lall, _ := la.ReadAll(nil)
	if sha256.Sum256(all) != sha256.Sum256(lall) {
		t.Fatal("remote array differs")
	}
}

func TestNoRangeServer(t *testing.T) {
	big := bytes.Repeat([]byte("plain"), 10000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/small" {
			w.Write([]byte("plain"))
			return
		}
		w.Write(big)
	}))
	defer srv.Close()
	if _, err := httpra.New(context.Background(), srv.Client(), srv.URL+"/big"); !errors.Is(err, httpra.ErrNoRanges) {
		t.Fatalf("a server without range support was accepted (%v)", err)
	}
	// A resource no larger than the first request's range comes whole:
	// no range is needed to read it.
	r, err := httpra.New(context.Background(), srv.Client(), srv.URL+"/small")
	if err != nil {
		t.Fatal(err)
	}
	p := make([]byte, 5)
	if n, err := r.ReadAt(p, 0); n != 5 || err != nil || string(p) != "plain" {
		t.Fatalf("got %q, %d, %v", p[:n], n, err)
	}
	if req, _ := r.Stats(); req != 1 {
		t.Errorf("%d requests", req)
	}
}
