package frame

import (
	"encoding/binary"
	"sort"
	"sync"

	"github.com/blosc2go/blosc2/blosc"
)

// Block-level reads. A read that needs only some blocks of a stored chunk
// of a contiguous frame on an io.ReaderAt (a file, an HTTP resource) reads
// the chunk's header and block starts first (one small read, kept for
// later reads of the same chunk), then only the streams of the blocks it
// needs, coalesced and in parallel (see WithFetch), and decodes them as
// C-Blosc2 decodes a lazy chunk: the header and block starts, with the
// lazy bit set, followed by the chunk's number, its offset and the
// compressed size of each block.

// lazyPrefixGuess bounds the first read of a chunk's header and block
// starts when the frame header does not tell the block size.
const lazyPrefixGuess = 1 << 10

// maxLazyChunks is how many chunks' headers and block starts a frame keeps.
const maxLazyChunks = 256

// lazyChunk is what a frame keeps of a stored chunk for block-level reads.
type lazyChunk struct {
	off      int64        // file offset of the chunk
	hdr      blosc.Header // its header
	whole    []byte       // the whole chunk, when the first read covered it
	lazy     []byte       // header (lazy bit set), bstarts, trailer
	bstarts  []int64      // chunk-relative start of each block's streams
	csizes   []int64      // stored bytes of each block
	dataEnd  int64        // end of the header, bstarts and dictionary
	dataFrom int64        // start of the dictionary (or dataEnd)
	delta    bool         // DELTA in the pipeline: block 0 is always needed
}

// lazyCache keeps the lazyChunks of recently read chunks.
type lazyCache struct {
	mu    sync.Mutex
	m     map[int]*lazyChunk
	order []int // insertion order, oldest first
}

func (c *lazyCache) get(i int) *lazyChunk {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[i]
}

func (c *lazyCache) put(i int, lc *lazyChunk) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[int]*lazyChunk)
	}
	if _, ok := c.m[i]; ok {
		return
	}
	if len(c.order) >= maxLazyChunks {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[i] = lc
	c.order = append(c.order, i)
}

// blockReads reports whether reads of parts of chunks go block by block:
// contiguous frames on a reader (in memory, the whole chunk is there).
func (f *Frame) blockReads() bool {
	return f.mem == nil && f.hdr.Type == Contiguous
}

// lazyChunkAt returns the header and block starts of stored chunk i (n
// decoded bytes), reading them on first use. It returns nil (and no
// error) for chunks read whole instead: VL-block chunks.
func (f *Frame) lazyChunkAt(i int, n int64) (*lazyChunk, error) {
	if lc := f.lazy.get(i); lc != nil {
		return lc, nil
	}
	where := "chunk " + itoa(int64(i))
	off := int64(f.hdr.HeaderLen) + f.offsets[i]
	ext := f.extents[i]
	guess := int64(lazyPrefixGuess)
	if bs := int64(f.hdr.Blocksize); bs > 0 && n > 0 {
		guess = int64(blosc.ExtendedHeaderLen) + 4*((n+bs-1)/bs) + 16
	}
	if guess > ext {
		guess = ext
	}
	prefix, err := f.bytesAt(off, guess, where)
	if err != nil {
		return nil, err
	}
	h, err := blosc.ReadHeader(prefix)
	if err != nil {
		return nil, wrapChunkErr(where, off, err)
	}
	if int64(h.Nbytes) != n {
		return nil, corrupt(where, off, "chunk decodes to "+itoa(int64(h.Nbytes))+" bytes, expected "+itoa(n))
	}
	cb := int64(h.Cbytes)
	if cb > ext {
		return nil, corrupt(where, off, "chunk claims "+itoa(cb)+" stored bytes, only "+itoa(ext)+" are there")
	}
	lc := &lazyChunk{off: off, hdr: h}
	switch {
	case cb <= int64(len(prefix)) || h.Special() != blosc.SpecialNone || !h.Extended:
		if cb > int64(len(prefix)) {
			if prefix, err = f.bytesAt(off, cb, where); err != nil {
				return nil, err
			}
		}
		lc.whole = prefix[:cb:cb]
	case h.VLBlocks():
		return nil, nil
	default:
		if err := lc.layout(f, prefix, where); err != nil {
			return nil, err
		}
	}
	f.lazy.put(i, lc)
	return lc, nil
}

