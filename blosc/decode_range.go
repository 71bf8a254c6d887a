package blosc

import (
	"sort"
	"strconv"
)

// DecompressRange decodes the bytes [off, off+n) of the chunk src, appends
// them to dst and returns the extended slice. Only the blocks holding those
// bytes are decoded (and block 0 when the chunk uses DELTA).
func (d *Decoder) DecompressRange(dst, src []byte, off, n int) ([]byte, error) {
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := makePlan(p, src, d.maxSize, false); err != nil {
		return dst, err
	}
	if err := checkRange(p, off, n); err != nil {
		return dst, err
	}
	out, tail := grow(dst, n)
	if err := d.decodeRange(w, p, tail, off); err != nil {
		return dst, err
	}
	return out, nil
}

// DecompressItems decodes the items [start, start+n) of the chunk src (an
// item is Typesize bytes, the typesize of the header), appends them to dst
// and returns the extended slice.
func (d *Decoder) DecompressItems(dst, src []byte, start, n int) ([]byte, error) {
	h, err := ReadHeader(src)
	if err != nil {
		return dst, err
	}
	off, size, err := itemRange(&h, start, n)
	if err != nil {
		return dst, err
	}
	return d.DecompressRange(dst, src, off, size)
}

// GetItems decodes the items [start, start+n) of the chunk src into dst,
// like C-Blosc2's blosc2_getitem, and returns the number of bytes written.
// dst shorter than n items gives ErrShortBuffer.
func (d *Decoder) GetItems(dst, src []byte, start, n int) (int, error) {
	h, err := ReadHeader(src)
	if err != nil {
		return 0, err
	}
	off, size, err := itemRange(&h, start, n)
	if err != nil {
		return 0, err
	}
	if len(dst) < size {
		return 0, shortBuffer(len(dst), size)
	}
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := makePlan(p, src, d.maxSize, false); err != nil {
		return 0, err
	}
	if err := checkRange(p, off, size); err != nil {
		return 0, err
	}
	if err := d.decodeRange(w, p, dst[:size], off); err != nil {
		return 0, err
	}
	return size, nil
}

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

// itemRange converts an item range to a byte range, checking for overflow.
func itemRange(h *Header, start, n int) (int, int, error) {
	ts := int64(h.Typesize)
	if start < 0 || n < 0 || int64(start) > int64(h.Nbytes) || int64(n) > int64(h.Nbytes) {
		return 0, 0, rangeError(int64(start), int64(n), int64(h.Nbytes)/ts, "items")
	}
	off, size := int64(start)*ts, int64(n)*ts
	if off+size > int64(h.Nbytes) {
		return 0, 0, rangeError(int64(start), int64(n), int64(h.Nbytes)/ts, "items")
	}
	return int(off), int(size), nil
}

// checkRange checks that [off, off+n) lies in the decoded chunk.
func checkRange(p *plan, off, n int) error {
	if off < 0 || n < 0 || off > p.nbytes || n > p.nbytes-off {
		return rangeError(int64(off), int64(n), int64(p.nbytes), "bytes")
	}
	return nil
}

// RangeError reports a requested range outside the decoded chunk.
type RangeError struct {
	Start, N, Len int64
	Unit          string // "bytes", "items" or "blocks"
}

// Error describes the range and the chunk.
func (e *RangeError) Error() string {
	return "blosc: range [" + strconv.FormatInt(e.Start, 10) + ", +" + strconv.FormatInt(e.N, 10) + ") " +
		e.Unit + " outside a chunk of " + strconv.FormatInt(e.Len, 10) + " " + e.Unit
}

func rangeError(start, n, length int64, unit string) error {
	return &RangeError{Start: start, N: n, Len: length, Unit: unit}
}

// blockAt returns the block holding decoded byte off (off < nbytes).
func (p *plan) blockAt(off int) int {
	if p.vl {
		return sort.Search(p.nblocks, func(j int) bool { return p.vlOff[j]+p.vlLen[j] > off })
	}
	return off / p.blocksize
}

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
	if p.special != SpecialNone {
		fillSpecialRange(p, out, off)
		return nil
	}
	if p.memcpyed && !p.lazy {
		copy(out, p.src[p.hlen+off:])
		return nil
	}
	first, last := p.blockAt(off), p.blockAt(off+n-1)
	job := &w.job
	*job = rangeJob{d: d, p: p, out: out, off: off}
	if p.delta && !p.memcpyed {
		l0 := p.blockLen(0)
		if first == 0 && off == 0 && n >= l0 {
			// Block 0 is wanted whole: decode it in place.
			if err := d.decodeBlockTo(w, p, 0, out[:l0], nil); err != nil {
				return err
			}
			job.ref = out[:l0]
			first = 1
			if first > last {
				return nil
			}
		} else {
			job.ref = w.refBuf(l0)
			if err := d.decodeBlockTo(w, p, 0, job.ref, nil); err != nil {
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

// run decodes the part of block j that the job wants, with worker w.
func (job *rangeJob) run(w *worker, j int) error {
	p, off, n := job.p, job.off, len(job.out)
	bo, bl := p.blockOff(j), p.blockLen(j)
	lo, hi := max(off, bo), min(off+n, bo+bl)
	if lo == bo && hi == bo+bl {
		return job.d.decodeBlockTo(w, p, j, job.out[bo-off:bo-off+bl], job.ref)
	}
	if j == 0 && job.ref != nil {
		copy(job.out[lo-off:hi-off], job.ref[lo-bo:hi-bo])
		return nil
	}
	tmp := w.buf(2, bl)
	if err := job.d.decodeBlockTo(w, p, j, tmp, job.ref); err != nil {
		return err
	}
	copy(job.out[lo-off:hi-off], tmp[lo-bo:hi-bo])
	return nil
}

// decodeBlockTo decodes block j into out, which has the block's length.
func (d *Decoder) decodeBlockTo(w *worker, p *plan, j int, out, ref []byte) error {
	cdata, base, err := w.blockBytes(p, j)
	if err != nil {
		return err
	}
	return w.decodeBlock(p, j, out, ref, cdata, base)
}

// DecompressBlock decodes block nblock of the chunk src (a fixed-size or a
// variable-length block), appends its bytes to dst and returns the extended
// slice, like C-Blosc2's blosc2_decompress_block_ctx and
// blosc2_vldecompress_block_ctx. Special-value chunks have one block.
func (d *Decoder) DecompressBlock(dst, src []byte, nblock int) ([]byte, error) {
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := makePlan(p, src, d.maxSize, false); err != nil {
		return dst, err
	}
	if nblock < 0 || nblock >= p.nblocks {
		return dst, rangeError(int64(nblock), 1, int64(p.nblocks), "blocks")
	}
	off, n := p.blockOff(nblock), p.blockLen(nblock)
	out, tail := grow(dst, n)
	if err := d.decodeRange(w, p, tail, off); err != nil {
		return dst, err
	}
	return out, nil
}
