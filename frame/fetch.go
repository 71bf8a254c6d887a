package frame

import (
	"io"
	"sort"
	"sync"
)

// Defaults of the block-level reads (see WithFetch).
const (
	DefaultCoalesceGap = 0 // ranges this close are read with one ReadAt (0: adjacent ones)
	DefaultFetchers    = 8 // ReadAt calls in flight at once
)

func (f *Frame) fetchSettings() (gap int64, n int) {
	if f.fetchers == 0 {
		return DefaultCoalesceGap, DefaultFetchers
	}
	return f.fetchGap, f.fetchers
}

// byteRange is [off, off+n) of a file.
type byteRange struct{ off, n int64 }

// rangeSet holds the bytes of some ranges of a file, read by fetchRanges,
// and serves ReadAt calls inside them (relative to base). A read outside
// every range is an error: it means the caller fetched too little, and
// returning anything else would give wrong bytes.
type rangeSet struct {
	base  int64
	parts []fetched
}

type fetched struct {
	off int64 // file offset
	b   []byte
}

// ReadAt reads at base+off.
func (s *rangeSet) ReadAt(p []byte, off int64) (int, error) {
	at := s.base + off
	k := sort.Search(len(s.parts), func(k int) bool { return s.parts[k].off+int64(len(s.parts[k].b)) > at })
	if k == len(s.parts) || s.parts[k].off > at || at+int64(len(p)) > s.parts[k].off+int64(len(s.parts[k].b)) {
		return 0, errNotFetched
	}
	return copy(p, s.parts[k].b[at-s.parts[k].off:]), nil
}

// fetchRanges reads the given ranges of the frame's file: ranges closer
// than the coalescing gap are merged into one read, and the reads run up
// to the fetchers setting at a time. The result serves ReadAt relative to
// base.
func (f *Frame) fetchRanges(rs []byteRange, base int64, where string) (*rangeSet, error) {
	gap, nf := f.fetchSettings()
	sort.Slice(rs, func(a, b int) bool { return rs[a].off < rs[b].off })
	var merged []byteRange
	for _, r := range rs {
		if r.n <= 0 {
			continue
		}
		if m := len(merged) - 1; m >= 0 && r.off <= merged[m].off+merged[m].n+gap {
			if end := r.off + r.n; end > merged[m].off+merged[m].n {
				merged[m].n = end - merged[m].off
			}
			continue
		}
		merged = append(merged, r)
	}
	s := &rangeSet{base: base, parts: make([]fetched, len(merged))}
	errs := make([]error, len(merged))
	read := func(k int) {
		r := merged[k]
		b := make([]byte, r.n)
		errs[k] = f.readAt(b, r.off, where)
		s.parts[k] = fetched{r.off, b}
	}
	if nf <= 1 || len(merged) == 1 {
		for k := range merged {
			if read(k); errs[k] != nil {
				return nil, errs[k]
			}
		}
		return s, nil
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, nf)
	for k := range merged {
		wg.Add(1)
		sem <- struct{}{}
		go func(k int) {
			defer func() { <-sem; wg.Done() }()
			read(k)
		}(k)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

var _ io.ReaderAt = (*rangeSet)(nil)
