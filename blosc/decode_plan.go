package blosc

import (
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
)

// plan is everything the block decoder needs to know about a chunk, worked
// out and checked once per call.
type plan struct {
	h        Header
	src      []byte // the chunk, cut to cbytes (for lazy chunks: the lazy chunk)
	hlen     int
	nbytes   int
	typesize int
	special  SpecialValue
	memcpyed bool
	vl       bool
	lazy     bool

	blocksize int // size of full blocks (VL: 0)
	nblocks   int
	leftover  int // size of the last block when it is short, else 0

	splitAll  bool // full blocks are split into typesize streams
	format    uint8
	dict      []byte
	bstartsAt int // offset of bstarts
	dataStart int // first byte a stream may start at

	steps  [MaxFilters]step // filters to undo, in decoding order
	nsteps int
	nmove  int // steps that move bytes from one buffer to another
	delta  bool

	// VL-block chunks: uncompressed offset and size, compressed size of each block.
	vlOff, vlLen, vlClen []int

	// Where the bytes past src come from (decode_source.go): nil for a
	// chunk whole in src, the reader of the complete chunk for a lazy one,
	// whose trailer holds the compressed size of each block at lazyCsizesAt.
	r            io.ReaderAt
	lazyCsizesAt int
	word         [4]byte // a size field read with r
}

// step is one filter to undo.
type step struct {
	f    Filter
	meta uint8
}

// blockLen returns the decoded size of block j.
func (p *plan) blockLen(j int) int {
	if p.vl {
		return p.vlLen[j]
	}
	if j == p.nblocks-1 && p.leftover > 0 {
		return p.leftover
	}
	return p.blocksize
}

// blockOff returns the offset of block j in the decoded chunk.
func (p *plan) blockOff(j int) int {
	if p.vl {
		return p.vlOff[j]
	}
	return j * p.blocksize
}

// bstart returns the offset in the chunk of the streams of block j.
func (p *plan) bstart(j int) int {
	return int(int32(binary.LittleEndian.Uint32(p.src[p.bstartsAt+4*j:])))
}

// nstreams returns the number of streams block j is stored in.
func (p *plan) nstreams(j, bsize int) int {
	if p.vl || !p.splitAll || (j == p.nblocks-1 && p.leftover > 0) {
		return 1
	}
	if !p.h.Extended && p.h.Version <= VersionBlosc1 {
		// C-Blosc 1.x decides with the rule of the time before the split flag.
		if p.typesize > blosc1MaxSplits || bsize/p.typesize < blosc1MinBufferSize {
			return 1
		}
	}
	return p.typesize
}

// makePlan checks the chunk's header and layout against src and the limit
// and reads what decoding needs before the blocks: the dictionary and the
// sizes of VL blocks. A lazy chunk (header, bstarts and trailer, its blocks
// read with r) is accepted only when lazy is true; every other chunk must
// be whole in src, and r is then not used.
func makePlan(p *plan, src []byte, maxSize int, lazy bool, r io.ReaderAt) error {
	if err := p.layout(src, maxSize, lazy); err != nil {
		return err
	}
	if p.lazy {
		if r == nil {
			return errNoReader
		}
		p.r = r
	}
	if p.nbytes == 0 || p.special != SpecialNone || p.memcpyed {
		return nil
	}
	if p.h.HasDict() {
		if err := p.readDict(); err != nil {
			return err
		}
	}
	if p.vl {
		return p.readVLBlocks()
	}
	return nil
}

// layout checks the header and what follows it in src: the size limit, the
// bstarts, the codec and filters and, for a lazy chunk, its trailer.
func (p *plan) layout(src []byte, maxSize int, lazy bool) error {
	h, err := ReadHeader(src)
	if err != nil {
		return err
	}
	*p = plan{h: h}
	if int64(h.Nbytes) > int64(maxSize) {
		return fmt.Errorf("%w: nbytes %d, limit %d", ErrTooLarge, h.Nbytes, maxSize)
	}
	p.hlen = h.HeaderLen()
	p.nbytes = int(h.Nbytes)
	p.typesize = int(h.Typesize)
	p.special = h.Special()
	p.memcpyed = h.Memcpyed()
	p.vl = h.VLBlocks()
	p.lazy = h.Lazy()
	cbytes := int(h.Cbytes)

	if p.lazy && !lazy {
		return unsupported("lazy chunk (blosc2_flags bit 3) without a reader: use DecompressLazy")
	}
	if !p.lazy {
		if len(src) < cbytes {
			return corrupt(offCbytes, "cbytes "+strconv.Itoa(cbytes)+" exceeds the "+strconv.Itoa(len(src))+" bytes given")
		}
		src = src[:cbytes]
	}
	p.src = src

	if p.special != SpecialNone {
		if p.special == SpecialRepeat && len(src) < cbytes {
			return corrupt(int64(len(src)), "repeated value truncated")
		}
		p.blocksize = p.nbytes
		if p.nbytes > 0 {
			p.nblocks = 1
		}
		return nil
	}
	if p.memcpyed {
		if int64(cbytes) != int64(p.nbytes)+int64(p.hlen) {
			return corrupt(offCbytes, "memcpyed chunk with cbytes "+strconv.Itoa(cbytes)+" != nbytes + header")
		}
	}
	if p.nbytes == 0 {
		return nil
	}

	if p.vl {
		p.nblocks = int(h.Blocksize)
	} else {
		p.blocksize = h.BlockSize()
		p.nblocks = p.nbytes / p.blocksize
		p.leftover = p.nbytes % p.blocksize
		if p.leftover > 0 {
			p.nblocks++
		}
	}
	p.splitAll = !h.DontSplit()
	if p.memcpyed && !p.lazy {
		return nil
	}

	// bstarts follow the header (lazy memcpyed chunks have room for them
	// but no content).
	p.bstartsAt = p.hlen
	bstartsEnd := int64(p.hlen) + 4*int64(p.nblocks)
	if (!p.memcpyed && bstartsEnd > int64(cbytes)) || bstartsEnd > int64(len(src)) {
		return corrupt(int64(p.hlen), strconv.Itoa(p.nblocks)+" block starts do not fit in the chunk")
	}
	p.dataStart = int(bstartsEnd)

	if !p.memcpyed {
		if err := p.setCodecAndFilters(); err != nil {
			return err
		}
	}
	if p.lazy {
		// The trailer follows the bstarts: int32 nchunk, int64 offset and
		// an int32 compressed size per block.
		end := bstartsEnd + 12 + 4*int64(p.nblocks)
		if end > int64(len(src)) {
			return corrupt(bstartsEnd, "lazy chunk trailer truncated")
		}
		p.lazyCsizesAt = int(bstartsEnd) + 12
	}
	return nil
}

