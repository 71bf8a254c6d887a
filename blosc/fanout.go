package blosc

import (
	"sync"
	"sync/atomic"
)

// Encoder and Decoder spread the blocks of a chunk over goroutines the same
// way (fanOut), and keep the state of those goroutines, scratch buffers and
// codec state, the same way (stash).

// stash keeps the per-goroutine states of an Encoder or a Decoder between
// calls. Up to keep states stay in a free list as long as their owner is
// reachable: a garbage collection does not drop them, and any goroutine on
// any P gets them back, so a warm Encoder or Decoder stays warm. (A
// sync.Pool drops its items after two collections, and the item a
// goroutine puts back waits in its P's private slot, out of reach of a
// goroutine running on another P: a helper goroutine that starts on the
// other P then builds its codec state anew.) States beyond keep go to a
// sync.Pool.
type stash[W any] struct {
	mu    sync.Mutex
	free  []W
	keep  int
	pool  sync.Pool
	fresh func() W // makes a state when there is none to reuse
}

// get returns a state: the one put back last, else a new one.
func (s *stash[W]) get() W {
	s.mu.Lock()
	if n := len(s.free); n > 0 {
		w := s.free[n-1]
		var zero W
		s.free[n-1] = zero
		s.free = s.free[:n-1]
		s.mu.Unlock()
		return w
	}
	s.mu.Unlock()
	if w, ok := s.pool.Get().(W); ok {
		return w
	}
	return s.fresh()
}

// put gives back a state that get returned.
func (s *stash[W]) put(w W) {
	s.mu.Lock()
	if len(s.free) < s.keep {
		s.free = append(s.free, w)
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.pool.Put(w)
}

// fanOut calls task(w, k) for every k in [0, n) on nw goroutines: the
// caller, with its state own, and nw-1 helpers, each with a state from s
// given back after. Each goroutine takes the next k in increasing order
// until none is left or a task returns false, after which no task starts.
// fanOut returns, when every task started has returned, whether all
// returned true.
func fanOut[W any](s *stash[W], own W, nw, n int, task func(w W, k int) bool) bool {
	var next atomic.Int64
	var stop atomic.Bool
	run := func(w W) {
		for !stop.Load() {
			k := int(next.Add(1) - 1)
			if k >= n {
				return
			}
			if !task(w, k) {
				stop.Store(true)
				return
			}
		}
	}
	var wg sync.WaitGroup
	wg.Add(nw - 1)
	for i := 1; i < nw; i++ {
		go func() {
			defer wg.Done()
			w := s.get()
			run(w)
			s.put(w)
		}()
	}
	run(own)
	wg.Wait()
	return !stop.Load()
}
