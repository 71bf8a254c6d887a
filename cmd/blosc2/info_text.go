package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// The text form of the info report: "name  value  (meaning)" lines in
// sections, aligned with a tabwriter.

const textPreview = 24 // metalayer bytes shown in hex in the text report

func newTab(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
}

// trimLines removes the padding tabwriter leaves at the end of lines.
func trimLines(b []byte) []byte {
	lines := strings.SplitAfter(string(b), "\n")
	var out strings.Builder
	for _, l := range lines {
		nl := strings.HasSuffix(l, "\n")
		out.WriteString(strings.TrimRight(l, " \n"))
		if nl {
			out.WriteByte('\n')
		}
	}
	return []byte(out.String())
}

// field prints one aligned line; note, when not empty, goes in parentheses.
func field(tw io.Writer, indent, name string, value any, note string) {
	if note != "" {
		fmt.Fprintf(tw, "%s%s\t%v\t(%s)\n", indent, name, value, note)
		return
	}
	fmt.Fprintf(tw, "%s%s\t%v\t\n", indent, name, value)
}

func writeChunkText(w io.Writer, r *chunkReport) {
	h, d := &r.Header, &r.Derived
	fmt.Fprintf(w, "file: %s\n", r.File)
	fmt.Fprintf(w, "kind: chunk, %s, %d-byte header, %d bytes\n", d.FormatName, d.HeaderLen, r.FileSize)
	fmt.Fprintln(w, "header:")
	tw := newTab(w)
	const in = "  "
	field(tw, in, "version", h.Version, d.FormatName)
	field(tw, in, "versionlz", h.VersionLZ, "")
	field(tw, in, "flags", h.FlagsHex, flagsNote(h))
	field(tw, in, "typesize", h.Typesize, "")
	field(tw, in, "nbytes", h.Nbytes, "uncompressed")
	if d.VLBlocks {
		field(tw, in, "blocksize", h.Blocksize, "number of variable-length blocks")
	} else {
		field(tw, in, "blocksize", h.Blocksize, "")
	}
	field(tw, in, "cbytes", h.Cbytes, fmt.Sprintf("ratio %.3f", d.Ratio))
	if h.Extended {
		field(tw, in, "filters", intList(h.Filters[:]), strings.Join(filterNames(h.Filters[:]), " "))
		field(tw, in, "udcodec", *h.UDCodec, codecName(*h.UDCodec))
		field(tw, in, "compcode_meta", *h.CompcodeMeta, "")
		field(tw, in, "filters_meta", intList(h.FiltersMeta[:]), "")
		field(tw, in, "blosc2_flags2", fmt.Sprintf("0x%02x", *h.Blosc2Flags2), blosc2Flags2Note(*h.Blosc2Flags2))
		field(tw, in, "blosc2_flags", h.Blosc2FlagsHex, blosc2FlagsNote(*h.Blosc2Flags, d.Special))
	}
	tw.Flush()
	fmt.Fprintln(w, "derived:")
	tw = newTab(w)
	switch {
	case d.Special != "none":
		field(tw, in, "codec", d.Codec, "not used: special chunk")
	case h.FlagMemcpyed:
		field(tw, in, "codec", d.Codec, "not used: blocks stored uncompressed")
	default:
		field(tw, in, "codec", d.Codec, "")
	}
	pipe := strings.Join(d.Filters, ", ")
	if pipe == "" {
		pipe = "none"
	}
	field(tw, in, "filters", pipe, "in encoding order")
	field(tw, in, "special", specialText(d.Special), "")
	if d.Value != "" {
		field(tw, in, "value", d.Value, "hex")
	}
	blocks := fmt.Sprint(d.NBlocks)
	note := ""
	if d.Leftover != 0 {
		note = fmt.Sprintf("last block of %d bytes", d.Leftover)
	}
	field(tw, in, "blocks", blocks, note)
	switch {
	case d.StreamsPerBlock == 0:
		field(tw, in, "streams", "none", "no compressed streams")
	case d.StreamsPerBlock == 1:
		field(tw, in, "streams", "1 per block", "")
	default:
		field(tw, in, "streams", fmt.Sprintf("%d per full block", d.StreamsPerBlock), "split by byte of the type; the leftover block is one stream")
	}
	field(tw, in, "dictionary", d.Dict, "")
	field(tw, in, "lazy", d.Lazy, "")
	tw.Flush()
}

func intList[T any](v []T) string {
	s := make([]string, len(v))
	for i := range v {
		s[i] = fmt.Sprint(v[i])
	}
	return "[" + strings.Join(s, " ") + "]"
}

