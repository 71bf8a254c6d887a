package blosc

// Constants of C-Blosc2's blocksize and split heuristics (stune.c, blosc2.h).
const (
	tuneL1            = 32 << 10 // the L1 cache size the heuristics assume
	tuneMaxStreams    = 16       // largest typesize split into streams (MAX_STREAMS)
	minBufferSize     = 32       // smaller inputs are stored uncompressed (BLOSC_MIN_BUFFERSIZE)
	tuneMinSplitBlock = 32 << 10 // smallest automatic blocksize when splitting
	tuneMaxSplitBlock = 4 << 20  // largest automatic blocksize when splitting
)

// encPlan is the layout of one chunk being compressed.
type encPlan struct {
	nbytes    int
	blocksize int
	nblocks   int
	leftover  int    // size of the last block when shorter than blocksize, else 0
	split     bool   // full blocks are split into typesize streams
	memcpyed  bool   // stored uncompressed (clevel 0 or input below minBufferSize)
	dict      []byte // the chunk's dictionary (Options.Dict, or trained: UseDict), nil for none
}

// highRatioCodec reports whether C-Blosc2 treats the codec as one meant for
// high compression ratios, which gets larger automatic blocks.
func highRatioCodec(c Codec) bool {
	return c == LZ4HC || c == Zlib || c == Zstd
}

// splitBlock is C-Blosc2's split_block: whether blocks of blocksize bytes
// are split into typesize streams.
func (o *Options) splitBlock(blocksize int) bool {
	switch o.SplitMode {
	case SplitAlways:
		return true
	case SplitNever:
		return false
	}
	codecSplits := o.Codec == BloscLZ || o.Codec == LZ4 || (o.Codec == Zstd && o.Clevel <= 5)
	return codecSplits && o.hasFilter(Shuffle) && o.Typesize <= tuneMaxStreams &&
		blocksize/o.Typesize >= minBufferSize
}

// computeBlocksize is C-Blosc2's blosc_stune_next_blocksize, except that an
// explicit blocksize is rounded down to a multiple of the typesize in the
// header too (C-Blosc2 writes the requested size in the header and then
// cannot read the chunk back).
func (o *Options) computeBlocksize(nbytes int) int {
	ts := o.Typesize
	if nbytes < ts {
		return 1
	}
	bs := nbytes
	if o.Blocksize > 0 {
		bs = o.Blocksize
	} else {
		if nbytes >= tuneL1 {
			bs = tuneL1
			if highRatioCodec(o.Codec) {
				bs *= 2
			}
			switch o.Clevel {
			case 0:
				bs /= 4
			case 1:
				bs /= 2
			case 3:
				bs *= 2
			case 4, 5:
				bs *= 4
			case 6, 7, 8:
				bs *= 8
			case 9:
				bs *= 8
				if highRatioCodec(o.Codec) {
					bs *= 2
				}
			}
		}
		// The split decision here looks at the whole input, as C does.
		if o.Clevel > 0 && o.splitBlock(nbytes) {
			switch o.Clevel {
			case 1, 2, 3:
				bs = 32 << 10
			case 4, 5, 6:
				bs = 64 << 10
			case 7:
				bs = 128 << 10
			case 8:
				bs = 256 << 10
			default:
				bs = 512 << 10
			}
			bs *= ts
			if bs > tuneMaxSplitBlock {
				bs = tuneMaxSplitBlock
			}
			if bs < tuneMinSplitBlock {
				bs = tuneMinSplitBlock
			}
		}
	}
	if bs > nbytes {
		bs = nbytes
	}
	if bs > ts {
		bs = bs / ts * ts
	}
	return bs
}

// makeEncPlan lays out a chunk of nbytes bytes.
func (o *Options) makeEncPlan(nbytes int) encPlan {
	p := encPlan{nbytes: nbytes, blocksize: o.computeBlocksize(nbytes)}
	p.nblocks = nbytes / p.blocksize
	p.leftover = nbytes % p.blocksize
	if p.leftover > 0 {
		p.nblocks++
	}
	p.memcpyed = o.Clevel == 0 || nbytes < minBufferSize
	// A block shorter than the type cannot be split (C would write streams
	// of zero bytes and lose the block).
	p.split = p.blocksize >= o.Typesize && o.splitBlock(p.blocksize)
	if o.Format == FormatBlosc1 && (o.Typesize > blosc1MaxSplits || p.blocksize/o.Typesize < blosc1MinBufferSize) {
		// C-Blosc 1.x splits only such blocks, whatever the header says.
		p.split = false
	}
	return p
}

// blockLen returns the size of block j.
func (p *encPlan) blockLen(j int) int {
	if j == p.nblocks-1 && p.leftover > 0 {
		return p.leftover
	}
	return p.blocksize
}

// nstreams returns the number of streams of block j.
func (p *encPlan) nstreams(j, typesize int) int {
	if !p.split || (j == p.nblocks-1 && p.leftover > 0) {
		return 1
	}
	return typesize
}
