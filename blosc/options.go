package blosc

import (
	"strconv"
)

// Format selects the header an Encoder writes.
type Format uint8

// Chunk formats an Encoder can write.
const (
	// FormatBlosc2 is the chunk C-Blosc2 writes: format version 5 with the
	// 32-byte extended header (six filter slots, run-length streams,
	// special values, dictionaries).
	FormatBlosc2 Format = 0
	// FormatBlosc1 is the 16-byte header chunk of format version 2, readable
	// by C-Blosc 1.x, numcodecs and Zarr's "blosc" codec. It can express
	// only one SHUFFLE or BITSHUFFLE filter, no dictionary and no run or
	// special-value encodings; its blocks are split into streams only where C-Blosc 1.x
	// expects it (typesize <= 16 and at least 128 elements per block).
	FormatBlosc1 Format = 1
)

// String returns "blosc2" or "blosc1", or "format(N)".
func (f Format) String() string {
	switch f {
	case FormatBlosc2:
		return "blosc2"
	case FormatBlosc1:
		return "blosc1"
	}
	return "format(" + strconv.Itoa(int(f)) + ")"
}

// SplitMode says when an encoder splits a block into one stream per byte of
// the type. Decoding needs only the header's dont-split flag; the mode is
// defined here for encoders and tools.
type SplitMode uint8

// Split modes (the values of C-Blosc2's splitmode parameter).
const (
	SplitAlways        SplitMode = 1
	SplitNever         SplitMode = 2
	SplitAuto          SplitMode = 3
	SplitForwardCompat SplitMode = 4
)

// String returns "always", "never", "auto", "forward_compat" or "splitmode(N)".
func (m SplitMode) String() string {
	switch m {
	case SplitAlways:
		return "always"
	case SplitNever:
		return "never"
	case SplitAuto:
		return "auto"
	case SplitForwardCompat:
		return "forward_compat"
	}
	return "splitmode(" + strconv.Itoa(int(m)) + ")"
}

// Options are the compression parameters of an Encoder. Start from
// DefaultOptions: the zero Options is not valid (its Typesize and SplitMode
// are 0).
//
// The defaults are python-blosc2's: Codec Zstd, Clevel 5, Typesize 8,
// Filters {NoFilter x5, Shuffle} (SHUFFLE in the last slot), FiltersMeta all
// 0, Blocksize 0 (automatic), SplitMode SplitAuto, Workers 0, no dictionary
// (Dict nil, UseDict false), Format FormatBlosc2.
type Options struct {
	// Codec is the compressor: BloscLZ, LZ4, LZ4HC, Zlib or Zstd (Snappy
	// is decoded only: it gives an error wrapping ErrUnsupported).
	Codec Codec
	// Clevel is the compression level, 0 (store uncompressed) to 9, used
	// as C-Blosc2 uses it. BloscLZ, LZ4 (acceleration 10-Clevel) and LZ4HC
	// (level Clevel) give C-Blosc2's bytes. Zstd is our own encoder at the
	// zstd level C-Blosc2 passes (2*Clevel-1; 15 at Clevel 8, 22 at 9),
	// with C-Blosc2's sizes. Zlib at Clevel 2-9 is our own deflate encoder
	// at level Clevel, with C-Blosc2's sizes or smaller; at Clevel 1,
	// klauspost/compress's level 3, about as large and as fast as
	// C-Blosc2's.
	Clevel int
	// Typesize is the size of the elements in bytes, 1 to 255. It drives
	// the filters, the automatic blocksize and the split into streams.
	Typesize int
	// Filters is the filter pipeline, applied in increasing slot order
	// before compression: NoFilter, Shuffle, BitShuffle, Delta, TruncPrec,
	// ByteDelta or IntTrunc.
	Filters [MaxFilters]Filter
	// FiltersMeta is the parameter of each filter slot: for Shuffle the
	// byte-group size (0: Typesize); for ByteDelta its typesize (0 is
	// written as Typesize); for TruncPrec and IntTrunc the precision in
	// bits as a signed byte (positive: bits to keep, negative: bits to
	// drop; TruncPrec needs Typesize 4 or 8, IntTrunc 1, 2, 4 or 8).
	FiltersMeta [MaxFilters]uint8
	// Blocksize is the size of the blocks in bytes; 0 chooses it as
	// C-Blosc2 does (from Clevel, Typesize, Codec and the split). An
	// explicit blocksize is rounded down to a multiple of Typesize (and
	// clamped to the input size).
	Blocksize int
	// SplitMode says when a block is split into one stream per byte of the
	// type: SplitAlways, SplitNever, SplitAuto or SplitForwardCompat (the
	// last two follow C-Blosc2's rule: BloscLZ, LZ4 and Zstd up to Clevel
	// 5, with SHUFFLE, Typesize <= 16 and at least 32 elements per block).
	SplitMode SplitMode
	// Workers is how many goroutines compress the blocks of one chunk; 0
	// means runtime.GOMAXPROCS(0). The output does not depend on it. The
	// helper goroutines wait about 0.2 ms, spinning, for the next chunk
	// before they exit.
	Workers int
	// Dict is an optional dictionary (at most MaxDictSize bytes), stored
	// in every chunk and used for every stream: for Zstd, zstd's
	// dictionary format or raw content; for LZ4 and LZ4HC, raw content
	// the streams may refer to, as C-Blosc2 3.x writes and reads them.
	// Only with Codec Zstd, LZ4 or LZ4HC and FormatBlosc2.
	Dict []byte
	// UseDict trains a dictionary from each chunk's own data (after the
	// filters) and stores it in the chunk, where every stream of the
	// chunk may refer to it: C-Blosc2's use_dict (python-blosc2's
	// CParams.use_dict). It pays for chunks of many small, similar
	// streams; a chunk whose dictionary would not save more than its own
	// size, and chunks below 5 KiB, are written without one. Only with
	// Codec Zstd, LZ4 or LZ4HC, FormatBlosc2 and no Dict. See the
	// package documentation ("Dictionaries") for how the dictionary is
	// trained, what it costs and where that differs from C-Blosc2. Each
	// worker compressing chunks keeps the training's tables: with Zstd
	// up to the chunk's size (at most about 10 MiB plus a fifth of the
	// chunk), with LZ4 and LZ4HC a sixteenth of it.
	UseDict bool
	// Format is the chunk format: FormatBlosc2 (default) or FormatBlosc1.
	Format Format
}

