package blosc

import (
	"io"
	"runtime"
	"sync"
)

// Decoder decodes chunks. It is safe for concurrent use by many goroutines
// and reuses its scratch buffers and codec state between calls.
type Decoder struct {
	workers int
	maxSize int
	minPar  int
	codecs  codecs
	states  stash[*worker] // fanout.go
}

// NewDecoder returns a Decoder configured by opts (decoder_options.go).
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
	// Keep the workers of one call at full width, or of one call per P.
	d.states.keep = max(d.workers, runtime.GOMAXPROCS(0))
	d.states.fresh = func() *worker { return &worker{codecs: &d.codecs} }
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

// DecompressRange decodes bytes [off, off+n) of the chunk src with the
// default Decoder; see Decoder.DecompressRange.
func DecompressRange(dst, src []byte, off, n int) ([]byte, error) {
	return getDefault().DecompressRange(dst, src, off, n)
}

// DecompressItems decodes items [start, start+n) of the chunk src with the
// default Decoder; see Decoder.DecompressItems.
func DecompressItems(dst, src []byte, start, n int) ([]byte, error) {
	return getDefault().DecompressItems(dst, src, start, n)
}

// Decompress decodes the chunk src, appends the decoded bytes to dst and
// returns the extended slice. On error dst is returned unchanged.
func (d *Decoder) Decompress(dst, src []byte) ([]byte, error) {
	return d.decode(dst, false, src, false, nil, selection{})
}

// DecompressInto decodes the chunk src into dst[:nbytes] and returns nbytes.
// dst shorter than nbytes gives ErrShortBuffer.
func (d *Decoder) DecompressInto(dst, src []byte) (int, error) {
	out, err := d.decode(dst, true, src, false, nil, selection{})
	if err != nil {
		return 0, err
	}
	return len(out), nil
}

// DecompressRange decodes the bytes [off, off+n) of the chunk src, appends
// them to dst and returns the extended slice. Only the blocks holding those
// bytes are decoded (and block 0 when the chunk uses DELTA).
func (d *Decoder) DecompressRange(dst, src []byte, off, n int) ([]byte, error) {
	return d.decode(dst, false, src, false, nil, selection{unit: selBytes, start: off, n: n})
}

// DecompressItems decodes the items [start, start+n) of the chunk src (an
// item is Typesize bytes, the typesize of the header), appends them to dst
// and returns the extended slice.
func (d *Decoder) DecompressItems(dst, src []byte, start, n int) ([]byte, error) {
	return d.decode(dst, false, src, false, nil, selection{unit: selItems, start: start, n: n})
}

// GetItems decodes the items [start, start+n) of the chunk src into dst,
// like C-Blosc2's blosc2_getitem, and returns the number of bytes written.
// dst shorter than n items gives ErrShortBuffer.
func (d *Decoder) GetItems(dst, src []byte, start, n int) (int, error) {
	out, err := d.decode(dst, true, src, false, nil, selection{unit: selItems, start: start, n: n})
	if err != nil {
		return 0, err
	}
	return len(out), nil
}

// DecompressBlock decodes block nblock of the chunk src (a fixed-size or a
// variable-length block), appends its bytes to dst and returns the extended
// slice, like C-Blosc2's blosc2_decompress_block_ctx and
// blosc2_vldecompress_block_ctx. Special-value chunks have one block.
func (d *Decoder) DecompressBlock(dst, src []byte, nblock int) ([]byte, error) {
	return d.decode(dst, false, src, false, nil, selection{unit: selBlock, start: nblock})
}

// DecompressLazy decodes a lazy chunk, reading the bytes of its blocks (and
// of its dictionary) with r, appends them to dst and returns the extended
// slice. r reads the complete chunk: offset 0 is the first byte of its
// header (for a chunk in a frame, an io.SectionReader starting at the chunk).
// Parallel ReadAt calls are made when blocks are decoded in parallel. A
// complete chunk is decoded directly, without r.
func (d *Decoder) DecompressLazy(dst, lazy []byte, r io.ReaderAt) ([]byte, error) {
	return d.decode(dst, false, lazy, true, r, selection{})
}

// DecompressLazyRange is DecompressRange for a lazy chunk: it reads only the
// blocks holding the bytes [off, off+n) (and block 0 for DELTA).
func (d *Decoder) DecompressLazyRange(dst, lazy []byte, r io.ReaderAt, off, n int) ([]byte, error) {
	return d.decode(dst, false, lazy, true, r, selection{unit: selBytes, start: off, n: n})
}

// selection is the part of a chunk an entry point asks for.
type selection struct {
	unit     uint8 // selAll, selBytes, selItems or selBlock
	start, n int   // for selBlock: the block in start
}

const (
	selAll   = iota // the whole chunk
	selBytes        // bytes [start, start+n)
	selItems        // items [start, start+n) of Typesize bytes
	selBlock        // block start
)

// bytes returns the byte range [off, off+n) of the chunk planned in p that
// s selects, checking that it lies in the chunk.
func (s selection) bytes(p *plan) (off, n int, err error) {
	switch s.unit {
	case selBytes:
		if s.start < 0 || s.n < 0 || s.start > p.nbytes || s.n > p.nbytes-s.start {
			return 0, 0, rangeError(int64(s.start), int64(s.n), int64(p.nbytes), "bytes")
		}
		return s.start, s.n, nil
	case selItems:
		ts, nb := int64(p.typesize), int64(p.nbytes)
		start, cnt := int64(s.start), int64(s.n)
		if start < 0 || cnt < 0 || start > nb || cnt > nb || (start+cnt)*ts > nb {
			return 0, 0, rangeError(start, cnt, nb/ts, "items")
		}
		return int(start * ts), int(cnt * ts), nil
	case selBlock:
		if s.start < 0 || s.start >= p.nblocks {
			return 0, 0, rangeError(int64(s.start), 1, int64(p.nblocks), "blocks")
		}
		return p.blockOff(s.start), p.blockLen(s.start), nil
	}
	return 0, p.nbytes, nil
}

// decode is the one decoding path of every entry point: the plan of the
// chunk (decode_plan.go, its bytes in memory or read through an io.ReaderAt:
// decode_source.go), then the block loop (decode_loop.go) over the blocks
// holding the bytes asked for, each block decoded by decode_block.go (its
// streams with decode_codecs.go, then its filters with decode_filters.go).
//
// It plans the chunk src (lazy: a lazy chunk is accepted, its block bytes
// read with r), picks the bytes sel asks for and decodes them: appended to
// dst, or with into written to dst[:n] (ErrShortBuffer when dst is
// shorter), and returns the extended dst or dst[:n]. On error it returns
// dst unchanged.
func (d *Decoder) decode(dst []byte, into bool, src []byte, lazy bool, r io.ReaderAt, sel selection) ([]byte, error) {
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := makePlan(p, src, d.maxSize, lazy, r); err != nil {
		return dst, err
	}
	off, n, err := sel.bytes(p)
	if err != nil {
		return dst, err
	}
	var out, tail []byte
	if into {
		if len(dst) < n {
			return dst, shortBuffer(len(dst), n)
		}
		out, tail = dst[:n], dst[:n]
	} else {
		out, tail = grow(dst, n)
	}
	if err := d.decodeRange(w, p, tail, off); err != nil {
		return dst, err
	}
	return out, nil
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

func (d *Decoder) getWorker() *worker { return d.states.get() }

func (d *Decoder) putWorker(w *worker) {
	w.plan = plan{} // drop references to the caller's buffers
	w.job = rangeJob{}
	d.states.put(w)
}
