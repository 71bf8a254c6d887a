package frame

import "github.com/blosc2go/blosc2/blosc"

// CompressFunc compresses src into one Blosc2 chunk appended to dst. It is
// how a Writer turns raw bytes into chunks (AppendData, vlmetalayer
// contents, the index); package blosc's encoder plugs in here.
type CompressFunc func(dst, src []byte, typesize int) ([]byte, error)

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
// accepts, and UseDict only with a codec that can hold a dictionary.
func chunkOptions(p Params, typesize int) blosc.Options {
	o := p.Options
	o.Typesize = chunkTypesize(typesize)
	o.SplitMode = splitOf(o.SplitMode)
	if o.Codec != blosc.Zstd && o.Codec != blosc.LZ4 && o.Codec != blosc.LZ4HC {
		o.UseDict = false
	}
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

// appendStoredChunk appends a valid Blosc2 chunk holding data uncompressed
// (memcpyed, 32-byte extended header, don't-split flag): what C-Blosc2
// writes when a compressed chunk would not be smaller, e.g. for most frame
// indexes. filters is the pipeline the header records (C-Blosc2 keeps its
// cparams' pipeline in a memcpyed chunk, though it applies no filter to
// the data). blosc's Encoder writes a memcpyed chunk only for Clevel 0,
// without the don't-split flag, as C-Blosc2 does for clevel 0; frames
// keep C-Blosc2's bytes for the index, so the header is built here from
// blosc.Header.
func appendStoredChunk(dst, data []byte, typesize int, filters [blosc.MaxFilters]blosc.Filter) []byte {
	bs := len(data)
	if bs == 0 {
		bs = 1
	}
	h := blosc.Header{
		Version:   blosc.VersionStable,
		VersionLZ: 1,
		Flags:     blosc.FlagShuffle | blosc.FlagBitShuffle | blosc.FlagMemcpyed | blosc.FlagDontSplit,
		Typesize:  uint8(chunkTypesize(typesize)),
		Nbytes:    int32(len(data)),
		Blocksize: int32(bs),
		Cbytes:    int32(len(data) + blosc.ExtendedHeaderLen),
		Extended:  true,
		Filters:   filters,
	}
	return append(h.Append(dst), data...)
}

// specialChunk returns the 32-byte special-value chunk of nbytes decoded
// bytes built by blosc.AppendZeros, AppendNaNs or AppendUninit. Zeros and
// uninitialized chunks whose size is not a multiple of the typesize are
// written with typesize 1 (they decode the same).
func specialChunk(k blosc.SpecialValue, nbytes int64, typesize int) ([]byte, error) {
	ts := chunkTypesize(typesize)
	if k != blosc.SpecialNaN && nbytes%int64(ts) != 0 {
		ts = 1
	}
	if nbytes < 0 || nbytes > blosc.MaxNbytes {
		return nil, &FormatError{Where: "chunk", Offset: -1, Reason: "special chunk of " + itoa(nbytes) + " bytes", Err: ErrRange}
	}
	var c []byte
	var err error
	switch k {
	case blosc.SpecialZeros:
		c, err = blosc.AppendZeros(nil, int(nbytes), ts)
	case blosc.SpecialNaN:
		c, err = blosc.AppendNaNs(nil, int(nbytes), ts)
	case blosc.SpecialUninit:
		c, err = blosc.AppendUninit(nil, int(nbytes), ts)
	default:
		return nil, &FormatError{Where: "chunk", Offset: -1, Reason: "unknown special value " + k.String(), Err: ErrRange}
	}
	if err != nil {
		return nil, &FormatError{Where: "chunk", Offset: -1, Reason: "cannot build a special chunk", Err: ErrRange, Cause: err}
	}
	return c, nil
}
