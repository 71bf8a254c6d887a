package frame

import (
	"sync"
	"sync/atomic"

	"github.com/blosc2go/blosc2/blosc"
)

// batchBytes bounds the stored bytes fetched at once when chunks are read
// and decoded one batch after the other; pipeBatchBytes when a goroutine
// reads batches while workers decode the chunks of earlier ones
// (SetWorkers > 1).
const batchBytes = 16 << 20

var pipeBatchBytes int64 = 4 << 20 // a variable for tests

// maxPooledScratch bounds the read buffers kept for reuse.
const maxPooledScratch = 2 * batchBytes

var scratchPool sync.Pool // *[]byte: read buffers of batches

func getScratch() *[]byte {
	if b, ok := scratchPool.Get().(*[]byte); ok {
		return b
	}
	return new([]byte)
}

func putScratch(b *[]byte) {
	if b != nil && cap(*b) <= maxPooledScratch {
		scratchPool.Put(b)
	}
}

func (f *Frame) storedBound(i int) int64 {
	if f.offsets[i] < 0 || f.extents == nil {
		return 0
	}
	return f.extents[i]
}

// batches splits idx into runs of chunks whose stored bytes stay under
// limit (a run holds at least one chunk): [k, e) positions in idx.
func (f *Frame) batches(idx []int, limit int64) [][2]int {
	var out [][2]int
	for k := 0; k < len(idx); {
		e, tot := k, int64(0)
		for e < len(idx) && (e == k || tot+f.storedBound(idx[e]) <= limit) {
			tot += f.storedBound(idx[e])
			e++
		}
		out = append(out, [2]int{k, e})
		k = e
	}
	return out
}

// chunkFunc handles chunk idx[j] given its stored bytes (nil for a
// special chunk, not to be kept) and the decoder to use.
type chunkFunc func(j int, raw []byte, d *blosc.Decoder) error

// eachChunk fetches the chunks listed in idx, a batch at a time (chunks
// adjacent in the file read with one ReadAt), and calls fn for each. With
// one worker, or too few chunks to share (see chunkParallel), it goes in
// order and stops at the first error. Otherwise this goroutine reads batch
// after batch while the workers call fn for the chunks already read,
// concurrently and in no fixed order, so fn must write only its own
// chunk's part of shared state; the error returned is then that of the
// lowest j that failed, as in order.
func (f *Frame) eachChunk(idx []int, fn chunkFunc) error {
	nw := f.Workers()
	if !f.chunkParallel(len(idx)) {
		d := f.blockDecoder()
		sc := getScratch()
		defer putScratch(sc)
		for _, b := range f.batches(idx, batchBytes) {
			raws := make([][]byte, b[1]-b[0])
			if err := f.fetchInto(idx[b[0]:b[1]], raws, sc); err != nil {
				return err
			}
			for j, raw := range raws {
				if err := fn(b[0]+j, raw, d); err != nil {
					return err
				}
			}
		}
		return nil
	}

	type batch struct {
		sc   *[]byte
		left atomic.Int32 // chunks not yet handled; the last one frees sc
	}
	type job struct {
		j   int
		raw []byte
		b   *batch
	}
	var (
		mu       sync.Mutex
		firstErr error
		errAt    atomic.Int64 // lowest j that failed (len(idx): none)
	)
	errAt.Store(int64(len(idx)))
	fail := func(j int, err error) {
		mu.Lock()
		if int64(j) < errAt.Load() {
			errAt.Store(int64(j))
			firstErr = err
		}
		mu.Unlock()
	}
	d := f.chunkDecoder()
	jobs := make(chan job, 2*nw)
	var wg sync.WaitGroup
	wg.Add(nw)
	for w := 0; w < nw; w++ {
		go func() {
			defer wg.Done()
			for jb := range jobs {
				// After a failure only chunks before it still matter.
				if int64(jb.j) < errAt.Load() {
					if err := fn(jb.j, jb.raw, d); err != nil {
						fail(jb.j, err)
					}
				}
				if jb.b.left.Add(-1) == 0 {
					putScratch(jb.b.sc)
				}
			}
		}()
	}
	for _, bk := range f.batches(idx, pipeBatchBytes) {
		if int64(bk[0]) >= errAt.Load() {
			break
		}
		b := &batch{sc: getScratch()}
		raws := make([][]byte, bk[1]-bk[0])
		if err := f.fetchInto(idx[bk[0]:bk[1]], raws, b.sc); err != nil {
			putScratch(b.sc)
			fail(bk[0], err)
			break
		}
		b.left.Store(int32(len(raws)))
		for j, raw := range raws {
			jobs <- job{bk[0] + j, raw, b}
		}
	}
	close(jobs)
	wg.Wait()
	return firstErr
}
