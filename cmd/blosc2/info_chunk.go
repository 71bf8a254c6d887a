package main

import (
	"fmt"

	"github.com/blosc2go/blosc2/blosc"
)

// The info report, one struct tree shared by the text and JSON renderers.
// JSON field names follow testdata/manifest.json ("header", "frame_header")
// where it has them. This file: the report on a chunk; info_frame.go: on a
// frame.

// chunkReport describes one chunk file.
type chunkReport struct {
	File     string      `json:"file"`
	Kind     string      `json:"kind"`
	FileSize int64       `json:"file_size"`
	Header   chunkHeader `json:"header"`
	Derived  chunkFacts  `json:"derived"`
}

// chunkHeader holds every header field as stored, with the flag bits
// decoded. Fields of the extended (32-byte) header are absent for 16-byte
// headers.
type chunkHeader struct {
	Version         int    `json:"version"`
	VersionLZ       int    `json:"versionlz"`
	Flags           int    `json:"flags"`
	FlagsHex        string `json:"flags_hex"`
	Typesize        int    `json:"typesize"`
	Nbytes          int64  `json:"nbytes"`
	Blocksize       int64  `json:"blocksize"`
	Cbytes          int64  `json:"cbytes"`
	FlagShuffle     bool   `json:"flag_shuffle"`
	FlagMemcpyed    bool   `json:"flag_memcpyed"`
	FlagBitShuffle  bool   `json:"flag_bitshuffle"`
	FlagDelta       bool   `json:"flag_delta"`
	FlagDontSplit   bool   `json:"flag_dont_split"`
	FlagsCompformat int    `json:"flags_compformat"`
	Extended        bool   `json:"extended"`

	Filters        *[blosc.MaxFilters]int `json:"filters,omitempty"`
	UDCodec        *int                   `json:"udcodec,omitempty"`
	CompcodeMeta   *int                   `json:"compcode_meta,omitempty"`
	FiltersMeta    *[blosc.MaxFilters]int `json:"filters_meta,omitempty"` // signed (TRUNC_PREC stores negative bits)
	Blosc2Flags    *int                   `json:"blosc2_flags,omitempty"`
	Blosc2FlagsHex string                 `json:"blosc2_flags_hex,omitempty"`
	Special        *int                   `json:"special,omitempty"`
	Blosc2Flags2   *int                   `json:"blosc2_flags2,omitempty"`
}

// chunkFacts is what the header implies.
type chunkFacts struct {
	FormatName      string   `json:"format"`
	HeaderLen       int      `json:"header_len"`
	Codec           string   `json:"codec"`
	CompformatName  string   `json:"compformat_name"`
	Filters         []string `json:"filter_pipeline"` // non-empty slots, in encoding order
	Special         string   `json:"special"`
	NBlocks         int      `json:"nblocks"`
	Leftover        int      `json:"leftover"`
	StreamsPerBlock int      `json:"streams_per_block"`
	Dict            bool     `json:"dict"`
	Lazy            bool     `json:"lazy"`
	VLBlocks        bool     `json:"vlblocks"`
	Ratio           float64  `json:"ratio"`
	Value           string   `json:"value_hex,omitempty"` // the repeated value of a repeated-value chunk
}

func newChunkHeader(h *blosc.Header) chunkHeader {
	c := chunkHeader{
		Version:         int(h.Version),
		VersionLZ:       int(h.VersionLZ),
		Flags:           int(h.Flags),
		FlagsHex:        fmt.Sprintf("0x%02x", h.Flags),
		Typesize:        int(h.Typesize),
		Nbytes:          int64(h.Nbytes),
		Blocksize:       int64(h.Blocksize),
		Cbytes:          int64(h.Cbytes),
		FlagShuffle:     h.Flags&blosc.FlagShuffle != 0,
		FlagMemcpyed:    h.Memcpyed(),
		FlagBitShuffle:  h.Flags&blosc.FlagBitShuffle != 0,
		FlagDelta:       h.Flags&blosc.FlagDelta != 0,
		FlagDontSplit:   h.DontSplit(),
		FlagsCompformat: int(h.CompFormat()),
		Extended:        h.Extended,
	}
	if !h.Extended {
		return c
	}
	var filters, meta [blosc.MaxFilters]int
	for i := range filters {
		filters[i], meta[i] = int(h.Filters[i]), int(int8(h.FiltersMeta[i]))
	}
	intp := func(v uint8) *int { i := int(v); return &i }
	c.Filters, c.FiltersMeta = &filters, &meta
	c.UDCodec, c.CompcodeMeta = intp(h.UDCodec), intp(h.CompcodeMeta)
	c.Blosc2Flags, c.Blosc2Flags2 = intp(h.Blosc2Flags), intp(h.Blosc2Flags2)
	c.Blosc2FlagsHex = fmt.Sprintf("0x%02x", h.Blosc2Flags)
	c.Special = intp(uint8(h.Special()))
	return c
}

