package frame

import (
	"fmt"
	"strconv"

	"github.com/blosc2go/blosc2/blosc"
)

// Field is one header field for display or comparison.
type Field struct {
	Name   string // field name as in the format document
	Offset int    // byte offset of the value in the header
	Value  string // decoded value
}

// Fields lists the fixed header fields in file order, with their offsets:
// what a dump or a comparison of two frames' headers shows.
func (h Header) Fields() []Field {
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	i := func(v int64) string { return strconv.FormatInt(v, 10) }
	x := func(v uint8) string { return fmt.Sprintf("0x%02x", v) }
	return []Field{
		{"header_len", posHeaderLen + 1, i(int64(h.HeaderLen))},
		{"frame_len", posFrameLen + 1, i(h.FrameLen)},
		{"general_flags", posGeneralFlags, x(h.GeneralFlags)},
		{"format_version", posGeneralFlags, u(uint64(h.Version))},
		{"variable_chunks", posGeneralFlags, strconv.FormatBool(h.VariableChunks)},
		{"vl_blocks", posGeneralFlags, strconv.FormatBool(h.VLBlocks)},
		{"frame_type", posFrameType, h.Type.String()},
		{"codec_flags", posCodecFlags, x(h.CodecFlags)},
		{"compcode", posCodecFlags, u(uint64(h.Codec))},
		{"clevel", posCodecFlags, u(uint64(h.Clevel))},
		{"other_flags", posOtherFlags, x(h.OtherFlags)},
		{"splitmode", posOtherFlags, u(uint64(h.SplitMode))},
		{"uncompressed_size", posNbytes + 1, i(h.Nbytes)},
		{"compressed_size", posCbytes + 1, i(h.Cbytes)},
		{"type_size", posTypesize + 1, i(int64(h.Typesize))},
		{"block_size", posBlocksize + 1, i(int64(h.Blocksize))},
		{"chunk_size", posChunksize + 1, i(int64(h.Chunksize))},
		{"tcomp", posTComp + 1, i(int64(h.NThreadsComp))},
		{"tdecomp", posTDecomp + 1, i(int64(h.NThreadsDecomp))},
		{"has_vlmetalayers", posHasVLMeta, strconv.FormatBool(h.HasVLMetalayers)},
		{"nfilters", posNFilters, u(uint64(h.NFilters))},
		{"filters", posFilters, fmt.Sprint(filterIDs(h.Filters))},
		{"udcodec", posUDCodec, u(uint64(h.UDCodec))},
		{"compcode_meta", posCodecMeta, u(uint64(h.CompcodeMeta))},
		{"filters_meta", posFiltersMeta, fmt.Sprint(h.FiltersMeta)},
		{"other_flags2", posOtherFlags2, x(h.OtherFlags2)},
	}
}

// filterIDs returns the numeric ids of a pipeline, as stored.
func filterIDs(f [blosc.MaxFilters]blosc.Filter) (ids [blosc.MaxFilters]uint8) {
	for i := range f {
		ids[i] = uint8(f[i])
	}
	return ids
}

// FieldDiff is a header field whose value differs between two frames.
type FieldDiff struct {
	Name   string
	Offset int
	A, B   string
}

// DiffHeaders compares two headers field by field.
func DiffHeaders(a, b Header) []FieldDiff {
	fa, fb := a.Fields(), b.Fields()
	var out []FieldDiff
	for k := range fa {
		if fa[k].Value != fb[k].Value {
			out = append(out, FieldDiff{Name: fa[k].Name, Offset: fa[k].Offset, A: fa[k].Value, B: fb[k].Value})
		}
	}
	return out
}
