package rangecache

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
)

// countingReader counts the ReadAt calls and bytes asked of a byte slice.
type countingReader struct {
	b     []byte
	calls atomic.Int64
	bytes atomic.Int64
}

func (r *countingReader) ReadAt(p []byte, off int64) (int, error) {
	r.calls.Add(1)
	if off >= int64(len(r.b)) {
		return 0, io.EOF
	}
	n := copy(p, r.b[off:])
	r.bytes.Add(int64(n))
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func data(n int) []byte {
	b := make([]byte, n)
	rand.New(rand.NewSource(1)).Read(b)
	return b
}

func TestFetchesOnlyMissingBytes(t *testing.T) {
	src := &countingReader{b: data(1000)}
	c := New(src, 1<<20)
	p := make([]byte, 100)
	if _, err := c.ReadAt(p, 100); err != nil || !bytes.Equal(p, src.b[100:200]) {
		t.Fatal(err)
	}
	if _, err := c.ReadAt(p, 150); err != nil || !bytes.Equal(p, src.b[150:250]) {
		t.Fatal(err)
	}
	if got := src.bytes.Load(); got != 150 {
		t.Errorf("fetched %d bytes for [100,250), want 150", got)
	}
	// [50, 300): two gaps around the kept [100, 250).
	q := make([]byte, 250)
	if _, err := c.ReadAt(q, 50); err != nil || !bytes.Equal(q, src.b[50:300]) {
		t.Fatal(err)
	}
	if got := src.bytes.Load(); got != 250 {
		t.Errorf("fetched %d bytes for [50,300), want 250", got)
	}
	calls := src.calls.Load()
	if _, err := c.ReadAt(q, 50); err != nil || !bytes.Equal(q, src.b[50:300]) {
		t.Fatal(err)
	}
	if src.calls.Load() != calls {
		t.Error("a kept range was fetched again")
	}
	hits, misses, fetched := c.Stats()
	if hits != 1 || misses != 3 || fetched != 250 {
		t.Errorf("stats %d hits, %d misses, %d bytes", hits, misses, fetched)
	}
}

func TestBudgetAndRandomReads(t *testing.T) {
	src := &countingReader{b: data(1 << 16)}
	c := New(src, 4096)
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 5000; i++ {
		off := rng.Int63n(1 << 16)
		n := rng.Intn(2000)
		p := make([]byte, n)
		got, err := c.ReadAt(p, off)
		want := len(src.b) - int(off)
		if want > n {
			want = n
		}
		if got != want || !bytes.Equal(p[:got], src.b[off:off+int64(got)]) {
			t.Fatalf("read %d at %d: %d bytes, %v", n, off, got, err)
		}
		if got < n && err == nil {
			t.Fatal("short read without error")
		}
		if c.Size() > 4096 {
			t.Fatalf("cache holds %d bytes, budget 4096", c.Size())
		}
	}
	// A read larger than the budget is served, not kept.
	big := make([]byte, 10000)
	if _, err := c.ReadAt(big, 0); err != nil || !bytes.Equal(big, src.b[:10000]) {
		t.Fatal(err)
	}
}

func TestConcurrentReaders(t *testing.T) {
	src := &countingReader{b: data(1 << 15)}
	c := New(src, 1<<14)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(g)))
			for i := 0; i < 500; i++ {
				off := rng.Int63n(1<<15 - 1000)
				p := make([]byte, rng.Intn(1000))
				if _, err := c.ReadAt(p, off); err != nil || !bytes.Equal(p, src.b[off:off+int64(len(p))]) {
					t.Errorf("goroutine %d: wrong bytes at %d (%v)", g, off, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}

type failing struct{ err error }

func (f failing) ReadAt(p []byte, off int64) (int, error) { return 0, f.err }

func TestErrorsPassThrough(t *testing.T) {
	boom := errors.New("boom")
	c := New(failing{boom}, 100)
	if _, err := c.ReadAt(make([]byte, 10), 0); !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	if c.Size() != 0 {
		t.Fatal("a failed read was kept")
	}
}