func filterNames(ids []int) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = filterName(id)
	}
	return out
}

func flagsNote(h *chunkHeader) string {
	var parts []string
	if h.Extended {
		parts = append(parts, "bits 0+2: extended header")
	} else {
		if h.FlagShuffle {
			parts = append(parts, "shuffle")
		}
		if h.FlagBitShuffle {
			parts = append(parts, "bitshuffle")
		}
	}
	if h.FlagMemcpyed {
		parts = append(parts, "memcpyed")
	}
	if h.FlagDelta {
		parts = append(parts, "delta")
	}
	if h.FlagDontSplit {
		parts = append(parts, "dont_split")
	}
	parts = append(parts, fmt.Sprintf("compformat %d = %s", h.FlagsCompformat, compformatName(uint8(h.FlagsCompformat))))
	return strings.Join(parts, ", ")
}

func blosc2FlagsNote(f int, special string) string {
	var parts []string
	if f&0x01 != 0 {
		parts = append(parts, "dictionary")
	}
	if f&0x02 != 0 {
		parts = append(parts, "big endian data")
	}
	if f&0x08 != 0 {
		parts = append(parts, "lazy")
	}
	if f&0x70 != 0 {
		parts = append(parts, "special value: "+specialText(special))
	}
	if f&0x80 != 0 {
		parts = append(parts, "instrumented codec")
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ", ")
}

func blosc2Flags2Note(f int) string {
	if f&0x01 != 0 {
		return "variable-length blocks"
	}
	return ""
}

