// Package headerdiff compares Blosc2 frames and chunks field by field: the
// fixed frame header, the metalayers and vlmetalayers, every chunk's header
// and the decoded content. It is what `blosc2 diff` prints and what the
// tests use to compare our files with C-Blosc2's; it is internal so that
// package frame's API stays about reading and writing.
package headerdiff

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// Field is one header field for display or comparison.
type Field struct {
	Name   string // field name as in the format document
	Offset int    // byte offset of the value in the header
	Value  string // decoded value
}

// Diff is one difference between A and B.
type Diff struct {
	// Section is "header", "metalayers", "metalayer NAME", "vlmetalayer
	// NAME", "chunks", "chunk N" or "content".
	Section string `json:"section"`
	Name    string `json:"name"`   // field name
	Offset  int    `json:"offset"` // byte offset of the field in its header, -1 when none
	A       string `json:"a"`
	B       string `json:"b"`
}

func (d Diff) String() string {
	s := d.Section + ": " + d.Name
	if d.Offset >= 0 {
		s += " (offset " + strconv.Itoa(d.Offset) + ")"
	}
	return s + ": " + d.A + " | " + d.B
}

// Byte positions of the values in a frame header (README_CFRAME_FORMAT:
// each value follows a one-byte msgpack marker; the flags are the four
// bytes of a fixstr at 24).
const (
	posHeaderLen    = 11
	posFrameLen     = 16
	posGeneralFlags = 25
	posFrameType    = 26
	posCodecFlags   = 27
	posOtherFlags   = 28
	posNbytes       = 30
	posCbytes       = 39
	posTypesize     = 48
	posBlocksize    = 53
	posChunksize    = 58
	posTComp        = 63
	posTDecomp      = 66
	posHasVLMeta    = 68
	posNFilters     = 70
	posFilters      = 71
	posUDCodec      = 77
	posCodecMeta    = 78
	posFiltersMeta  = 79
	posOtherFlags2  = 85
)

// FrameFields lists the fixed frame header fields in file order, with
// their offsets.
func FrameFields(h frame.Header) []Field {
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	i := func(v int64) string { return strconv.FormatInt(v, 10) }
	x := func(v uint8) string { return fmt.Sprintf("0x%02x", v) }
	return []Field{
		{"header_len", posHeaderLen, i(int64(h.HeaderLen))},
		{"frame_len", posFrameLen, i(h.FrameLen)},
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
		{"uncompressed_size", posNbytes, i(h.Nbytes)},
		{"compressed_size", posCbytes, i(h.Cbytes)},
		{"type_size", posTypesize, i(int64(h.Typesize))},
		{"block_size", posBlocksize, i(int64(h.Blocksize))},
		{"chunk_size", posChunksize, i(int64(h.Chunksize))},
		{"tcomp", posTComp, i(int64(h.NThreadsComp))},
		{"tdecomp", posTDecomp, i(int64(h.NThreadsDecomp))},
		{"has_vlmetalayers", posHasVLMeta, strconv.FormatBool(h.HasVLMetalayers)},
		{"nfilters", posNFilters, u(uint64(h.NFilters))},
		{"filters", posFilters, fmt.Sprint(filterIDs(h.Filters))},
		{"udcodec", posUDCodec, u(uint64(h.UDCodec))},
		{"compcode_meta", posCodecMeta, u(uint64(h.CompcodeMeta))},
		{"filters_meta", posFiltersMeta, fmt.Sprint(h.FiltersMeta)},
		{"other_flags2", posOtherFlags2, x(h.OtherFlags2)},
	}
}

// ChunkFields lists the fields of a chunk header in file order, with their
// offsets in the chunk (the extended fields only for 32-byte headers).
func ChunkFields(h blosc.Header) []Field {
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	i := func(v int64) string { return strconv.FormatInt(v, 10) }
	x := func(v uint8) string { return fmt.Sprintf("0x%02x", v) }
	f := []Field{
		{"version", 0, u(uint64(h.Version))},
		{"versionlz", 1, u(uint64(h.VersionLZ))},
		{"flags", 2, x(h.Flags)},
		{"codec", 2, h.Codec().String()},
		{"memcpyed", 2, strconv.FormatBool(h.Memcpyed())},
		{"dont_split", 2, strconv.FormatBool(h.DontSplit())},
		{"typesize", 3, u(uint64(h.Typesize))},
		{"nbytes", 4, i(int64(h.Nbytes))},
		{"blocksize", 8, i(int64(h.Blocksize))},
		{"cbytes", 12, i(int64(h.Cbytes))},
		{"extended_header", 2, strconv.FormatBool(h.Extended)},
	}
	if h.Extended {
		f = append(f,
			Field{"filters", 16, fmt.Sprint(filterIDs(h.Filters))},
			Field{"udcodec", 22, u(uint64(h.UDCodec))},
			Field{"compcode_meta", 23, u(uint64(h.CompcodeMeta))},
			Field{"filters_meta", 24, fmt.Sprint(h.FiltersMeta)},
			Field{"blosc2_flags2", 30, x(h.Blosc2Flags2)},
			Field{"blosc2_flags", 31, x(h.Blosc2Flags)},
			Field{"special", 31, h.Special().String()},
		)
	}
	return f
}

