package viewer

import (
	"io"
	"sync"
)

// Page cache parameters: reads are rounded to 16 KiB pages and the last 256
// pages are kept, so the many small reads of opening a frame cost a few
// range requests, and a chunk header costs at most 16 KiB.
const (
	pageSize  = 16 << 10
	pageCount = 256
	// Reads of at least bigRead bytes go straight to the source.
	bigRead = 4 * pageSize
)

// CachedReaderAt reads its source in whole pages and keeps the most
// recently used ones. It is safe for concurrent use.
type CachedReaderAt struct {
	src  io.ReaderAt
	size int64

	mu    sync.Mutex
	pages map[int64]*page
	tick  uint64
	// Reads counts the reads made on the source.
	Reads int
}

type page struct {
	b    []byte
	used uint64
}

// NewCachedReaderAt caches src, which holds size bytes.
func NewCachedReaderAt(src io.ReaderAt, size int64) *CachedReaderAt {
	return &CachedReaderAt{src: src, size: size, pages: map[int64]*page{}}
}

// ReadAt implements io.ReaderAt.
func (c *CachedReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, io.ErrUnexpectedEOF
	}
	if off >= c.size {
		return 0, io.EOF
	}
	want := p
	if int64(len(want)) > c.size-off {
		want = want[:c.size-off]
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var n int
	var err error
	if len(want) >= bigRead {
		c.Reads++
		n, err = c.src.ReadAt(want, off)
		if n == len(want) {
			err = nil
		}
	} else {
		for n < len(want) && err == nil {
			var pg *page
			pg, err = c.page((off + int64(n)) / pageSize)
			if err != nil {
				break
			}
			start := int((off + int64(n)) % pageSize)
			if start >= len(pg.b) {
				err = io.ErrUnexpectedEOF
				break
			}
			n += copy(want[n:], pg.b[start:])
		}
	}
	if err == nil && n < len(p) {
		err = io.EOF
	}
	return n, err
}

// page returns page k, reading it if needed; c.mu is held.
func (c *CachedReaderAt) page(k int64) (*page, error) {
	c.tick++
	if pg, ok := c.pages[k]; ok {
		pg.used = c.tick
		return pg, nil
	}
	n := int64(pageSize)
	if rest := c.size - k*pageSize; rest < n {
		n = rest
	}
	b := make([]byte, n)
	c.Reads++
	got, err := c.src.ReadAt(b, k*pageSize)
	if got < len(b) {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if len(c.pages) >= pageCount {
		var oldest int64
		first := true
		for key, pg := range c.pages {
			if first || pg.used < c.pages[oldest].used {
				oldest, first = key, false
			}
		}
		delete(c.pages, oldest)
	}
	pg := &page{b: b, used: c.tick}
	c.pages[k] = pg
	return pg, nil
}
