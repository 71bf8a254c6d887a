package httpra_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
	"github.com/blosc2go/blosc2/frame/rangecache"
	"github.com/blosc2go/blosc2/internal/rangetest"
)

// makeArray writes a b2nd array of float64 (a smooth function of the
// index, so chunks compress) with the given shapes.
func makeArray(t testing.TB, shape []int64, chunks, blocks []int32) ([]byte, []byte) {
	t.Helper()
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	raw := make([]byte, 8*n)
	for i := int64(0); i < n; i++ {
		binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(math.Sin(float64(i)/97)*1000+float64(i%13)))
	}
	m := frame.NDMeta{Shape: shape, ChunkShape: chunks, BlockShape: blocks, Dtype: "<f8"}
	p := frame.DefaultParams()
	p.Codec, p.Clevel = blosc.LZ4, 5
	var buf bytes.Buffer
	w, err := frame.NewArrayWriter(&buf, m, p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), raw
}

// openRemote opens data served by s as an Array.
func openRemote(t testing.TB, s *rangetest.Server) (*frame.Array, *httpra.ReaderAt) {
	t.Helper()
	ra, err := httpra.Open(context.Background(), s.URL, httpra.WithClient(s.Client()), httpra.WithHeadSize(4096))
	if err != nil {
		t.Fatal(err)
	}
	f, err := frame.Open(ra, ra.Size())
	if err != nil {
		t.Fatal(err)
	}
	a, err := frame.OpenArray(f)
	if err != nil {
		t.Fatal(err)
	}
	return a, ra
}

// storedBlocks returns the stored size of each block of each chunk, and
// the size of each chunk's header and block starts.
func storedBlocks(t testing.TB, data []byte) (blocks [][]int64, prefix []int64) {
	f, err := frame.OpenBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < f.NChunks(); i++ {
		raw, _, err := f.RawChunk(i)
		if err != nil {
			t.Fatal(err)
		}
		h, _ := blosc.ReadHeader(raw)
		nb := h.NBlocks()
		st := make([]int64, nb)
		for j := range st {
			st[j] = int64(binary.LittleEndian.Uint32(raw[32+4*j:]))
		}
		sz := make([]int64, nb)
		for j := range st {
			end := int64(h.Cbytes)
			for _, s := range st {
				if s > st[j] && s < end {
					end = s
				}
			}
			sz[j] = end - st[j]
		}
		blocks = append(blocks, sz)
		prefix = append(prefix, int64(32+4*nb))
	}
	return blocks, prefix
}

func TestRemoteOpenTakesTwoRequests(t *testing.T) {
	data, _ := makeArray(t, []int64{400, 300}, []int32{100, 150}, []int32{25, 50})
	s := rangetest.New(data, rangetest.Faults{})
	defer s.Close()
	openRemote(t, s)
	if req, _ := s.Stats(); req > 2 {
		t.Errorf("opening took %d requests (%q), want at most 2", req, s.Log())
	}
	// A small file comes whole with the first request.
	small, _ := makeArray(t, []int64{20}, []int32{10}, []int32{5})
	s2 := rangetest.New(small, rangetest.Faults{})
	defer s2.Close()
	openRemote(t, s2)
	if req, _ := s2.Stats(); req != 1 {
		t.Errorf("opening a %d-byte file took %d requests", len(small), req)
	}
}

func TestRemotePointRead(t *testing.T) {
	data, raw := makeArray(t, []int64{400, 300}, []int32{200, 300}, []int32{25, 50})
	blocks, prefix := storedBlocks(t, data)
	s := rangetest.New(data, rangetest.Faults{})
	defer s.Close()
	a, _ := openRemote(t, s)
	for _, pt := range [][2]int64{{0, 0}, {137, 211}, {399, 299}, {250, 3}} {
		s.Reset()
		got, err := a.ReadSlab(nil, []int64{pt[0], pt[1]}, []int64{pt[0] + 1, pt[1] + 1})
		if err != nil {
			t.Fatal(err)
		}
		off := 8 * (pt[0]*300 + pt[1])
		if !bytes.Equal(got, raw[off:off+8]) {
			t.Fatalf("point %v: wrong value", pt)
		}
		req, n := s.Stats()
		ci := pt[0] / 200
		bi := (pt[0]%200)/25*6 + pt[1]/50
		limit := blocks[ci][bi] + 4096 // the block, plus header and block starts (one guess)
		if req > 2 || n > limit {
			t.Errorf("point %v: %d requests, %d bytes (block %d bytes, prefix %d): %q", pt, req, n, blocks[ci][bi], prefix[ci], s.Log())
		}
		// Again: the chunk's header and block starts are kept.
		s.Reset()
		if _, err := a.ReadSlab(nil, []int64{pt[0], pt[1]}, []int64{pt[0] + 1, pt[1] + 1}); err != nil {
			t.Fatal(err)
		}
		if req, n := s.Stats(); req > 1 || n > blocks[ci][bi] {
			t.Errorf("point %v again: %d requests, %d bytes", pt, req, n)
		}
	}
}