func newChunkFacts(h *blosc.Header) chunkFacts {
	f := chunkFacts{
		FormatName:     formatName(h),
		HeaderLen:      h.HeaderLen(),
		Codec:          h.Codec().String(),
		CompformatName: compformatName(h.CompFormat()),
		Filters:        pipeline(h),
		Special:        h.Special().String(),
		NBlocks:        h.NBlocks(),
		Leftover:       h.Leftover(),
		Dict:           h.HasDict(),
		Lazy:           h.Lazy(),
		VLBlocks:       h.VLBlocks(),
		Ratio:          ratio(int64(h.Nbytes), int64(h.Cbytes)),
	}
	switch {
	case h.Memcpyed() || h.Special() != blosc.SpecialNone || h.Nbytes == 0:
		f.StreamsPerBlock = 0
	case h.DontSplit():
		f.StreamsPerBlock = 1
	default:
		f.StreamsPerBlock = int(h.Typesize)
	}
	return f
}

func formatName(h *blosc.Header) string {
	switch h.Version {
	case blosc.VersionBlosc1:
		return "Blosc1 (C-Blosc 1.x)"
	case blosc.VersionAlpha:
		return "Blosc2 alpha"
	case 4:
		return "Blosc2 beta"
	case blosc.VersionStable:
		return "Blosc2"
	case blosc.VersionVLBlocks:
		return "Blosc2 with variable-length blocks"
	}
	return fmt.Sprintf("version %d", h.Version)
}

func compformatName(f uint8) string {
	switch f {
	case 0:
		return "blosclz"
	case 1:
		return "lz4/lz4hc"
	case 2:
		return "snappy (removed)"
	case 3:
		return "zlib"
	case 4:
		return "zstd"
	case 6:
		return "user-defined codec (udcodec)"
	case 7:
		return "defined by the super-chunk"
	}
	return fmt.Sprintf("reserved (%d)", f)
}

// pipeline lists the filters of the non-empty slots with their meta.
func pipeline(h *blosc.Header) []string {
	out := []string{}
	for i, f := range h.Filters {
		if f == blosc.NoFilter {
			continue
		}
		s := f.String()
		if m := h.FiltersMeta[i]; m != 0 {
			s += fmt.Sprintf(":%d", int8(m))
		}
		out = append(out, s)
	}
	return out
}

func ratio(nbytes, cbytes int64) float64 {
	if cbytes <= 0 {
		return 0
	}
	return float64(int64(float64(nbytes)/float64(cbytes)*1000+0.5)) / 1000
}

func newChunkReport(in *input) (*chunkReport, error) {
	h, err := blosc.ReadHeader(in.chunk)
	if err != nil {
		return nil, err
	}
	r := &chunkReport{
		File:     in.path,
		Kind:     kindChunk,
		FileSize: in.fileSize,
		Header:   newChunkHeader(&h),
		Derived:  newChunkFacts(&h),
	}
	if n := h.ValueSize(); n > 0 && len(in.chunk) >= h.HeaderLen()+n {
		v := in.chunk[h.HeaderLen() : h.HeaderLen()+n]
		r.Derived.Value, _ = hexPrefix(v)
	}
	return r, nil
}

func filterName(id int) string { return blosc.Filter(id).String() }

func codecName(id int) string { return blosc.Codec(id).String() }
