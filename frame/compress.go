package frame

import "github.com/blosc2go/blosc2/blosc"

// BloscCompressor returns a CompressFunc that compresses with package
// blosc using the codec, level, filters, blocksize and split mode of p
// (the typesize comes from each call; sizes above 255 compress as 1, the
// way C-Blosc2 stores them).
func BloscCompressor(p Params) CompressFunc {
	return func(dst, src []byte, typesize int) ([]byte, error) {
		return blosc.Compress(dst, src, blosc.Options{
			Codec:       blosc.Codec(p.Compcode),
			Clevel:      int(p.Clevel),
			Typesize:    clampTypesize(typesize),
			Filters:     filtersOf(p.Filters),
			FiltersMeta: p.FiltersMeta,
			Blocksize:   int(p.Blocksize),
			SplitMode:   splitOf(p.SplitMode),
		})
	}
}

func clampTypesize(t int) int {
	if t < 1 || t > 255 {
		return 1
	}
	return t
}

func filtersOf(f [maxFilters]uint8) (out [blosc.MaxFilters]blosc.Filter) {
	for i := range f {
		out[i] = blosc.Filter(f[i])
	}
	return out
}

func splitOf(m uint8) blosc.SplitMode {
	if m < 1 || m > 4 {
		return blosc.SplitForwardCompat
	}
	return blosc.SplitMode(m)
}

// compressIndex compresses a frame index with the parameters C-Blosc2
// uses when it appends a chunk (BloscLZ, clevel 5, SHUFFLE, typesize 8,
// never split, 16 KiB blocks). Small indexes, and any index that does not
// decode back exactly, are stored uncompressed (as C-Blosc2 also does for
// small ones).
func compressIndex(raw []byte) []byte {
	if len(raw) < 1024 {
		return appendStoredChunk(nil, raw, 8)
	}
	var f [blosc.MaxFilters]blosc.Filter
	f[blosc.MaxFilters-1] = blosc.Shuffle
	out, err := blosc.Compress(nil, raw, blosc.Options{
		Codec: blosc.BloscLZ, Clevel: 5, Typesize: 8, Filters: f,
		Blocksize: 16 << 10, SplitMode: blosc.SplitNever,
	})
	if err != nil {
		return appendStoredChunk(nil, raw, 8)
	}
	if back, err := blosc.Decompress(nil, out); err != nil || string(back) != string(raw) {
		return appendStoredChunk(nil, raw, 8)
	}
	return out
}