// filterIDs returns the numeric ids of a pipeline, as stored.
func filterIDs(f [blosc.MaxFilters]blosc.Filter) (ids [blosc.MaxFilters]uint8) {
	for i := range f {
		ids[i] = uint8(f[i])
	}
	return ids
}

// Fields compares two field lists by name (a field missing on one side
// compares as "-").
func Fields(section string, a, b []Field) []Diff {
	var out []Diff
	inB := map[string]Field{}
	for _, f := range b {
		inB[f.Name] = f
	}
	seen := map[string]bool{}
	for _, fa := range a {
		seen[fa.Name] = true
		fb, ok := inB[fa.Name]
		vb := "-"
		if ok {
			vb = fb.Value
		}
		if fa.Value != vb {
			out = append(out, Diff{Section: section, Name: fa.Name, Offset: fa.Offset, A: fa.Value, B: vb})
		}
	}
	for _, fb := range b {
		if !seen[fb.Name] {
			out = append(out, Diff{Section: section, Name: fb.Name, Offset: fb.Offset, A: "-", B: fb.Value})
		}
	}
	return out
}

// Headers compares two frame headers field by field.
func Headers(a, b frame.Header) []Diff {
	return Fields("header", FrameFields(a), FrameFields(b))
}

// Chunks compares two chunk headers field by field.
func Chunks(section string, a, b blosc.Header) []Diff {
	return Fields(section, ChunkFields(a), ChunkFields(b))
}

// Layers compares two lists of (vl)metalayers by name and content.
func Layers(section string, a, b []frame.Metalayer) []Diff {
	var out []Diff
	names := func(ls []frame.Metalayer) string {
		s := "["
		for i, m := range ls {
			if i > 0 {
				s += " "
			}
			s += m.Name
		}
		return s + "]"
	}
	if na, nb := names(a), names(b); na != nb {
		out = append(out, Diff{Section: section, Name: "names", Offset: -1, A: na, B: nb})
	}
	inB := map[string][]byte{}
	for _, m := range b {
		inB[m.Name] = m.Content
	}
	for _, m := range a {
		cb, ok := inB[m.Name]
		if !ok || bytes.Equal(m.Content, cb) {
			continue
		}
		out = append(out, Diff{Section: section[:len(section)-1] + " " + m.Name, Name: "content", Offset: -1,
			A: describeBytes(m.Content, cb), B: describeBytes(cb, m.Content)})
	}
	return out
}

// describeBytes shows a short content in hex, a long one by its length and
// the first byte that differs from other.
func describeBytes(b, other []byte) string {
	if len(b) <= 32 {
		return hex.EncodeToString(b)
	}
	k := firstDiff(b, other)
	if k < len(b) {
		return strconv.Itoa(len(b)) + " bytes, byte " + strconv.Itoa(k) + " = 0x" + hex.EncodeToString(b[k:k+1])
	}
	return strconv.Itoa(len(b)) + " bytes"
}

func firstDiff(a, b []byte) int {
	n := len(a)
	if len(b) < n {
		n = len(b)
	}
	for k := 0; k < n; k++ {
		if a[k] != b[k] {
			return k
		}
	}
	return n
}

// Options select what Frames compares beyond the headers and metalayers.
type Options struct {
	NoChunks  bool // skip the per-chunk header comparison
	NoContent bool // skip decoding and comparing the content
}

// Frames compares two frames: the header, metalayers, vlmetalayers, the
// number of chunks, each chunk's header (or special kind) and, chunk by
// chunk, the decoded content, reporting its first differing byte. Memory
// use is a chunk of each frame at a time. The error is for a frame that
// cannot be read.
func Frames(a, b *frame.Frame, o Options) ([]Diff, error) {
	out := Headers(a.Header(), b.Header())
	out = append(out, Layers("metalayers", a.Metalayers(), b.Metalayers())...)
	va, err := a.VLMetalayers()
	if err != nil {
		return out, fmt.Errorf("A: %w", err)
	}
	vb, err := b.VLMetalayers()
	if err != nil {
		return out, fmt.Errorf("B: %w", err)
	}
	out = append(out, Layers("vlmetalayers", va, vb)...)
	na, nb := a.NChunks(), b.NChunks()
	if na != nb {
		out = append(out, Diff{Section: "chunks", Name: "nchunks", Offset: -1, A: strconv.Itoa(na), B: strconv.Itoa(nb)})
	}
	n := na
	if nb < n {
		n = nb
	}
	if !o.NoChunks {
		for i := 0; i < n; i++ {
			d, err := chunkPair(a, b, i)
			if err != nil {
				return out, err
			}
			out = append(out, d...)
		}
	}
	if !o.NoContent {
		d, err := content(a, b)
		if err != nil {
			return out, err
		}
		out = append(out, d...)
	}
	return out, nil
}

