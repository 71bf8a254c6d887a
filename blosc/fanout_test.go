package blosc

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestStashSurvivesGC checks that the states a stash keeps are not dropped
// by garbage collections (a sync.Pool drops them after two), and that those
// beyond keep are still handed out.
func TestStashSurvivesGC(t *testing.T) {
	made := 0
	s := &stash[*[64]byte]{keep: 2, fresh: func() *[64]byte { made++; return new([64]byte) }}
	a, b, c := s.get(), s.get(), s.get()
	if made != 3 || a == b || b == c || a == c {
		t.Fatalf("made %d states, want 3 distinct", made)
	}
	s.put(a)
	s.put(b)
	s.put(c) // beyond keep: pooled
	runtime.GC()
	runtime.GC()
	runtime.GC()
	x, y := s.get(), s.get()
	if !((x == a && y == b) || (x == b && y == a)) {
		t.Errorf("kept states lost across GC")
	}
}

// TestFanOut checks that every item runs once, on no more goroutines than
// asked, and that a failing task stops the items not yet started.
func TestFanOut(t *testing.T) {
	s := &stash[*int]{keep: 4, fresh: func() *int { return new(int) }}
	for _, nw := range []int{1, 2, 3, 8} {
		const n = 1000
		var runs [n]atomic.Int32
		own := new(int)
		ok := fanOut(s, own, nw, n, func(w *int, k int) bool {
			runs[k].Add(1)
			*w++ // each state is one goroutine's: the race detector checks it
			return true
		})
		if !ok {
			t.Fatalf("nw %d: fanOut reported a failure", nw)
		}
		for k := range runs {
			if r := runs[k].Load(); r != 1 {
				t.Fatalf("nw %d: item %d ran %d times", nw, k, r)
			}
		}
		var started atomic.Int32
		ok = fanOut(s, own, nw, n, func(w *int, k int) bool {
			started.Add(1)
			return k != 10
		})
		if ok {
			t.Fatalf("nw %d: failure not reported", nw)
		}
		// Items start in order; each goroutine may start one more after
		// the failure, before it sees it.
		if got := started.Load(); got > 11+2*int32(nw) {
			t.Errorf("nw %d: %d items started after item 10 failed", nw, got)
		}
	}
}

// TestCompressParallelPaths checks the parallel Compress on what leaves
// its common path: an input that does not compress (the chunk is stored
// uncompressed after the blocks outgrow it), one of zeros (a special
// chunk) and one of a repeated byte (run streams): the bytes of one worker,
// nothing written past MaxCompressedLen.
func TestCompressParallelPaths(t *testing.T) {
	for _, kind := range []string{"random", "zeros", "const", "f64sine"} {
		data := encGenerate(kind, 5, 8, 1<<20+77)
		for _, c := range []Codec{BloscLZ, LZ4, Zstd} {
			o := encOpts(c, 5, 8, Shuffle)
			o.Blocksize = 32 << 10
			var ref []byte
			for _, nw := range []int{1, 2, 5} {
				o.Workers = nw
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				bound := MaxCompressedLen(len(data))
				buf := make([]byte, bound+64)
				for i := range buf {
					buf[i] = 0xA5
				}
				got, err := e.Compress(buf[:0], data)
				if err != nil {
					t.Fatal(err)
				}
				for i, v := range buf[bound:] {
					if v != 0xA5 {
						t.Fatalf("%s %v %d workers: byte %d past MaxCompressedLen written", kind, c, nw, i)
					}
				}
				if ref == nil {
					ref = append([]byte(nil), got...)
				} else if !bytes.Equal(got, ref) {
					t.Errorf("%s %v: %d workers give other bytes", kind, c, nw)
				}
			}
			if back, err := Decompress(nil, ref); err != nil || !bytes.Equal(back, data) {
				t.Errorf("%s %v: round trip failed: %v", kind, c, err)
			}
		}
	}
}

// TestFanOutHelpers checks the helpers' life: a fan-out while helpers wait
// for work hands its tasks to them instead of starting goroutines, and
// helpers exit once they have waited helperLinger without work.
func TestFanOutHelpers(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("helpers do not wait for work with one P")
	}
	s := &stash[*int]{keep: 4, fresh: func() *int { return new(int) }}
	s.linger.Store(int64(2 * time.Second)) // no helper leaves during the fan-outs, even on a busy machine
	task := func(w *int, k int) bool { *w += k; return true }
	fanOut(s, new(int), 3, 64, task)
	if n := s.started.Load(); n != 2 {
		t.Fatalf("%d helpers started for a fan-out on 3 goroutines, want 2", n)
	}
	for range 100 {
		// A helper is back in the idle list shortly after its last task.
		for deadline := time.Now().Add(5 * time.Second); ; {
			s.mu.Lock()
			idle := len(s.idle)
			s.mu.Unlock()
			if idle == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d helpers waiting for work, want 2", idle)
			}
			runtime.Gosched()
		}
		fanOut(s, new(int), 3, 64, task)
	}
	if n := s.started.Load(); n != 2 {
		t.Fatalf("%d helpers started for 101 fan-outs on 3 goroutines, want 2", n)
	}
	s.linger.Store(int64(time.Millisecond))
	fanOut(s, new(int), 3, 64, task) // the helpers wait 1 ms after this one
	deadline := time.Now().Add(10 * time.Second)
	for s.live.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d helpers still alive 10 s after the last fan-out", s.live.Load())
		}
		time.Sleep(time.Millisecond)
	}
	s.mu.Lock()
	idle := len(s.idle)
	s.mu.Unlock()
	if idle != 0 {
		t.Fatalf("%d helpers left in the idle list after they exited", idle)
	}
}

// TestFanOutConcurrent runs fan-outs of one stash from several goroutines
// at once, as concurrent calls of one Encoder or Decoder do: every item of
// every fan-out runs once, with a state no other goroutine uses meanwhile
// (the race detector checks the states).
func TestFanOutConcurrent(t *testing.T) {
	s := &stash[*int]{keep: 4, fresh: func() *int { return new(int) }}
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range 200 {
				n := 1 + (g*7+r)%40
				runs := make([]atomic.Int32, n)
				ok := fanOut(s, new(int), 2+(g+r)%3, n, func(w *int, k int) bool {
					runs[k].Add(1)
					*w++
					return true
				})
				if !ok {
					t.Error("fanOut reported a failure")
					return
				}
				for k := range runs {
					if c := runs[k].Load(); c != 1 {
						t.Errorf("item %d of %d ran %d times", k, n, c)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
