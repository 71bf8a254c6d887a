package frame

import "github.com/blosc2go/blosc2/blosc"

// BloscCompressor returns a CompressFunc that compresses with package
// blosc using the codec, level, filters, blocksize and split mode of p
// (the typesize comes from each call; sizes above 255 compress as 1, the
// way C-Blosc2 stores them).
func BloscCompressor(p Params) CompressFunc {
	return func(dst, src []byte, typesize int) ([]byte, error) {
		return blosc.Compress(dst, src, chunkOptions(p, typesize))
	}
}

// chunkOptions returns the blosc options chunks of a frame with
// parameters p are compressed with, for items of typesize bytes: p's
// Options with the typesize a chunk can record and a split mode blosc
// accepts.
func chunkOptions(p Params, typesize int) blosc.Options {
	o := p.Options
	o.Typesize = chunkTypesize(typesize)
	o.SplitMode = splitOf(o.SplitMode)
	return o
}

func chunkTypesize(t int) int {
	if t < 1 || t > 255 {
		return 1
	}
	return t
}

func splitOf(m blosc.SplitMode) blosc.SplitMode {
	if m < blosc.SplitAlways || m > blosc.SplitForwardCompat {
		return blosc.SplitForwardCompat
	}
	return m
}

// indexFilters is the filter pipeline C-Blosc2 records in a frame's index
// chunk, compressed or stored: its default cparams' (SHUFFLE in the last
// slot).
var indexFilters = [blosc.MaxFilters]blosc.Filter{blosc.MaxFilters - 1: blosc.Shuffle}

// compressIndex compresses a frame index with the parameters C-Blosc2
// uses when it appends a chunk (BloscLZ, clevel 5, SHUFFLE, typesize 8,
// never split, 16 KiB blocks). Small indexes, and any index that does not
// decode back exactly, are stored uncompressed (as C-Blosc2 also does for
// small ones), with the same pipeline in the header.
func compressIndex(raw []byte) []byte {
	if len(raw) < 1024 {
		return appendStoredChunk(nil, raw, 8, indexFilters)
	}
	out, err := blosc.Compress(nil, raw, blosc.Options{
		Codec: blosc.BloscLZ, Clevel: 5, Typesize: 8, Filters: indexFilters,
		Blocksize: 16 << 10, SplitMode: blosc.SplitNever,
	})
	if err != nil {
		return appendStoredChunk(nil, raw, 8, indexFilters)
	}
	if back, err := blosc.Decompress(nil, out); err != nil || string(back) != string(raw) {
		return appendStoredChunk(nil, raw, 8, indexFilters)
	}
	return out
}
