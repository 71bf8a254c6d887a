package frame

import "github.com/blosc2go/blosc2/blosc"

// Params are the parameters of a new frame: the compression parameters
// of its chunks (the embedded blosc.Options, which the header records and
// BloscCompressor compresses with) and what the header records besides.
// Start from DefaultParams.
//
// Options.UseDict is the header's use_dict flag (C-Blosc2's): chunks
// compressed by BloscCompressor then carry a dictionary trained from their
// own data, and a frame whose header has the flag appends such chunks
// (Frame.Params reports it). NewWriter and NewSparseWriter refuse it with
// a codec that cannot hold a dictionary (C-Blosc2 refuses to compress with
// one); such a flag in an existing file's header is kept and ignored by
// BloscCompressor.
//
// In a frame, Options.Typesize is the frame's item size and may exceed
// 255 (b2nd arrays of structured dtypes): chunks then record typesize 1,
// as C-Blosc2 writes them; 0 means 8. A zero Options.SplitMode is
// recorded as blosc.SplitForwardCompat. Options.Codec may be a plugin or
// user codec id, recorded as C-Blosc2 does (ids from 6 up are flagged as
// user-defined, the id kept in the udcodec byte); such frames need
// WithCompress to append data. Options.Format must be
// blosc.FormatBlosc2.
type Params struct {
	blosc.Options
	// CompcodeMeta is the codec parameter recorded in the header.
	CompcodeMeta uint8
	// Chunksize, when positive, is the chunk size recorded before any chunk
	// is appended (C-Blosc2's b2nd arrays do this); 0 means "set by the
	// first chunk".
	Chunksize int
	// NThreadsComp and NThreadsDecomp are recorded only (0: 1).
	NThreadsComp, NThreadsDecomp int

	// Metalayers are fixed at creation (at most 16, names up to 31 bytes).
	Metalayers []Metalayer
	// VLMetalayers are the initial variable-length metalayers.
	VLMetalayers []Metalayer
}

// DefaultParams returns python-blosc2's default parameters: the
// compression parameters of blosc.DefaultOptions (Zstd, clevel 5,
// typesize 8, SHUFFLE in the last filter slot, split mode AUTO) and one
// compression and decompression thread recorded.
func DefaultParams() Params {
	return Params{Options: blosc.DefaultOptions(), NThreadsComp: 1, NThreadsDecomp: 1}
}

func (p *Params) normalize() error {
	if p.Typesize == 0 {
		p.Typesize = 8
	}
	if p.SplitMode == 0 {
		p.SplitMode = blosc.SplitForwardCompat
	}
	if p.NThreadsComp == 0 {
		p.NThreadsComp = 1
	}
	if p.NThreadsDecomp == 0 {
		p.NThreadsDecomp = 1
	}
	bad := func(r string) error { return &FormatError{Where: "params", Offset: -1, Reason: r, Err: ErrRange} }
	const maxInt32 = 1<<31 - 1
	if p.Typesize < 0 || int64(p.Typesize) > maxInt32 || p.Blocksize < 0 || int64(p.Blocksize) > maxInt32 ||
		p.Chunksize < 0 || int64(p.Chunksize) > maxInt32 || p.Clevel < 0 || p.Clevel > 15 || p.SplitMode > blosc.SplitForwardCompat {
		return bad("typesize, blocksize, chunksize, clevel or splitmode out of range")
	}
	if p.NThreadsComp < 0 || p.NThreadsComp > 1<<15-1 || p.NThreadsDecomp < 0 || p.NThreadsDecomp > 1<<15-1 {
		return bad("thread counts out of range")
	}
	if p.Format != blosc.FormatBlosc2 {
		return bad("a frame holds Blosc2 chunks (Options.Format " + itoa(int64(p.Format)) + ")")
	}
	if len(p.Metalayers) > MaxMetalayers {
		return bad("more than 16 metalayers")
	}
	if err := checkLayers(p.Metalayers); err != nil {
		return err
	}
	return checkLayers(p.VLMetalayers)
}

func checkLayers(ls []Metalayer) error {
	seen := map[string]bool{}
	for _, m := range ls {
		if err := checkMetaName(m.Name); err != nil {
			return err
		}
		if seen[m.Name] {
			return &FormatError{Where: "metalayer", Offset: -1, Reason: "duplicate name " + m.Name, Err: ErrRange}
		}
		seen[m.Name] = true
		if int64(len(m.Content)) > 1<<31-1 {
			return &FormatError{Where: "metalayer", Offset: -1, Reason: m.Name + " too large", Err: ErrRange}
		}
	}
	return nil
}

// Params returns the compression parameters recorded in the frame's
// header (typesize, codec and its parameter, level, split mode, block
// size, filters, dictionary flag, thread counts) and its fixed
// metalayers: what new chunks of this frame should be compressed with,
// e.g. BloscCompressor(f.Params()) before Editor.AppendChunk, so that data
// appended to an existing frame matches the chunks already there.
func (f *Frame) Params() Params { return headerParams(&f.hdr, f.Metalayers()) }

// headerParams returns the parameters h records, with metalayers meta.
func headerParams(h *Header, meta []Metalayer) Params {
	return Params{
		Options: blosc.Options{
			Codec: h.Codec, Clevel: int(h.Clevel), Typesize: int(h.Typesize), Filters: h.Filters,
			FiltersMeta: h.FiltersMeta, Blocksize: int(h.Blocksize), SplitMode: h.SplitMode,
			UseDict: h.UseDict,
		},
		CompcodeMeta: h.CompcodeMeta,
		NThreadsComp: int(h.NThreadsComp), NThreadsDecomp: int(h.NThreadsDecomp),
		Metalayers: meta,
	}
}
