package blosc

import (
	"encoding/binary"
	"errors"
	"io"
	"strconv"
)

// LazyTrailer is the trailer of a lazy chunk: where the complete chunk is in
// its frame and the compressed size of each block.
type LazyTrailer struct {
	Nchunk      int32   // number of the chunk in the super-chunk
	Offset      int64   // offset of the chunk in the frame
	BlockCsizes []int32 // compressed size of each block
}

// ReadLazyTrailer parses the trailer of a lazy chunk (a chunk whose header
// has the lazy bit, blosc2_flags bit 3, set): header, bstarts, then int32
// nchunk, int64 offset and one int32 compressed size per block.
func ReadLazyTrailer(lazy []byte) (LazyTrailer, error) {
	var t LazyTrailer
	var p plan
	if err := makePlan(&p, lazy, DefaultMaxDecodedSize, true); err != nil {
		return t, err
	}
	if !p.lazy {
		return t, errors.New("blosc: ReadLazyTrailer: not a lazy chunk")
	}
	if p.nblocks == 0 {
		return t, nil
	}
	at := p.lazyCsizesAt - 12
	t.Nchunk = int32(binary.LittleEndian.Uint32(lazy[at:]))
	t.Offset = int64(binary.LittleEndian.Uint64(lazy[at+4:]))
	t.BlockCsizes = make([]int32, p.nblocks)
	for i := range t.BlockCsizes {
		t.BlockCsizes[i] = int32(binary.LittleEndian.Uint32(lazy[p.lazyCsizesAt+4*i:]))
	}
	return t, nil
}

// DecompressLazy decodes a lazy chunk, reading the bytes of its blocks (and
// of its dictionary) with r, appends them to dst and returns the extended
// slice. r reads the complete chunk: offset 0 is the first byte of its
// header (for a chunk in a frame, an io.SectionReader starting at the chunk).
// Parallel ReadAt calls are made when blocks are decoded in parallel. A
// complete chunk is decoded directly, without r.
func (d *Decoder) DecompressLazy(dst, lazy []byte, r io.ReaderAt) ([]byte, error) {
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := d.makeLazyPlan(p, lazy, r); err != nil {
		return dst, err
	}
	out, tail := grow(dst, p.nbytes)
	if err := d.decodeRange(w, p, tail, 0); err != nil {
		return dst, err
	}
	return out, nil
}

// DecompressLazyRange is DecompressRange for a lazy chunk: it reads only the
// blocks holding the bytes [off, off+n) (and block 0 for DELTA).
func (d *Decoder) DecompressLazyRange(dst, lazy []byte, r io.ReaderAt, off, n int) ([]byte, error) {
	w := d.getWorker()
	defer d.putWorker(w)
	p := &w.plan
	if err := d.makeLazyPlan(p, lazy, r); err != nil {
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

// makeLazyPlan makes the plan of a lazy chunk and reads what it needs
// before decoding blocks: the dictionary and the sizes of VL blocks.
func (d *Decoder) makeLazyPlan(p *plan, lazy []byte, r io.ReaderAt) error {
	if err := makePlan(p, lazy, d.maxSize, true); err != nil {
		return err
	}
	if !p.lazy {
		return nil
	}
	if r == nil {
		return errors.New("blosc: lazy chunk needs a reader")
	}
	p.r = r
	if p.nbytes == 0 || p.memcpyed {
		return nil
	}
	cbytes := int64(p.h.Cbytes)
	if p.h.HasDict() {
		at := int64(p.dataStart)
		var b [4]byte
		if at+4 > cbytes {
			return corrupt(at, "dictionary size outside the chunk")
		}
		if err := readFull(r, b[:], at); err != nil {
			return err
		}
		dsize := int64(int32(binary.LittleEndian.Uint32(b[:])))
		if dsize <= 0 || dsize > MaxDictSize {
			return corrupt(at, "dictionary size "+strconv.FormatInt(dsize, 10)+" out of range")
		}
		if at+4+dsize > cbytes {
			return corrupt(at, "dictionary exceeds the chunk")
		}
		if p.format == formatZstd || p.format == formatLZ4 {
			p.dict = make([]byte, dsize)
			if err := readFull(r, p.dict, at+4); err != nil {
				return err
			}
		}
	}
	if p.vl {
		return p.readLazyVLBlocks()
	}
	return nil
}

// readLazyVLBlocks reads the decoded size at the start of every VL block.
func (p *plan) readLazyVLBlocks() error {
	n := p.nblocks
	buf := make([]int, 3*n)
	p.vlOff, p.vlLen, p.vlClen = buf[:n:n], buf[n:2*n:2*n], buf[2*n:]
	cbytes := int(p.h.Cbytes)
	total := 0
	prev := 0
	var b [4]byte
	for i := 0; i < n; i++ {
		bs := p.bstart(i)
		next := cbytes
		if i+1 < n {
			next = p.bstart(i + 1)
		}
		if bs < p.dataStart || bs <= prev || next <= bs || next > cbytes || bs > cbytes-4 {
			return corrupt(int64(p.bstartsAt+4*i), "VL block "+strconv.Itoa(i)+" start out of order or outside the chunk")
		}
		if err := readFull(p.r, b[:], int64(bs)); err != nil {
			return err
		}
		size := int(int32(binary.LittleEndian.Uint32(b[:])))
		if size <= 0 || size > p.nbytes-total {
			return corrupt(int64(bs), "VL block size out of range")
		}
		p.vlOff[i], p.vlLen[i], p.vlClen[i] = total, size, next-bs
		total += size
		if size > p.blocksize {
			p.blocksize = size
		}
		prev = bs
	}
	if total != p.nbytes {
		return corrupt(int64(p.bstartsAt), "VL block sizes do not add up to nbytes")
	}
	return nil
}

// readFull reads len(b) bytes at off with r; a short read means the chunk
// is shorter than its header says.
func readFull(r io.ReaderAt, b []byte, off int64) error {
	n, err := r.ReadAt(b, off)
	if n == len(b) {
		return nil
	}
	if err == nil || err == io.EOF {
		return corrupt(off+int64(n), "lazy chunk data truncated")
	}
	return err
}

// blockBytes returns the compressed bytes of block j and their offset in
// the chunk, reading them with the plan's reader for lazy chunks.
func (w *worker) blockBytes(p *plan, j int) ([]byte, int, error) {
	if !p.lazy {
		return p.blockData(j)
	}
	var at, size int
	switch {
	case p.memcpyed:
		at, size = p.hlen+p.blockOff(j), p.blockLen(j)
	case p.vl:
		at, size = p.bstart(j), p.vlClen[j]
	default:
		at = p.bstart(j)
		size = int(int32(binary.LittleEndian.Uint32(p.src[p.lazyCsizesAt+4*j:])))
		maxSize := int64(p.blocksize) + 4*int64(p.typesize)
		if size <= 0 || int64(size) > maxSize {
			return nil, 0, corrupt(int64(p.lazyCsizesAt+4*j), "lazy block size "+strconv.Itoa(size)+" out of range")
		}
		if at < p.dataStart || int64(at)+int64(size) > int64(p.h.Cbytes) {
			return nil, 0, corrupt(int64(p.bstartsAt+4*j), "start of block "+strconv.Itoa(j)+" ("+strconv.Itoa(at)+") outside the chunk")
		}
	}
	if cap(w.lazyBuf) < size {
		w.lazyBuf = make([]byte, size)
	}
	b := w.lazyBuf[:size]
	if err := readFull(p.r, b, int64(at)); err != nil {
		return nil, 0, err
	}
	return b, at, nil
}
