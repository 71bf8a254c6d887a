package frame

import "github.com/blosc2go/blosc2/blosc"

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
		},
		CompcodeMeta: h.CompcodeMeta, UseDict: h.UseDict,
		NThreadsComp: int(h.NThreadsComp), NThreadsDecomp: int(h.NThreadsDecomp),
		Metalayers: meta,
	}
}