// chunkPair compares the headers (or special kinds) of chunk i.
func chunkPair(a, b *frame.Frame, i int) ([]Diff, error) {
	section := "chunk " + strconv.Itoa(i)
	ra, ka, err := a.RawChunk(i)
	if err != nil {
		return nil, fmt.Errorf("A: %w", err)
	}
	rb, kb, err := b.RawChunk(i)
	if err != nil {
		return nil, fmt.Errorf("B: %w", err)
	}
	if ka != kb {
		return []Diff{{Section: section, Name: "index special", Offset: -1, A: ka.String(), B: kb.String()}}, nil
	}
	if ra == nil {
		return nil, nil
	}
	ha, err := blosc.ReadHeader(ra)
	if err != nil {
		return nil, fmt.Errorf("A: %s: %w", section, err)
	}
	hb, err := blosc.ReadHeader(rb)
	if err != nil {
		return nil, fmt.Errorf("B: %s: %w", section, err)
	}
	return Chunks(section, ha, hb), nil
}

// content compares the decoded bytes of two frames chunk by chunk (their
// chunk sizes may differ) and reports the first differing byte and a
// difference in length.
func content(a, b *frame.Frame) ([]Diff, error) {
	var bufA, bufB []byte // decoded bytes not compared yet
	var scratchA, scratchB []byte
	ia, ib := 0, 0
	var pos int64
	for {
		for len(bufA) == 0 && ia < a.NChunks() {
			var err error
			if scratchA, err = a.Chunk(scratchA[:0], ia); err != nil {
				return nil, fmt.Errorf("A: %w", err)
			}
			bufA, ia = scratchA, ia+1
		}
		for len(bufB) == 0 && ib < b.NChunks() {
			var err error
			if scratchB, err = b.Chunk(scratchB[:0], ib); err != nil {
				return nil, fmt.Errorf("B: %w", err)
			}
			bufB, ib = scratchB, ib+1
		}
		if len(bufA) == 0 || len(bufB) == 0 {
			break
		}
		k := firstDiff(bufA, bufB)
		if k < len(bufA) && k < len(bufB) {
			at := strconv.FormatInt(pos+int64(k), 10)
			return []Diff{{Section: "content", Name: "first difference at decoded byte " + at, Offset: -1,
				A: "0x" + hex.EncodeToString(bufA[k:k+1]), B: "0x" + hex.EncodeToString(bufB[k:k+1])}}, nil
		}
		pos += int64(k)
		bufA, bufB = bufA[k:], bufB[k:]
	}
	if a.Nbytes() != b.Nbytes() {
		return []Diff{{Section: "content", Name: "decoded length (equal up to the shorter)", Offset: -1,
			A: strconv.FormatInt(a.Nbytes(), 10), B: strconv.FormatInt(b.Nbytes(), 10)}}, nil
	}
	return nil, nil
}

// ChunkBytes compares two chunks: header fields and, when decode is set,
// the decoded content.
func ChunkBytes(a, b []byte, decode bool) ([]Diff, error) {
	ha, err := blosc.ReadHeader(a)
	if err != nil {
		return nil, fmt.Errorf("A: %w", err)
	}
	hb, err := blosc.ReadHeader(b)
	if err != nil {
		return nil, fmt.Errorf("B: %w", err)
	}
	out := Chunks("chunk", ha, hb)
	if !decode {
		return out, nil
	}
	da, err := blosc.Decompress(nil, a)
	if err != nil {
		return out, fmt.Errorf("A: %w", err)
	}
	db, err := blosc.Decompress(nil, b)
	if err != nil {
		return out, fmt.Errorf("B: %w", err)
	}
	k := firstDiff(da, db)
	switch {
	case k < len(da) && k < len(db):
		out = append(out, Diff{Section: "content", Name: "first difference at decoded byte " + strconv.Itoa(k), Offset: -1,
			A: "0x" + hex.EncodeToString(da[k:k+1]), B: "0x" + hex.EncodeToString(db[k:k+1])})
	case len(da) != len(db):
		out = append(out, Diff{Section: "content", Name: "decoded length (equal up to the shorter)", Offset: -1,
			A: strconv.Itoa(len(da)), B: strconv.Itoa(len(db))})
	}
	return out, nil
}