// readDict checks the dictionary that follows the bstarts and keeps it for
// the codecs that use it (Zstd and LZ4; C-Blosc2's other codecs ignore it).
func (p *plan) readDict() error {
	at := p.dataStart
	dsize, err := p.int32At(at, "dictionary size")
	if err != nil {
		return err
	}
	if dsize <= 0 || dsize > MaxDictSize {
		return corrupt(int64(at), "dictionary size "+strconv.Itoa(dsize)+" out of range")
	}
	if int64(at)+4+int64(dsize) > int64(p.h.Cbytes) {
		return corrupt(int64(at), "dictionary exceeds the chunk")
	}
	if p.format == formatZstd || p.format == formatLZ4 {
		var buf []byte // a lazy chunk's dictionary is read into memory of its own
		if p.dict, err = p.bytesAt(&buf, at+4, dsize, "dictionary"); err != nil {
			return err
		}
	}
	p.dataStart = at + 4 + dsize
	return nil
}

// setCodecAndFilters checks that the codec and every filter are supported
// and compiles the filter pipeline into decoding steps.
func (p *plan) setCodecAndFilters() error {
	h := &p.h
	p.format = h.CompFormat()
	switch p.format {
	case formatBloscLZ, formatLZ4, formatSnappy, formatZlib, formatZstd:
	case formatUDCodec:
		return unsupportedCodec(Codec(h.UDCodec))
	case formatSchunk:
		return unsupported("codec defined by the super-chunk (compressor format 7)")
	default:
		return unsupported("compressor format " + strconv.Itoa(int(p.format)))
	}
	for i := MaxFilters - 1; i >= 0; i-- {
		f := h.Filters[i]
		if !f.Decodable() {
			return unsupportedFilter(f)
		}
		if f.noopOnDecode() {
			continue
		}
		if f == Shuffle && (h.FiltersMeta[i] == 1 || (h.FiltersMeta[i] == 0 && h.Typesize == 1)) {
			continue // shuffling bytes in groups of one changes nothing
		}
		p.steps[p.nsteps] = step{f: f, meta: h.FiltersMeta[i]}
		p.nsteps++
		if f == Delta {
			p.delta = true
		} else {
			p.nmove++
		}
	}
	return nil
}

// readVLBlocks reads the uncompressed size of every VL block and checks the
// block offsets, as C-Blosc2 does: strictly increasing bstarts, each block
// at least a size field long, sizes adding up to nbytes.
func (p *plan) readVLBlocks() error {
	n := p.nblocks
	buf := make([]int, 3*n)
	p.vlOff, p.vlLen, p.vlClen = buf[:n:n], buf[n:2*n:2*n], buf[2*n:]
	cbytes := int(p.h.Cbytes)
	total := 0
	prev := 0
	for i := 0; i < n; i++ {
		bs := p.bstart(i)
		next := cbytes
		if i+1 < n {
			next = p.bstart(i + 1)
		}
		if bs < p.dataStart || bs <= prev || next <= bs || next > cbytes || bs > cbytes-4 {
			return corrupt(int64(p.bstartsAt+4*i), "VL block "+strconv.Itoa(i)+" start out of order or outside the chunk")
		}
		size, err := p.int32At(bs, "VL block size")
		if err != nil {
			return err
		}
		if size <= 0 {
			return corrupt(int64(bs), "VL block size not positive")
		}
		if size > p.nbytes-total {
			return corrupt(int64(bs), "VL block sizes exceed nbytes")
		}
		p.vlOff[i] = total
		p.vlLen[i] = size
		p.vlClen[i] = next - bs
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