// TestRemoteSlabs reads slabs of 1-D to 4-D arrays, some crossing chunk
// and block boundaries, and checks the bytes and what was fetched: the
// blocks' stored size plus the chunks' headers.
func TestRemoteSlabs(t *testing.T) {
	cases := []struct {
		shape         []int64
		chunks, blks  []int32
		start, stop   []int64
		wantAllChunks bool
	}{
		{[]int64{10000}, []int32{4000}, []int32{500}, []int64{3900}, []int64{4700}, false},
		{[]int64{400, 300}, []int32{200, 150}, []int32{50, 50}, []int64{180, 140}, []int64{230, 160}, false},
		{[]int64{40, 30, 20}, []int32{20, 15, 10}, []int32{5, 5, 5}, []int64{3, 4, 5}, []int64{33, 14, 7}, false},
		{[]int64{12, 10, 8, 6}, []int32{6, 5, 4, 3}, []int32{3, 5, 2, 3}, []int64{2, 0, 1, 0}, []int64{9, 10, 5, 6}, false},
	}
	for k, c := range cases {
		t.Run(fmt.Sprint(len(c.shape), "d"), func(t *testing.T) {
			data, _ := makeArray(t, c.shape, c.chunks, c.blks)
			local, err := frame.OpenBytes(data)
			if err != nil {
				t.Fatal(err)
			}
			la, _ := frame.OpenArray(local)
			want, err := la.ReadSlab(nil, c.start, c.stop)
			if err != nil {
				t.Fatal(err)
			}
			s := rangetest.New(data, rangetest.Faults{})
			defer s.Close()
			a, _ := openRemote(t, s)
			s.Reset()
			got, err := a.ReadSlab(nil, c.start, c.stop)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("case %d: remote slab differs", k)
			}
			_, n := s.Stats()
			need := neededBytes(t, data, la, c.start, c.stop)
			if float64(n) > 1.05*float64(need.blocks)+float64(need.prefix)+float64(4096*need.chunks) {
				t.Errorf("case %d: fetched %d bytes; the blocks hold %d, headers %d (%d chunks)", k, n, need.blocks, need.prefix, need.chunks)
			}
			t.Logf("fetched %d bytes; blocks %d, headers %d, %d chunks", n, need.blocks, need.prefix, need.chunks)
		})
	}
}

type need struct{ blocks, prefix, chunks int64 }

// neededBytes sums the stored sizes of the blocks a slab touches.
func neededBytes(t testing.TB, data []byte, a *frame.Array, start, stop []int64) need {
	blocks, prefix := storedBlocks(t, data)
	m := a.Meta()
	nd := len(m.Shape)
	g := a.Geometry()
	var nd0 need
	seen := map[[2]int64]bool{}
	chunksSeen := map[int64]bool{}
	idx := make([]int64, nd)
	copy(idx, start)
	for {
		var ci, bi int64
		for i := 0; i < nd; i++ {
			c := idx[i] / int64(m.ChunkShape[i])
			b := (idx[i] % int64(m.ChunkShape[i])) / int64(m.BlockShape[i])
			ci = ci*g.ChunksPerDim[i] + c
			bi = bi*g.BlocksPerDim[i] + b
		}
		if !seen[[2]int64{ci, bi}] {
			seen[[2]int64{ci, bi}] = true
			nd0.blocks += blocks[ci][bi]
		}
		if !chunksSeen[ci] {
			chunksSeen[ci] = true
			nd0.prefix += prefix[ci]
			nd0.chunks++
		}
		i := nd - 1
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < stop[i] {
				break
			}
			idx[i] = start[i]
		}
		if i < 0 {
			return nd0
		}
	}
}

