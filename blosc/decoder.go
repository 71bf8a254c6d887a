package blosc

import (
	"errors"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// DefaultMaxDecodedSize is the default limit on the decoded size of a chunk:
// the largest size the format can describe.
const DefaultMaxDecodedSize = MaxNbytes

// parallelMinBytes is the decoded size from which a Decoder with more than
// one worker decodes the blocks of a chunk in parallel by default.
const parallelMinBytes = 256 << 10

// Decoder decodes chunks. It is safe for concurrent use by many goroutines
// and reuses its scratch buffers and codec state between calls.
type Decoder struct {
	workers int
	maxSize int
	minPar  int
	codecs  codecs
	pool    sync.Pool // *worker
}

// DecoderOption configures a Decoder.
type DecoderOption func(*Decoder) error

// WithWorkers sets how many goroutines decode the blocks of one chunk
// (n >= 1). The default is runtime.GOMAXPROCS(0) for chunks of 256 KiB and
// more and 1 for smaller ones; with an explicit n every chunk with more than
// one block uses up to n goroutines.
func WithWorkers(n int) DecoderOption {
	return func(d *Decoder) error {
		if n < 1 {
			return errors.New("blosc: WithWorkers: n must be at least 1")
		}
		d.workers = n
		d.minPar = 0
		return nil
	}
}

// WithMaxDecodedSize sets the largest decoded size (nbytes) a chunk may
// have; larger chunks give ErrTooLarge before anything is allocated. The
// default is DefaultMaxDecodedSize.
func WithMaxDecodedSize(n int) DecoderOption {
	return func(d *Decoder) error {
		if n < 0 {
			return errors.New("blosc: WithMaxDecodedSize: negative size")
		}
		if n > DefaultMaxDecodedSize {
			n = DefaultMaxDecodedSize
		}
		d.maxSize = n
		return nil
	}
}

// NewDecoder returns a Decoder configured by opts.
func NewDecoder(opts ...DecoderOption) (*Decoder, error) {
	d := &Decoder{
		workers: runtime.GOMAXPROCS(0),
		maxSize: DefaultMaxDecodedSize,
		minPar:  parallelMinBytes,
	}
	for _, o := range opts {
		if err := o(d); err != nil {
			return nil, err
		}
	}
	d.codecs.concurrency = d.workers
	if n := runtime.GOMAXPROCS(0); d.codecs.concurrency < n {
		d.codecs.concurrency = n
	}
	return d, nil
}

var (
	defaultOnce    sync.Once
	defaultDecoder *Decoder
)

func getDefault() *Decoder {
	defaultOnce.Do(func() {
		defaultDecoder, _ = NewDecoder()
	})
	return defaultDecoder
}

// Decompress decodes the chunk src, appends the decoded bytes to dst and
// returns the extended slice. It uses a shared default Decoder.
func Decompress(dst, src []byte) ([]byte, error) { return getDefault().Decompress(dst, src) }

// DecompressInto decodes the chunk src into dst, which must be at least
// nbytes long, and returns nbytes. It uses a shared default Decoder.
func DecompressInto(dst, src []byte) (int, error) { return getDefault().DecompressInto(dst, src) }

func (d *Decoder) getWorker() *worker {
	if w, ok := d.pool.Get().(*worker); ok {
		return w
	}
	return &worker{codecs: &d.codecs}
}

func (d *Decoder) putWorker(w *worker) {
	w.plan = plan{} // drop references to the caller's buffers
	w.job = rangeJob{}
	d.pool.Put(w)
}

// grow returns dst extended by n bytes and the extension.
func grow(dst []byte, n int) ([]byte, []byte) {
	l := len(dst)
	if cap(dst)-l < n {
		nd := make([]byte, l, l+n)
		copy(nd, dst)
		dst = nd
	}
	dst = dst[:l+n]
	return dst, dst[l:]
}

// Decompress decodes the chunk src, appends the decoded bytes to dst and
// returns the extended slice. On error dst is returned unchanged.
func (d *Decoder) Decompress(dst, src []byte) ([]byte, error) {
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := makePlan(p, src, d.maxSize, false); err != nil {
		return dst, err
	}
	out, tail := grow(dst, p.nbytes)
	if err := d.decodeRange(w, p, tail, 0); err != nil {
		return dst, err
	}
	return out, nil
}

// DecompressInto decodes the chunk src into dst[:nbytes] and returns nbytes.
// dst shorter than nbytes gives ErrShortBuffer.
func (d *Decoder) DecompressInto(dst, src []byte) (int, error) {
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := makePlan(p, src, d.maxSize, false); err != nil {
		return 0, err
	}
	if len(dst) < p.nbytes {
		return 0, shortBuffer(len(dst), p.nbytes)
	}
	if err := d.decodeRange(w, p, dst[:p.nbytes], 0); err != nil {
		return 0, err
	}
	return p.nbytes, nil
}

func shortBuffer(have, need int) error {
	return &shortBufferError{have: have, need: need}
}

type shortBufferError struct{ have, need int }

func (e *shortBufferError) Error() string {
	return "blosc: destination buffer too short: " + strconv.Itoa(e.have) + " bytes, need " + strconv.Itoa(e.need)
}

func (e *shortBufferError) Unwrap() error { return ErrShortBuffer }

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

// parallel runs job for the blocks [first, end) on nw goroutines, w (the
// caller's worker) included, and returns the first error.
func (d *Decoder) parallel(nw int, w *worker, first, end int, job *rangeJob) error {
	var next atomic.Int64
	next.Store(int64(first))
	var failed atomic.Bool
	var mu sync.Mutex
	var firstErr error
	run := func(w *worker) {
		for !failed.Load() {
			j := int(next.Add(1) - 1)
			if j >= end {
				return
			}
			if err := job.run(w, j); err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				failed.Store(true)
				return
			}
		}
	}
	var wg sync.WaitGroup
	for i := 1; i < nw; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ow := d.getWorker()
			run(ow)
			d.putWorker(ow)
		}()
	}
	run(w)
	wg.Wait()
	return firstErr
}