// layout reads the block starts (and the rest of them when the first read
// was short) and builds the lazy chunk.
func (lc *lazyChunk) layout(f *Frame, prefix []byte, where string) error {
	h := &lc.hdr
	hlen := int64(h.HeaderLen())
	nb := int64(h.NBlocks())
	cb := int64(h.Cbytes)
	for _, flt := range h.Filters {
		if flt == blosc.Delta {
			lc.delta = true
		}
	}
	lazy := make([]byte, hlen+4*nb+12+4*nb)
	copy(lazy, prefix[:hlen])
	lazy[blosc.ExtendedHeaderLen-1] |= blosc.Blosc2FlagLazy
	tr := lazy[hlen+4*nb:]
	binary.LittleEndian.PutUint64(tr[4:], uint64(lc.off))
	lc.lazy = lazy
	lc.bstarts = make([]int64, nb)
	lc.csizes = make([]int64, nb)
	bs := int64(h.BlockSize())
	if h.Memcpyed() {
		// Blocks stored one after the other after the header.
		for j := int64(0); j < nb; j++ {
			lc.bstarts[j] = hlen + j*bs
			lc.csizes[j] = min64(bs, int64(h.Nbytes)-j*bs)
		}
		lc.dataEnd, lc.dataFrom = hlen, hlen
		return nil
	}
	need := hlen + 4*nb
	if need > cb {
		return corrupt(where, lc.off+hlen, itoa(nb)+" block starts do not fit in the chunk")
	}
	if int64(len(prefix)) < need {
		var err error
		if prefix, err = f.bytesAt(lc.off, need, where); err != nil {
			return err
		}
	}
	copy(lazy[hlen:], prefix[hlen:need])
	sorted := make([]int64, nb)
	for j := int64(0); j < nb; j++ {
		s := int64(binary.LittleEndian.Uint32(prefix[hlen+4*j:]))
		if s < need || s >= cb {
			return corrupt(where, lc.off+hlen+4*j, "start of block "+itoa(j)+" ("+itoa(s)+") outside the chunk")
		}
		lc.bstarts[j] = s
		sorted[j] = s
	}
	sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
	lc.dataFrom, lc.dataEnd = need, sorted[0]
	// A block's streams end where the next block's begin (or at cbytes);
	// the decoder reads no more than a block can hold.
	maxSize := bs + 4*int64(h.Typesize)
	csz := tr[12:]
	for j, s := range lc.bstarts {
		k := sort.Search(len(sorted), func(k int) bool { return sorted[k] > s })
		end := cb
		if k < len(sorted) {
			end = sorted[k]
		}
		size := min64(end-s, maxSize)
		lc.csizes[j] = size
		binary.LittleEndian.PutUint32(csz[4*j:], uint32(size))
	}
	return nil
}

// blockSource is a chunk of which some blocks were fetched.
type blockSource struct {
	lc *lazyChunk
	rs *rangeSet
}

// fetchBlocks reads the streams of the listed blocks (block numbers,
// increasing) of lc, with the dictionary and block 0 when needed.
func (f *Frame) fetchBlocks(lc *lazyChunk, blocks []int64, where string) (*blockSource, error) {
	rs := make([]byteRange, 0, len(blocks)+2)
	if lc.hdr.HasDict() && lc.dataEnd > lc.dataFrom {
		rs = append(rs, byteRange{lc.off + lc.dataFrom, lc.dataEnd - lc.dataFrom})
	}
	if lc.delta && (len(blocks) == 0 || blocks[0] != 0) {
		rs = append(rs, byteRange{lc.off + lc.bstarts[0], lc.csizes[0]})
	}
	for _, j := range blocks {
		if j < 0 || j >= int64(len(lc.bstarts)) {
			return nil, corrupt(where, lc.off, "block "+itoa(j)+" of "+itoa(int64(len(lc.bstarts))))
		}
		rs = append(rs, byteRange{lc.off + lc.bstarts[j], lc.csizes[j]})
	}
	set, err := f.fetchRanges(rs, lc.off, where)
	if err != nil {
		return nil, err
	}
	return &blockSource{lc, set}, nil
}

// decode writes bytes [a,b) of the chunk's decoded bytes into dst (len
// b-a); the blocks holding them must have been fetched.
func (s *blockSource) decode(d *blosc.Decoder, dst []byte, a, b int64) error {
	if d == nil {
		d = defaultDecoder()
	}
	out, err := d.DecompressLazyRange(dst[:0:len(dst)], s.lc.lazy, s.rs, int(a), int(b-a))
	if err != nil {
		return err
	}
	if int64(len(out)) != b-a {
		return corrupt("chunk", s.lc.off, "decoded "+itoa(int64(len(out)))+" bytes, expected "+itoa(b-a))
	}
	if len(out) > 0 && &out[0] != &dst[0] {
		copy(dst, out)
	}
	return nil
}

// blocksOf lists the blocks holding decoded bytes [a,b) of lc.
func (lc *lazyChunk) blocksOf(a, b int64) []int64 {
	bs := int64(lc.hdr.BlockSize())
	var out []int64
	for j := a / bs; j*bs < b && j < int64(len(lc.bstarts)); j++ {
		out = append(out, j)
	}
	return out
}

// readPart writes bytes [a,b) of chunk i (n decoded bytes) into dst,
// fetching only the blocks that hold them. It reports false (and does
// nothing) when the chunk is to be read whole instead.
func (f *Frame) readPart(d *blosc.Decoder, dst []byte, i int, a, b, n int64) (bool, error) {
	where := "chunk " + itoa(int64(i))
	lc, err := f.lazyChunkAt(i, n)
	if err != nil || lc == nil {
		return false, err
	}
	if lc.whole != nil {
		if err := decodePart(d, dst, lc.whole, a, b, n); err != nil {
			return true, wrapChunkErr(where, lc.off, err)
		}
		return true, nil
	}
	src, err := f.fetchBlocks(lc, lc.blocksOf(a, b), where)
	if err != nil {
		return true, err
	}
	if err := src.decode(d, dst, a, b); err != nil {
		return true, wrapChunkErr(where, lc.off, err)
	}
	return true, nil
}

var (
	defaultDecOnce sync.Once
	defaultDec     *blosc.Decoder
)

// defaultDecoder is the decoder used where a frame has none of its own.
func defaultDecoder() *blosc.Decoder {
	defaultDecOnce.Do(func() {
		defaultDec, _ = blosc.NewDecoder()
	})
	return defaultDec
}
