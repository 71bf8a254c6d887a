package blosc

import (
	"sort"
	"sync"
)

// The block loop: which blocks hold the bytes asked for, DELTA's block 0,
// and the blocks decoded one after the other or on several goroutines.

// rangeJob is a decoding of the bytes [off, off+len(out)) of a chunk,
// shared by the goroutines that decode its blocks.
type rangeJob struct {
	d   *Decoder
	p   *plan
	out []byte
	off int
	ref []byte // decoded block 0, for DELTA
}

// decodeRange decodes the bytes [off, off+len(out)) of the chunk into out,
// using w (the caller's worker) and, for large ranges, other workers.
func (d *Decoder) decodeRange(w *worker, p *plan, out []byte, off int) error {
	n := len(out)
	if n == 0 {
		return nil
	}
	if p.special != SpecialNone || p.memcpyed {
		return d.decodeFlat(w, p, out, off)
	}
	first, last := p.blockAt(off), p.blockAt(off+n-1)
	job := &w.job
	*job = rangeJob{d: d, p: p, out: out, off: off}
	if p.delta {
		l0 := p.blockLen(0)
		if first == 0 && off == 0 && n >= l0 {
			// Block 0 is wanted whole: decode it in place.
			if err := w.decodeBlockTo(p, 0, out[:l0], nil); err != nil {
				return err
			}
			job.ref = out[:l0]
			first = 1
			if first > last {
				return nil
			}
		} else {
			job.ref = w.refBuf(l0)
			if err := w.decodeBlockTo(p, 0, job.ref, nil); err != nil {
				return err
			}
		}
	}
	nw := d.workersFor(n, last-first+1)
	if nw <= 1 {
		for j := first; j <= last; j++ {
			if err := job.run(w, j); err != nil {
				return err
			}
		}
		return nil
	}
	return d.parallel(nw, w, first, last+1, job)
}

// decodeFlat decodes the bytes [off, off+len(out)) of a special-value or
// memcpyed chunk: a fill or a copy, cut in pieces shared by the workers
// when the range is large (as C-Blosc2 gives such a chunk's blocks to its
// threads).
func (d *Decoder) decodeFlat(w *worker, p *plan, out []byte, off int) error {
	n := len(out)
	nw := 1
	if n >= flatParallelMin {
		nw = d.workersFor(n, (n+fanPiece-1)/fanPiece)
	}
	// One worker: no closure (it would be allocated).
	if p.special != SpecialNone {
		if nw <= 1 {
			fillSpecialRange(p, out, off)
			return nil
		}
		fanPieces(&d.states, w, nw, n, func(lo, hi int) {
			fillSpecialRange(p, out[lo:hi], off+lo)
		})
		return nil
	}
	if nw <= 1 || int64(p.hlen)+int64(off)+int64(n) > int64(p.h.Cbytes) {
		return p.readAt(out, p.hlen+off, "memcpyed data")
	}
	var mu sync.Mutex
	var firstErr error
	fanPieces(&d.states, w, nw, n, func(lo, hi int) {
		if err := p.readAt(out[lo:hi], p.hlen+off+lo, "memcpyed data"); err != nil {
			mu.Lock()
			if firstErr == nil {
				firstErr = err
			}
			mu.Unlock()
		}
	})
	return firstErr
}

// flatParallelMin is the smallest range of a special-value or memcpyed
// chunk filled or copied by more than one worker.
const flatParallelMin = 2 * fanPiece

// blockAt returns the block holding decoded byte off (off < nbytes).
func (p *plan) blockAt(off int) int {
	if p.vl {
		return sort.Search(p.nblocks, func(j int) bool { return p.vlOff[j]+p.vlLen[j] > off })
	}
	return off / p.blocksize
}

// run decodes the part of block j that the job wants, with worker w.
func (job *rangeJob) run(w *worker, j int) error {
	p, off, n := job.p, job.off, len(job.out)
	bo, bl := p.blockOff(j), p.blockLen(j)
	lo, hi := max(off, bo), min(off+n, bo+bl)
	if lo == bo && hi == bo+bl {
		return w.decodeBlockTo(p, j, job.out[bo-off:bo-off+bl], job.ref)
	}
	if j == 0 && job.ref != nil {
		copy(job.out[lo-off:hi-off], job.ref[lo-bo:hi-bo])
		return nil
	}
	tmp := w.buf(2, bl)
	if err := w.decodeBlockTo(p, j, tmp, job.ref); err != nil {
		return err
	}
	copy(job.out[lo-off:hi-off], tmp[lo-bo:hi-bo])
	return nil
}

// decodeBlockTo decodes block j into out, which has the block's length.
func (w *worker) decodeBlockTo(p *plan, j int, out, ref []byte) error {
	cdata, base, err := w.blockBytes(p, j)
	if err != nil {
		return err
	}
	return w.decodeBlock(p, j, out, ref, cdata, base)
}

// workersFor returns how many goroutines to use for nblocks blocks making
// nbytes decoded bytes.
func (d *Decoder) workersFor(nbytes, nblocks int) int {
	if d.workers <= 1 || nblocks <= 1 || nbytes < d.minPar {
		return 1
	}
	if nblocks < d.workers {
		return nblocks
	}
	return d.workers
}

// parallel decodes the blocks [first, end) of the job on nw goroutines, w
// (the caller's worker) included, and returns the first error.
func (d *Decoder) parallel(nw int, w *worker, first, end int, job *rangeJob) error {
	var mu sync.Mutex
	var firstErr error
	fanOut(&d.states, w, nw, end-first, func(w *worker, k int) bool {
		err := job.run(w, first+k)
		if err != nil {
			mu.Lock()
			if firstErr == nil {
				firstErr = err
			}
			mu.Unlock()
		}
		return err == nil
	})
	return firstErr
}
