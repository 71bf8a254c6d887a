package bench

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
	"github.com/blosc2go/blosc2/frame/rangecache"
	"github.com/blosc2go/blosc2/internal/rangetest"
)

// TestRemoteReport measures remote reads of a b2nd array over loopback
// HTTP with injected latency: opening, a point read, slab reads of N
// blocks, each next to fetching whole chunks. It runs only when
// BLOSC2_BENCH_REPORT=1:
//
//	BLOSC2_BENCH_REPORT=1 go test -run TestRemoteReport -v -timeout 30m ./bench/
//
// BLOSC2_REMOTE_MB sets the array size (default 1024), with 64 MiB chunks
// and 256 KiB blocks of float64, LZ4 clevel 5 with SHUFFLE;
// BLOSC2_REMOTE_LATENCY_MS the latency added to every response (default
// 20).
func TestRemoteReport(t *testing.T) {
	if os.Getenv("BLOSC2_BENCH_REPORT") != "1" {
		t.Skip("set BLOSC2_BENCH_REPORT=1 to measure and print the remote-read table")
	}
	mb := int64(envInt("BLOSC2_REMOTE_MB", 1024))
	latency := time.Duration(envInt("BLOSC2_REMOTE_LATENCY_MS", 20)) * time.Millisecond
	const chunkItems, blockItems = 8 << 20, 32 << 10 // 64 MiB, 256 KiB of float64
	n := mb << 20 / 8
	m := frame.NDMeta{Shape: []int64{n}, ChunkShape: []int32{chunkItems}, BlockShape: []int32{blockItems}, Dtype: "<f8"}
	p := frame.DefaultParams()
	p.Codec, p.Clevel = blosc.LZ4, 5
	var file bytes.Buffer
	w, err := frame.NewArrayWriter(&file, m, p)
	if err != nil {
		t.Fatal(err)
	}
	value := func(i int64) float64 { return float64(i/4096) + math.Sin(float64(i)/50)/8 }
	chunk := make([]byte, 8*chunkItems)
	for c := int64(0); c*chunkItems < n; c++ {
		items := min(int64(chunkItems), n-c*chunkItems)
		for k := int64(0); k < items; k++ {
			binary.LittleEndian.PutUint64(chunk[8*k:], math.Float64bits(value(c*chunkItems+k)))
		}
		if _, err := w.Write(chunk[:8*items]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data := file.Bytes()
	srv := rangetest.New(data, rangetest.Faults{Latency: latency})
	defer srv.Close()
	t.Logf("array of %d MiB (%d items), file %d MiB, %v latency per request", mb, n, len(data)>>20, latency)
	t.Logf("| operation | requests | bytes fetched | wall time |")
	t.Logf("|---|---|---|---|")
	row := func(what string, f func() error) {
		srv.Reset()
		t0 := time.Now()
		if err := f(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		req, b := srv.Stats()
		t.Logf("| %s | %d | %d | %v |", what, req, b, time.Since(t0).Round(time.Millisecond))
	}
	var a *frame.Array
	var ra *httpra.ReaderAt
	row("open (through a 64 MiB rangecache.Cache)", func() error {
		var err error
		if ra, err = httpra.Open(context.Background(), srv.URL, httpra.WithClient(srv.Client())); err != nil {
			return err
		}
		fr, err := frame.Open(rangecache.New(ra, 64<<20), ra.Size())
		if err != nil {
			return err
		}
		a, err = frame.OpenArray(fr)
		return err
	})
	if req, _ := srv.Stats(); req > 2 {
		t.Errorf("open: %d requests", req)
	}
	check := func(got []byte, first int64) error {
		for k := 0; k < len(got)/8; k++ {
			if v := math.Float64frombits(binary.LittleEndian.Uint64(got[8*k:])); v != value(first+int64(k)) {
				return fmt.Errorf("item %d: %v, want %v", first+int64(k), v, value(first+int64(k)))
			}
		}
		return nil
	}
	pt := n/2 + 12345
	row("point read, one item", func() error {
		got, err := a.ReadSlab(nil, []int64{pt}, []int64{pt + 1})
		if err != nil {
			return err
		}
		return check(got, pt)
	})
	req, b := srv.Stats()
	if req > 2 || b > 8*blockItems+4096 {
		t.Errorf("point read: %d requests, %d bytes", req, b)
	}
	row("the next item (cached)", func() error {
		got, err := a.ReadSlab(nil, []int64{pt + 1}, []int64{pt + 2})
		if err != nil {
			return err
		}
		return check(got, pt+1)
	})
	for _, nb := range []int64{1, 8, 64} {
		start := (n/2/blockItems + 3) * blockItems
		stop := start + nb*blockItems
		row(fmt.Sprintf("slab of %d blocks", nb), func() error {
			got, err := a.ReadSlab(nil, []int64{start}, []int64{stop})
			if err != nil {
				return err
			}
			return check(got, start)
		})
	}
	whole, err := frame.Open(ra, ra.Size()) // no cache
	if err != nil {
		t.Fatal(err)
	}
	row("whole chunk (a point read before block-level reads)", func() error {
		_, err := whole.Chunk(nil, int(pt/chunkItems))
		return err
	})
}
