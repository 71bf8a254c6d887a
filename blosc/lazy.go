package blosc

import (
	"encoding/binary"
	"errors"
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
// Decoder.DecompressLazy decodes such a chunk.
func ReadLazyTrailer(lazy []byte) (LazyTrailer, error) {
	var t LazyTrailer
	var p plan
	if err := p.layout(lazy, DefaultMaxDecodedSize, true); err != nil {
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
