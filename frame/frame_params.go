package frame

// Params returns the compression parameters recorded in the frame's
// header (typesize, codec and its parameter, level, split mode, block
// size, filters, dictionary flag, thread counts) and its fixed
// metalayers: what new chunks of this frame should be compressed with,
// e.g. BloscCompressor(f.Params()) before Editor.AppendChunk, so that data
// appended to an existing frame matches the chunks already there.
func (f *Frame) Params() Params {
	h := f.hdr
	return Params{
		Typesize: h.Typesize, Codec: h.Codec, CompcodeMeta: h.CompcodeMeta, Clevel: h.Clevel,
		SplitMode: h.SplitMode, Blocksize: h.Blocksize, Filters: h.Filters, FiltersMeta: h.FiltersMeta,
		UseDict: h.UseDict, NThreadsComp: h.NThreadsComp, NThreadsDecomp: h.NThreadsDecomp,
		Metalayers: f.Metalayers(),
	}
}
