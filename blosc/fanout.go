package blosc

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Encoder and Decoder spread the blocks of a chunk over goroutines the same
// way (fanOut), and keep the state of those goroutines, scratch buffers and
// codec state, the same way (stash).
//
// A chunk of 1 MiB is 2 to 16 blocks decoded in 0.1 to 0.5 ms, so what it
// costs to get a second core working on a chunk matters as much as the
// codecs. Starting a goroutine per chunk costs a wake-up of a sleeping OS
// thread per chunk (tens of microseconds on a virtual machine), and the Go
// scheduler waits a little before it lets another P steal a goroutine just
// started (it sits in the starting P's runnext slot). So helpers stay: a
// helper that has run its tasks waits, spinning politely (yielding its P
// to any goroutine that wants it), for the next fan-out of the same
// Encoder or Decoder for up to helperLinger, and only then exits; and the
// caller, once its own tasks are done, waits for the helpers by spinning
// for up to callerSpin before it blocks. While chunks follow each other,
// both cores stay awake and a fan-out costs two atomic stores.

// helperLinger is how long a helper waits for more work before it exits
// (stash.linger, if set, for tests); callerSpin is how long a caller spins
// for its helpers before it blocks.
const (
	helperLinger = 200 * time.Microsecond
	callerSpin   = 200 * time.Microsecond
)

