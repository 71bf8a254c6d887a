package frame

import "github.com/blosc2go/blosc2/blosc"

// setDecoders applies the read options of a constructor: the decoders
// are made here, once.
func (f *Frame) setDecoders(st settings) error {
	f.dec, f.workers, f.fetchGap, f.fetchers = st.dec, st.workers, st.fetchGap, st.fetchers
	switch {
	case f.dec != nil:
		f.blocks, f.serial = f.dec, f.dec
	case f.workers > 1:
		var err error
		if f.blocks, err = blosc.NewDecoder(blosc.WithWorkers(f.workers)); err != nil {
			return err
		}
		if f.serial, err = blosc.NewDecoder(blosc.WithWorkers(1)); err != nil {
			return err
		}
	}
	return nil
}

// Workers returns the number of chunks decoded at a time (see WithWorkers).
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
// one given with WithDecoder, else with WithWorkers(n > 1) one sharing
// each chunk's blocks among n goroutines, else nil (package blosc's
// default).
func (f *Frame) blockDecoder() *blosc.Decoder { return f.blocks }

// chunkDecoder returns the decoder for chunks decoded concurrently (only
// with WithWorkers(n > 1)): the one given with WithDecoder, else a
// single-goroutine one.
func (f *Frame) chunkDecoder() *blosc.Decoder { return f.serial }

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