// DefaultOptions returns python-blosc2's default compression parameters.
func DefaultOptions() Options {
	o := Options{
		Codec:     Zstd,
		Clevel:    5,
		Typesize:  8,
		SplitMode: SplitAuto,
		Format:    FormatBlosc2,
	}
	o.Filters[MaxFilters-1] = Shuffle
	return o
}

// check validates o and returns it normalized (ByteDelta meta 0 -> Typesize).
func (o Options) check() (Options, error) {
	switch o.Format {
	case FormatBlosc2, FormatBlosc1:
	default:
		return o, optionError("Format", "unknown format "+o.Format.String())
	}
	switch o.Codec {
	case BloscLZ, LZ4, LZ4HC, Zlib, Zstd:
	case Snappy:
		// Decoded but never written: C-Blosc2 cannot read Snappy chunks.
		return o, &OptionError{Field: "Codec", Reason: "snappy chunks are decoded but not written " +
			"(C-Blosc2 removed the codec; use lz4 for a fast codec that C-Blosc 1.x also reads)", unsupported: true}
	default:
		return o, optionError("Codec", "cannot compress with "+o.Codec.String()+" (use blosclz, lz4, lz4hc, zlib or zstd)")
	}
	if o.Clevel < 0 || o.Clevel > 9 {
		return o, optionError("Clevel", strconv.Itoa(o.Clevel)+" not in 0..9")
	}
	if o.Typesize < 1 || o.Typesize > MaxTypesize {
		return o, optionError("Typesize", strconv.Itoa(o.Typesize)+" not in 1..255")
	}
	if o.Blocksize < 0 || o.Blocksize > MaxBlocksize {
		return o, optionError("Blocksize", strconv.Itoa(o.Blocksize)+" not in 0.."+strconv.Itoa(MaxBlocksize))
	}
	switch o.SplitMode {
	case SplitAlways, SplitNever, SplitAuto, SplitForwardCompat:
	default:
		return o, optionError("SplitMode", "unknown split mode "+o.SplitMode.String())
	}
	if o.Workers < 0 {
		return o, optionError("Workers", "negative")
	}
	if o.Dict != nil {
		switch {
		case o.Codec != Zstd && o.Codec != LZ4 && o.Codec != LZ4HC:
			return o, optionError("Dict", "a dictionary needs Codec zstd, lz4 or lz4hc")
		case o.Format != FormatBlosc2:
			return o, optionError("Dict", "the blosc1 format cannot hold a dictionary")
		case len(o.Dict) == 0 || len(o.Dict) > MaxDictSize:
			return o, optionError("Dict", "size "+strconv.Itoa(len(o.Dict))+" not in 1.."+strconv.Itoa(MaxDictSize))
		}
	}
	if o.UseDict {
		switch {
		case o.Codec != Zstd && o.Codec != LZ4 && o.Codec != LZ4HC:
			return o, optionError("UseDict", "dictionaries need Codec zstd, lz4 or lz4hc (not "+o.Codec.String()+")")
		case o.Format != FormatBlosc2:
			return o, optionError("UseDict", "the blosc1 format cannot hold a dictionary")
		case o.Dict != nil:
			return o, optionError("UseDict", "a chunk holds one dictionary: set Dict or UseDict, not both")
		}
	}
	for i, f := range o.Filters {
		field := "Filters[" + strconv.Itoa(i) + "]"
		meta := o.FiltersMeta[i]
		switch f {
		case NoFilter, Shuffle, BitShuffle, Delta:
		case TruncPrec:
			if o.Typesize != 4 && o.Typesize != 8 {
				return o, optionError(field, "trunc_prec needs typesize 4 or 8")
			}
			mbits := 23
			if o.Typesize == 8 {
				mbits = 52
			}
			if _, ok := truncMaskBits(int8(meta), mbits); !ok {
				return o, optionError("FiltersMeta["+strconv.Itoa(i)+"]", "trunc_prec precision "+strconv.Itoa(int(int8(meta)))+" not in -"+strconv.Itoa(mbits-1)+"..-1 or 1.."+strconv.Itoa(mbits))
			}
		case IntTrunc:
			if o.Typesize != 1 && o.Typesize != 2 && o.Typesize != 4 && o.Typesize != 8 {
				return o, optionError(field, "int_trunc needs typesize 1, 2, 4 or 8")
			}
			ibits := 8 * o.Typesize
			if _, ok := truncMaskBits(int8(meta), ibits); !ok {
				return o, optionError("FiltersMeta["+strconv.Itoa(i)+"]", "int_trunc precision "+strconv.Itoa(int(int8(meta)))+" not in -"+strconv.Itoa(ibits-1)+"..-1 or 1.."+strconv.Itoa(ibits))
			}
		case ByteDelta:
			if meta == 0 {
				o.FiltersMeta[i] = uint8(o.Typesize)
			}
		default:
			return o, optionError(field, "cannot encode filter "+f.String())
		}
	}
	if o.Format == FormatBlosc1 {
		if _, err := o.blosc1Flags(); err != nil {
			return o, err
		}
	}
	if o.Dict != nil {
		o.Dict = append([]byte(nil), o.Dict...)
	}
	return o, nil
}