func TestRemoteCacheAndConcurrency(t *testing.T) {
	data, raw := makeArray(t, []int64{400, 300}, []int32{100, 150}, []int32{25, 50})
	s := rangetest.New(data, rangetest.Faults{})
	defer s.Close()
	ra, err := httpra.Open(context.Background(), s.URL, httpra.WithClient(s.Client()))
	if err != nil {
		t.Fatal(err)
	}
	c := rangecache.New(ra, 1<<20)
	f, err := frame.Open(c, ra.Size())
	if err != nil {
		t.Fatal(err)
	}
	a, err := frame.OpenArray(f)
	if err != nil {
		t.Fatal(err)
	}
	read := func(r0, c0 int64) error {
		got, err := a.ReadSlab(nil, []int64{r0, c0}, []int64{r0 + 10, c0 + 7})
		if err != nil {
			return err
		}
		for i := int64(0); i < 10; i++ {
			off := 8 * ((r0+i)*300 + c0)
			if !bytes.Equal(got[8*7*i:8*7*(i+1)], raw[off:off+56]) {
				return fmt.Errorf("slab at %d,%d: wrong bytes", r0, c0)
			}
		}
		return nil
	}
	if err := read(37, 101); err != nil {
		t.Fatal(err)
	}
	s.Reset()
	if err := read(37, 101); err != nil {
		t.Fatal(err)
	}
	if req, _ := s.Stats(); req != 0 {
		t.Errorf("a repeated read made %d requests", req)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				if err := read(int64((g*37+k*11)%390), int64((g*53+k*7)%293)); err != nil {
					errs <- err
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestRemoteFaults(t *testing.T) {
	data, raw := makeArray(t, []int64{20000}, []int32{5000}, []int32{1000})
	quick := httpra.WithRetries(3, time.Millisecond)
	open := func(f rangetest.Faults) (*rangetest.Server, *frame.Frame, error) {
		s := rangetest.New(data, f)
		t.Cleanup(s.Close)
		ra, err := httpra.Open(context.Background(), s.URL, httpra.WithClient(s.Client()), httpra.WithHeadSize(1024), quick)
		if err != nil {
			return s, nil, err
		}
		fr, err := frame.Open(ra, ra.Size())
		return s, fr, err
	}
	readMid := func(fr *frame.Frame) error {
		p := make([]byte, 800)
		if _, err := fr.ReadAt(p, 60000); err != nil {
			return err
		}
		if !bytes.Equal(p, raw[60000:60800]) {
			return errors.New("wrong bytes")
		}
		return nil
	}

	t.Run("5xx retried", func(t *testing.T) {
		s, fr, err := open(rangetest.Faults{Fail5xx: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := readMid(fr); err != nil {
			t.Fatal(err)
		}
		if req, _ := s.Stats(); req < 3 {
			t.Errorf("%d requests", req)
		}
	})
	t.Run("5xx forever", func(t *testing.T) {
		if _, _, err := open(rangetest.Faults{Fail5xx: 1000}); err == nil {
			t.Fatal("no error")
		}
	})
	t.Run("truncated bodies retried", func(t *testing.T) {
		_, fr, err := open(rangetest.Faults{Truncate: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := readMid(fr); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("oversized body", func(t *testing.T) {
		if _, _, err := open(rangetest.Faults{Oversize: true}); !errors.Is(err, httpra.ErrBadResponse) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("wrong Content-Range", func(t *testing.T) {
		if _, _, err := open(rangetest.Faults{WrongRange: true}); !errors.Is(err, httpra.ErrBadResponse) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("no ranges", func(t *testing.T) {
		if _, _, err := open(rangetest.Faults{NoRanges: true}); !errors.Is(err, httpra.ErrNoRanges) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("content changes", func(t *testing.T) {
		_, fr, err := open(rangetest.Faults{ChangeAfter: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := readMid(fr); !errors.Is(err, httpra.ErrChanged) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("latency and cancellation", func(t *testing.T) {
		s := rangetest.New(data, rangetest.Faults{Latency: 200 * time.Millisecond})
		defer s.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if _, err := httpra.Open(ctx, s.URL, httpra.WithClient(s.Client())); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v", err)
		}
	})
}
