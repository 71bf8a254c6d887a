// Package rangecache keeps the bytes read from a slow io.ReaderAt (an
// HTTP resource, an object store) so that repeated and overlapping reads
// do not fetch them again.
//
// A Cache is an io.ReaderAt in front of another one. It keeps the ranges
// read through it, exactly as read (no rounding to pages, so it never
// fetches a byte more than asked), up to a budget in bytes, dropping the
// least recently used ranges first. A read fetches only the parts of its
// range that no kept range holds. Several goroutines may share a Cache:
// concurrent reads of the same missing bytes fetch them once.
//
//	ra, _ := httpra.Open(ctx, url)
//	c := rangecache.New(ra, 64<<20)
//	f, _ := frame.Open(c, ra.Size())
package rangecache

import (
	"container/list"
	"io"
	"sort"
	"sync"
)

// Cache is a bounded cache of byte ranges read from an io.ReaderAt. It is
// safe for concurrent use.
type Cache struct {
	r   io.ReaderAt
	max int64

	mu      sync.Mutex
	spans   []*span    // kept ranges, sorted by offset, not overlapping
	lru     *list.List // of *span, most recently used first
	size    int64      // bytes kept
	pending map[int64]*fetch
	hits    int64
	misses  int64
	fetched int64
}

type span struct {
	off int64
	b   []byte
	el  *list.Element
}

func (s *span) end() int64 { return s.off + int64(len(s.b)) }

// fetch is a read of a missing range in flight, waited for by others
// needing the same bytes.
type fetch struct {
	off, n int64
	done   chan struct{}
	b      []byte
	err    error
}

// New returns a Cache reading from r that keeps up to maxBytes bytes.
func New(r io.ReaderAt, maxBytes int64) *Cache {
	return &Cache{r: r, max: maxBytes, lru: list.New(), pending: make(map[int64]*fetch)}
}

// Stats returns the reads served without fetching anything, the reads
// that fetched something, and the bytes fetched.
func (c *Cache) Stats() (hits, misses, fetched int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses, c.fetched
}

// Size returns the bytes kept.
func (c *Cache) Size() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}

// ReadAt reads len(p) bytes at off, from the kept ranges where they hold
// the bytes and from the underlying reader for the rest.
func (c *Cache) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return c.r.ReadAt(p, off) // the underlying reader's error
	}
	end := off + int64(len(p))
	missed := false
	for attempt := 0; ; attempt++ {
		if attempt == 4 {
			// Kept ranges keep being dropped under us: read directly.
			return c.r.ReadAt(p, off)
		}
		c.mu.Lock()
		gaps := c.copyKept(p, off, end)
		if len(gaps) == 0 {
			if !missed {
				c.hits++
			}
			c.mu.Unlock()
			return len(p), nil
		}
		if !missed {
			c.misses++
			missed = true
		}
		// Fetch each gap (or wait for a fetch of it in flight), then look
		// again: what was fetched may already be dropped, or cover more.
		var waits []*fetch
		var mine []*fetch
		for _, g := range gaps {
			if f := c.pending[g[0]]; f != nil && f.n >= g[1]-g[0] {
				waits = append(waits, f)
				continue
			}
			f := &fetch{off: g[0], n: g[1] - g[0], done: make(chan struct{})}
			c.pending[g[0]] = f
			mine = append(mine, f)
		}
		c.mu.Unlock()
		for _, f := range mine {
			f.b = make([]byte, f.n)
			n, err := c.r.ReadAt(f.b, f.off)
			if err == io.EOF && int64(n) == f.n {
				err = nil
			}
			f.b, f.err = f.b[:n], err
			c.mu.Lock()
			delete(c.pending, f.off)
			c.fetched += int64(n)
			if n > 0 {
				c.keep(f.off, f.b[:n])
			}
			c.mu.Unlock()
			close(f.done)
		}
		for _, f := range waits {
			<-f.done
		}
		// Serve the rest from what was fetched, even if it cannot be kept.
		all := append(mine, waits...)
		done := true
		c.mu.Lock()
		gaps = c.copyKept(p, off, end)
		c.mu.Unlock()
		for _, g := range gaps {
			if !fill(p, off, g, all) {
				done = false
				break
			}
		}
		if done {
			return len(p), nil
		}
		for _, f := range all {
			if f.err != nil {
				// Short data: report what is there up to the first gap.
				n := int64(0)
				if len(gaps) > 0 {
					n = gaps[0][0] - off
				}
				return int(n), f.err
			}
		}
	}
}

// fill copies the bytes of gap [g0, g1) from fetches that hold them.
func fill(p []byte, off int64, g [2]int64, fs []*fetch) bool {
	for _, f := range fs {
		if f.off <= g[0] && f.off+int64(len(f.b)) >= g[1] {
			copy(p[g[0]-off:g[1]-off], f.b[g[0]-f.off:])
			return true
		}
	}
	return false
}

// copyKept copies into p the bytes of [off, end) that kept ranges hold and
// returns the missing parts. c.mu is held.
func (c *Cache) copyKept(p []byte, off, end int64) [][2]int64 {
	var gaps [][2]int64
	at := off
	k := sort.Search(len(c.spans), func(k int) bool { return c.spans[k].end() > off })
	for ; k < len(c.spans) && at < end; k++ {
		s := c.spans[k]
		if s.off >= end {
			break
		}
		if s.off > at {
			gaps = append(gaps, [2]int64{at, s.off})
			at = s.off
		}
		e := s.end()
		if e > end {
			e = end
		}
		copy(p[at-off:e-off], s.b[at-s.off:])
		c.lru.MoveToFront(s.el)
		at = e
	}
	if at < end {
		gaps = append(gaps, [2]int64{at, end})
	}
	return gaps
}

// keep adds the parts of [off, off+len(b)) that no kept range holds, then
// drops least recently used ranges beyond the budget. c.mu is held.
func (c *Cache) keep(off int64, b []byte) {
	if int64(len(b)) > c.max {
		return
	}
	end := off + int64(len(b))
	at := off
	k := sort.Search(len(c.spans), func(k int) bool { return c.spans[k].end() > off })
	var add []*span
	for ; k < len(c.spans) && at < end; k++ {
		s := c.spans[k]
		if s.off >= end {
			break
		}
		if s.off > at {
			add = append(add, &span{off: at, b: b[at-off : s.off-off : s.off-off]})
		}
		if s.end() > at {
			at = s.end()
		}
	}
	if at < end {
		add = append(add, &span{off: at, b: b[at-off:]})
	}
	for _, s := range add {
		s.el = c.lru.PushFront(s)
		c.size += int64(len(s.b))
		i := sort.Search(len(c.spans), func(i int) bool { return c.spans[i].off > s.off })
		c.spans = append(c.spans, nil)
		copy(c.spans[i+1:], c.spans[i:])
		c.spans[i] = s
	}
	for c.size > c.max {
		el := c.lru.Back()
		s := el.Value.(*span)
		c.lru.Remove(el)
		c.size -= int64(len(s.b))
		i := sort.Search(len(c.spans), func(i int) bool { return c.spans[i].off >= s.off })
		c.spans = append(c.spans[:i], c.spans[i+1:]...)
	}
}