// blosc1Flags returns the filter bits of a 16-byte header for the
// pipeline, or an error when C-Blosc 1.x cannot express it: its pipeline is
// at most one SHUFFLE or BITSHUFFLE, without parameters (C-Blosc 1.x
// rejects chunks with the DELTA bit that C-Blosc2 defines).
func (o Options) blosc1Flags() (uint8, error) {
	var flags uint8
	n := 0
	for i, f := range o.Filters {
		if f == NoFilter {
			continue
		}
		field := "Filters[" + strconv.Itoa(i) + "]"
		switch f {
		case Shuffle:
			flags = FlagShuffle
		case BitShuffle:
			flags = FlagBitShuffle
		default:
			return 0, optionError(field, "the blosc1 format cannot express filter "+f.String()+" (only shuffle or bitshuffle)")
		}
		if o.FiltersMeta[i] != 0 {
			return 0, optionError("FiltersMeta["+strconv.Itoa(i)+"]", "the blosc1 format has no filter parameters")
		}
		if n++; n > 1 {
			return 0, optionError("Filters", "the blosc1 format holds at most one shuffle or bitshuffle")
		}
	}
	return flags, nil
}

// hasFilter reports whether f is in the pipeline.
func (o *Options) hasFilter(f Filter) bool {
	for _, g := range o.Filters {
		if g == f {
			return true
		}
	}
	return false
}
