package frame

import "github.com/blosc2go/blosc2/blosc"

// SetWorkers makes ReadChunks, Decode, ReadAt and Array.ReadSlab use n
// goroutines (n <= 1: the default, one chunk at a time, package blosc's
// default decoder splitting a large chunk's blocks across GOMAXPROCS
// goroutines). A read of at least 2n chunks decodes up to n chunks at a
// time, each with one goroutine, while the calling goroutine reads the
// next ones: adjacent chunks are still read with one ReadAt per batch, and
// each chunk is decoded straight into its place in the destination. A
// read of fewer chunks decodes them one at a time, sharing each chunk's
// blocks among n goroutines. A decoder given to SetDecoder is used as it
// is in both cases. Call it before reading, not concurrently with reads.
func (f *Frame) SetWorkers(n int) {
	if n < 1 {
		n = 1
	}
	f.workers = n
}

// Workers returns the number of chunks decoded at a time (see SetWorkers).
func (f *Frame) Workers() int {
	if f.workers < 1 {
		return 1
	}
	return f.workers
}

// minChunksPerWorker is how many chunks per worker a read needs for its
// chunks to be decoded concurrently; with fewer, the blocks of each chunk
// are shared among the workers instead (a variable for tests).
var minChunksPerWorker = 2

// chunkParallel tells whether a read of n chunks decodes several chunks
// at once.
func (f *Frame) chunkParallel(n int) bool {
	w := f.Workers()
	return w > 1 && n >= minChunksPerWorker*w
}

// blockDecoder returns the decoder for chunks decoded one at a time: the
// one given to SetDecoder, else with SetWorkers(n > 1) one sharing each
// chunk's blocks among n goroutines, else nil (package blosc's default).
func (f *Frame) blockDecoder() *blosc.Decoder {
	if f.dec != nil || f.Workers() <= 1 {
		return f.dec
	}
	f.blocksOnce.Do(func() {
		d, err := blosc.NewDecoder(blosc.WithWorkers(f.Workers()))
		if err == nil {
			f.blocks = d
		}
	})
	return f.blocks
}

// chunkDecoder returns the decoder for chunks decoded concurrently.
func (f *Frame) chunkDecoder() *blosc.Decoder {
	if f.dec != nil {
		return f.dec
	}
	f.serialOnce.Do(func() {
		d, err := blosc.NewDecoder(blosc.WithWorkers(1))
		if err == nil {
			f.serial = d
		}
	})
	return f.serial
}

// readChunksParallel is ReadChunks with several workers: the destination
// is grown once to the chunks' total size and each chunk is decoded into
// its place.
func (f *Frame) readChunksParallel(dst []byte, first, n int) ([]byte, error) {
	st, err := f.chunkStarts()
	if err != nil {
		return dst, err
	}
	base, total := st[first], st[first+n]-st[first]
	if int64(int(total)) != total || int64(len(dst))+total > int64(int(^uint(0)>>1)) {
		return dst, &FormatError{Where: "chunk", Offset: -1, Reason: itoa(total) + " decoded bytes do not fit in memory here", Err: ErrRange}
	}
	n0 := len(dst)
	dst = grow(dst, int(total))
	out := dst[n0:]
	idx := make([]int, n)
	for k := range idx {
		idx[k] = first + k
	}
	err = f.eachChunk(idx, func(j int, raw []byte, d *blosc.Decoder) error {
		i := first + j
		part := out[st[i]-base : st[i+1]-base]
		if raw == nil {
			return fillSpecial(part, f.specialOf(i), f.hdr.Typesize, 0)
		}
		size := int64(len(part))
		if nb, _, _ := chunkSizes(raw); nb != size {
			return corrupt("chunk "+itoa(int64(i)), -1, "chunk decodes to "+itoa(nb)+" bytes, expected "+itoa(size))
		}
		if err := decodePart(d, part, raw, 0, size, size); err != nil {
			ci, _ := f.ChunkInfo(i)
			return wrapChunkErr("chunk "+itoa(int64(i)), ci.Offset, err)
		}
		return nil
	})
	if err != nil {
		return dst[:n0], err
	}
	return dst, nil
}