func writeFrameText(w io.Writer, r *frameReport) {
	h := &r.FrameHeader
	fmt.Fprintf(w, "file: %s\n", r.File)
	kind := r.Kind
	switch r.Kind {
	case kindFrame:
		kind = "frame (contiguous)"
	case kindSparse:
		kind = "sparse frame (directory)"
	case kindB2ND:
		kind = "b2nd array in a " + h.FrameTypeName + " frame"
	}
	fmt.Fprintf(w, "kind: %s, %d bytes\n", kind, r.FileSize)
	fmt.Fprintln(w, "frame header:")
	tw := newTab(w)
	const in = "  "
	field(tw, in, "header_len", h.HeaderLen, "")
	field(tw, in, "frame_len", h.FrameLen, "")
	gf := fmt.Sprintf("format version %d", h.FormatVersion)
	if h.OffsetsBits != 0 {
		gf += fmt.Sprintf(", %d-bit offsets", h.OffsetsBits)
	}
	if h.VariableChunks {
		gf += ", variable chunk sizes"
	}
	if h.VLBlocks {
		gf += ", variable-length blocks"
	}
	field(tw, in, "general_flags", h.GeneralFlagsHex, gf)
	field(tw, in, "frame_type", h.FrameType, h.FrameTypeName)
	field(tw, in, "codec_flags", h.CodecFlagsHex, fmt.Sprintf("codec %s, clevel %d", h.Codec, h.Clevel))
	field(tw, in, "other_flags", fmt.Sprintf("0x%02x", h.OtherFlags), "splitmode "+h.SplitMode)
	field(tw, in, "uncompressed_size", h.UncompressedSize, "")
	field(tw, in, "compressed_size", h.CompressedSize, fmt.Sprintf("ratio %.3f", h.Ratio))
	field(tw, in, "typesize", h.TypeSize, "")
	bs := ""
	if h.BlockSize == 0 {
		bs = "automatic"
	}
	field(tw, in, "blocksize", h.BlockSize, bs)
	cs := ""
	switch {
	case h.ChunkSize == 0:
		cs = "variable"
	case h.ChunkSize < 0:
		cs = "no chunk was ever added"
	}
	field(tw, in, "chunksize", h.ChunkSize, cs)
	field(tw, in, "tcomp, tdecomp", fmt.Sprintf("%d, %d", h.TComp, h.TDecomp), "")
	field(tw, in, "has_vlmetalayers", h.HasVLMetalayers, "")
	field(tw, in, "filters", intList(h.Filters[:]), strings.Join(h.FilterNames[:], " "))
	field(tw, in, "filters_meta", intList(h.FiltersMeta[:]), "")
	field(tw, in, "udcodec", h.UDCodec, codecName(h.UDCodec))
	field(tw, in, "compcode_meta", h.CompcodeMeta, "")
	o2 := ""
	if h.UseDict {
		o2 = "dictionary"
	}
	field(tw, in, "other_flags2", fmt.Sprintf("0x%02x", h.OtherFlags2), o2)
	tw.Flush()

	tw = newTab(w)
	field(tw, "", "chunks", r.NChunks, "")
	if r.Index != nil {
		field(tw, "", "index", fmt.Sprintf("offset %d, %d bytes", r.Index.Offset, r.Index.Cbytes), "")
	} else {
		field(tw, "", "index", "none", "")
	}
	fp := "no fingerprint"
	if r.Trailer.FingerprintType != 0 {
		fp = fmt.Sprintf("fingerprint type %d: %s", r.Trailer.FingerprintType, r.Trailer.Fingerprint)
	}
	field(tw, "", "trailer", fmt.Sprintf("%d bytes", r.Trailer.Len), fp)
	tw.Flush()

	fmt.Fprintf(w, "metalayers: %d\n", len(r.Metalayers))
	tw = newTab(w)
	for _, m := range r.Metalayers {
		if m.B2ND != nil {
			fmt.Fprintf(tw, "  %s\t%d bytes\n", m.Name, m.Len)
			writeB2NDText(tw, m.B2ND)
			continue
		}
		fmt.Fprintf(tw, "  %s\t%d bytes\t%s\n", m.Name, m.Len, preview(m.ContentHex, m.Len))
	}
	tw.Flush()
	fmt.Fprintf(w, "vlmetalayers: %d\n", len(r.VLMetalayers))
	tw = newTab(w)
	for _, m := range r.VLMetalayers {
		fmt.Fprintf(tw, "  %s\t%d bytes\t(stored in a %d-byte chunk)\t%s\n", m.Name, m.Len, m.Stored, preview(m.ContentHex, m.Len))
	}
	tw.Flush()

	if len(r.Chunks) == 0 {
		return
	}
	fmt.Fprintln(w, "chunks:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	where := "offset"
	if r.Kind == kindSparse || h.FrameType == 1 {
		where = "file"
	}
	fmt.Fprintf(tw, "  #\tstorage\t%s\tnbytes\tcbytes\tratio\tcodec\tfilters\ttypesize\tblocks\tflags\t\n", where)
	for _, c := range r.Chunks {
		loc := "-"
		switch {
		case c.File != "":
			loc = c.File
		case c.Storage == "stored":
			loc = fmt.Sprint(c.Offset)
		}
		if c.Storage != "stored" {
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t-\t-\t-\t-\t-\t-\t-\t\n", c.Index, c.Storage, loc, c.Nbytes)
			continue
		}
		codec := c.Codec
		if c.Special != "" {
			codec = "(" + c.Special + ")"
		}
		filters := strings.Join(c.Filters, ",")
		if filters == "" {
			filters = "-"
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t%d\t%.2f\t%s\t%s\t%d\t%d\t%s\t\n",
			c.Index, c.Storage, loc, c.Nbytes, c.Cbytes, c.Ratio, codec, filters, c.Typesize, c.Blocks, c.Flags)
	}
	tw.Flush()
}

func writeB2NDText(tw io.Writer, b *b2ndInfo) {
	const in = "    "
	field(tw, in, "version", b.Version, "")
	field(tw, in, "ndim", b.NDim, "")
	field(tw, in, "shape", intList(b.Shape), "")
	field(tw, in, "chunkshape", intList(b.ChunkShape), "")
	field(tw, in, "blockshape", intList(b.BlockShape), "")
	dt := b.Dtype
	if dt == "" {
		dt = "(none)"
	}
	field(tw, in, "dtype", dt, fmt.Sprintf("format %d, %d-byte items", b.DtypeFormat, b.Itemsize))
	field(tw, in, "items", b.NItems, fmt.Sprintf("%d bytes in C order", b.Nbytes))
	field(tw, in, "chunks per dim", intList(b.ChunksPerDim), fmt.Sprintf("%d chunks", b.NChunks))
	if b.DtypeProblem != "" {
		field(tw, in, "dtype problem", b.DtypeProblem, "")
	}
	if b.LazyExpr != "" {
		field(tw, in, "lazy expr", b.LazyExpr, "chunks hold placeholders")
	}
}

// preview shortens a hex dump for the text report.
func preview(hexs string, n int) string {
	if len(hexs) > 2*textPreview {
		return hexs[:2*textPreview] + "..."
	}
	if n == 0 {
		return ""
	}
	return hexs
}

// specialText spells out the special value names of package blosc.
func specialText(s string) string {
	if s == "value" {
		return "repeated value"
	}
	return s
}