// stash keeps the per-goroutine states of an Encoder or a Decoder between
// calls, and the helper goroutines waiting for work. Up to keep states stay
// in a free list as long as their owner is reachable: a garbage collection
// does not drop them, and any goroutine on any P gets them back, so a warm
// Encoder or Decoder stays warm. (A sync.Pool drops its items after two
// collections, and the item a goroutine puts back waits in its P's private
// slot, out of reach of a goroutine running on another P: a helper
// goroutine that starts on the other P then builds its codec state anew.)
// States beyond keep go to a sync.Pool.
type stash[W any] struct {
	mu    sync.Mutex
	free  []W
	keep  int
	pool  sync.Pool
	fresh func() W // makes a state when there is none to reuse

	idle    []*helper[W] // helpers waiting for work (under mu)
	jobs    []*fanJob[W] // fan-out records to reuse (under mu)
	live    atomic.Int32 // helper goroutines alive, for tests
	started atomic.Int32 // helper goroutines started, for tests
	linger  atomic.Int64 // helperLinger in nanoseconds, if set (tests)
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

// fanJob is one fan-out: the tasks [0, n) and who still runs them.
type fanJob[W any] struct {
	task func(w W, k int) bool
	n    int
	next atomic.Int64 // the next task to start
	stop atomic.Bool  // a task failed: start no more
	// left counts the helpers that have not finished with the job yet;
	// sleeping (set by the caller when it stops spinning and blocks on
	// wake) tells the helper that finishes last to send on wake.
	left atomic.Int32
	wake chan struct{}
}

const sleeping = 1 << 30 // in fanJob.left: the caller blocks on wake

// run runs tasks of j with state w until none is left or one fails.
func (j *fanJob[W]) run(w W) {
	for !j.stop.Load() {
		k := int(j.next.Add(1) - 1)
		if k >= j.n {
			return
		}
		if !j.task(w, k) {
			j.stop.Store(true)
			return
		}
	}
}

// done tells the caller that a helper has finished with j. The helper
// must not touch j afterwards.
func (j *fanJob[W]) done() {
	if j.left.Add(-1) == sleeping {
		j.wake <- struct{}{}
	}
}

// wait returns when every helper has finished with j.
func (j *fanJob[W]) wait() {
	if spinUntil(func() bool { return j.left.Load() == 0 }, callerSpin) {
		return
	}
	for {
		l := j.left.Load()
		if l == 0 {
			return
		}
		if j.left.CompareAndSwap(l, l|sleeping) {
			<-j.wake
			j.left.Store(0)
			return
		}
	}
}

// helper is a goroutine that runs the tasks of fan-outs handed to it and
// waits a while for the next one.
type helper[W any] struct {
	job atomic.Pointer[fanJob[W]]
}

// spinUntil calls cond until it returns true or for about d, yielding the
// P now and then so that other goroutines run; it returns cond's last
// result. With one P there is nothing to spin for: it asks cond once.
func spinUntil(cond func() bool, d time.Duration) bool {
	if cond() {
		return true
	}
	if runtime.GOMAXPROCS(0) == 1 {
		return false
	}
	start := time.Now()
	for i := 1; ; i++ {
		if cond() {
			return true
		}
		if i%64 == 0 {
			if time.Since(start) > d {
				return cond()
			}
			runtime.Gosched()
		}
	}
}

// work is a helper goroutine's life: run j, then wait for another job for
// up to helperLinger, then give its state back and exit.
func (s *stash[W]) work(h *helper[W], j *fanJob[W]) {
	defer s.live.Add(-1)
	w := s.get()
	for {
		j.run(w)
		j.done()
		s.mu.Lock()
		s.idle = append(s.idle, h)
		s.mu.Unlock()
		linger := helperLinger
		if ns := s.linger.Load(); ns > 0 {
			linger = time.Duration(ns)
		}
		if !spinUntil(func() bool { return h.job.Load() != nil }, linger) {
			// Leave, unless a caller took this helper meanwhile: then
			// its job is already set (fanOut sets it under mu).
			s.mu.Lock()
			i := slices.Index(s.idle, h)
			if i >= 0 {
				s.idle = slices.Delete(s.idle, i, i+1)
			}
			s.mu.Unlock()
			if i >= 0 {
				s.put(w)
				return
			}
		}
		j = h.job.Swap(nil)
	}
}

// fanOut calls task(w, k) for every k in [0, n) on nw goroutines: the
// caller, with its state own, and nw-1 helpers, each with a state of its
// own from s. Each goroutine takes the next k in increasing order until
// none is left or a task returns false, after which no task starts.
// fanOut returns, when every task started has returned, whether all
// returned true.
func fanOut[W any](s *stash[W], own W, nw, n int, task func(w W, k int) bool) bool {
	s.mu.Lock()
	var j *fanJob[W]
	if k := len(s.jobs); k > 0 {
		j = s.jobs[k-1]
		s.jobs[k-1] = nil
		s.jobs = s.jobs[:k-1]
	} else {
		j = &fanJob[W]{wake: make(chan struct{}, 1)}
	}
	j.task, j.n = task, n
	j.next.Store(0)
	j.stop.Store(false)
	j.left.Store(int32(nw - 1))
	// Hand the job to waiting helpers, start the others.
	start := nw - 1
	for start > 0 && len(s.idle) > 0 {
		h := s.idle[len(s.idle)-1]
		s.idle[len(s.idle)-1] = nil
		s.idle = s.idle[:len(s.idle)-1]
		h.job.Store(j)
		start--
	}
	s.mu.Unlock()
	for range start {
		s.live.Add(1)
		s.started.Add(1)
		h := new(helper[W])
		go func() { s.work(h, j) }()
	}
	if start > 0 {
		// Let a new helper start on this P while another P takes this
		// goroutine from the global queue: the scheduler hands a P a
		// goroutine just started on another P only after a pause.
		runtime.Gosched()
	}
	j.run(own)
	j.wait()
	ok := !j.stop.Load()
	j.task = nil
	s.mu.Lock()
	s.jobs = append(s.jobs, j)
	s.mu.Unlock()
	return ok
}

// fanPiece is the size of the pieces fanPieces cuts a range in: a multiple
// of the page size, large enough that a piece costs far more than taking it.
const fanPiece = 64 << 10

// fanPieces calls f(lo, hi) for consecutive pieces [lo, hi) of [0, n), of
// fanPiece bytes but the last, on up to nw goroutines (see fanOut): for
// copies and fills of large ranges, which one core does not do at the
// speed of two.
func fanPieces[W any](s *stash[W], own W, nw, n int, f func(lo, hi int)) {
	pieces := (n + fanPiece - 1) / fanPiece
	if nw > pieces {
		nw = pieces
	}
	if nw <= 1 {
		f(0, n)
		return
	}
	fanOut(s, own, nw, pieces, func(_ W, k int) bool {
		f(k*fanPiece, min((k+1)*fanPiece, n))
		return true
	})
}
