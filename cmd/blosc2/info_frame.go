package main

import (
	"encoding/hex"
	"fmt"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// maxContentHex bounds the metalayer bytes shown in hex in the JSON report.
const maxContentHex = 4096

// frameReport describes a frame, sparse frame or b2nd array.
type frameReport struct {
	File         string          `json:"file"`
	Kind         string          `json:"kind"`
	FileSize     int64           `json:"file_size"`
	FrameHeader  frameHeader     `json:"frame_header"`
	NChunks      int             `json:"nchunks"`
	Index        *indexInfo      `json:"index,omitempty"`
	Trailer      trailerInfo     `json:"trailer"`
	Metalayers   []metaInfo      `json:"metalayers"`
	VLMetalayers []vlmetaInfo    `json:"vlmetalayers"`
	Chunks       []frameChunkRow `json:"chunks"`
}

// frameHeader holds every field of the fixed frame header, with the flag
// bytes decoded.
type frameHeader struct {
	Magic            string                   `json:"magic"`
	HeaderLen        int64                    `json:"header_len"`
	FrameLen         int64                    `json:"frame_len"`
	GeneralFlags     int                      `json:"general_flags"`
	GeneralFlagsHex  string                   `json:"general_flags_hex"`
	FormatVersion    int                      `json:"format_version"`
	OffsetsBits      int                      `json:"offsets_bits"`
	VariableChunks   bool                     `json:"variable_chunks"`
	VLBlocks         bool                     `json:"vlblocks"`
	FrameType        int                      `json:"frame_type"`
	FrameTypeName    string                   `json:"frame_type_name"`
	CodecFlags       int                      `json:"codec_flags"`
	CodecFlagsHex    string                   `json:"codec_flags_hex"`
	Compcode         int                      `json:"compcode"`
	Codec            string                   `json:"codec"`
	Clevel           int                      `json:"clevel"`
	OtherFlags       int                      `json:"other_flags"`
	SplitMode        string                   `json:"splitmode"`
	UncompressedSize int64                    `json:"uncompressed_size"`
	CompressedSize   int64                    `json:"compressed_size"`
	TypeSize         int64                    `json:"type_size"`
	BlockSize        int64                    `json:"block_size"`
	ChunkSize        int64                    `json:"chunk_size"`
	TComp            int                      `json:"tcomp"`
	TDecomp          int                      `json:"tdecomp"`
	HasVLMetalayers  bool                     `json:"has_vlmetalayers"`
	FiltersN         int                      `json:"filters_n"`
	Filters          [blosc.MaxFilters]int    `json:"filters"`
	FilterNames      [blosc.MaxFilters]string `json:"filter_names"`
	UDCodec          int                      `json:"udcodec"`
	CompcodeMeta     int                      `json:"compcode_meta"`
	FiltersMeta      [blosc.MaxFilters]int    `json:"filters_meta"`
	OtherFlags2      int                      `json:"other_flags2"`
	UseDict          bool                     `json:"use_dict"`
	TrailerLen       int64                    `json:"trailer_len"`
	Ratio            float64                  `json:"ratio"`
}

type indexInfo struct {
	Offset int64 `json:"offset"`
	Cbytes int64 `json:"cbytes"`
}

type trailerInfo struct {
	Len             int64  `json:"len"`
	FingerprintType int    `json:"fingerprint_type"`
	Fingerprint     string `json:"fingerprint_hex,omitempty"`
}

type metaInfo struct {
	Name       string    `json:"name"`
	Len        int       `json:"len"`
	ContentHex string    `json:"content_hex"`
	Truncated  bool      `json:"content_truncated,omitempty"`
	B2ND       *b2ndInfo `json:"b2nd,omitempty"`
}

type vlmetaInfo struct {
	Name       string `json:"name"`
	Len        int    `json:"len"`    // decoded content
	Stored     int    `json:"stored"` // the Blosc2 chunk holding it
	ContentHex string `json:"content_hex"`
	Truncated  bool   `json:"content_truncated,omitempty"`
}

// b2ndInfo is the decoded "b2nd" metalayer and the layout it implies.
type b2ndInfo struct {
	Version      int     `json:"version"`
	NDim         int     `json:"ndim"`
	Shape        []int64 `json:"shape"`
	ChunkShape   []int32 `json:"chunkshape"`
	BlockShape   []int32 `json:"blockshape"`
	DtypeFormat  int     `json:"dtype_format"`
	Dtype        string  `json:"dtype"`
	Itemsize     int64   `json:"itemsize"`
	NItems       int64   `json:"nitems"`
	Nbytes       int64   `json:"nbytes"`
	ChunksPerDim []int64 `json:"chunks_per_dim"`
	NChunks      int64   `json:"nchunks"`
	// DtypeProblem says why the dtype cannot be used (e.g. it disagrees
	// with the typesize); LazyExpr describes a saved python-blosc2
	// LazyExpr/LazyUDF, whose chunks hold placeholders.
	DtypeProblem string `json:"dtype_problem,omitempty"`
	LazyExpr     string `json:"lazy_expr,omitempty"`
}

// frameChunkRow is one line of the per-chunk table.
type frameChunkRow struct {
	Index    int      `json:"index"`
	Storage  string   `json:"storage"` // "stored" or the special value of the index ("zeros", ...)
	Offset   int64    `json:"offset,omitempty"`
	File     string   `json:"file,omitempty"`
	Nbytes   int64    `json:"nbytes"`
	Cbytes   int64    `json:"cbytes"`
	Ratio    float64  `json:"ratio,omitempty"`
	Codec    string   `json:"codec,omitempty"`
	Filters  []string `json:"filter_pipeline,omitempty"`
	Typesize int      `json:"typesize,omitempty"`
	Blocks   int      `json:"nblocks,omitempty"`
	Flags    string   `json:"flags_hex,omitempty"`
	Special  string   `json:"chunk_special,omitempty"` // special value in the chunk's own header
	Version  int      `json:"version,omitempty"`
}

func newFrameReport(in *input) (*frameReport, error) {
	fr := in.frame
	h := fr.Header()
	r := &frameReport{
		File:        in.path,
		Kind:        in.kind,
		FileSize:    in.fileSize,
		FrameHeader: newFrameHeader(&h, fr.TrailerLen()),
		NChunks:     fr.NChunks(),
	}
	if off, cb := fr.IndexLocation(); off >= 0 {
		r.Index = &indexInfo{Offset: off, Cbytes: cb}
	}
	fpt, fp := fr.Fingerprint()
	r.Trailer = trailerInfo{Len: fr.TrailerLen(), FingerprintType: int(fpt)}
	if fpt != 0 {
		r.Trailer.Fingerprint = hex.EncodeToString(fp[:])
	}

	r.Metalayers = []metaInfo{}
	for _, m := range fr.Metalayers() {
		mi := metaInfo{Name: m.Name, Len: len(m.Content)}
		mi.ContentHex, mi.Truncated = hexPrefix(m.Content)
		if m.Name == frame.B2NDMetaName || m.Name == "caterva" {
			b, err := newB2NDInfo(m.Content, in)
			if err != nil {
				return nil, fmt.Errorf("metalayer %s: %w", m.Name, err)
			}
			mi.B2ND = b
		}
		r.Metalayers = append(r.Metalayers, mi)
	}

	r.VLMetalayers = []vlmetaInfo{}
	for _, name := range fr.VLMetalayerNames() {
		raw, _ := fr.VLMetalayerRaw(name)
		content, err := fr.VLMetalayer(name)
		if err != nil {
			return nil, err
		}
		vi := vlmetaInfo{Name: name, Len: len(content), Stored: len(raw)}
		vi.ContentHex, vi.Truncated = hexPrefix(content)
		r.VLMetalayers = append(r.VLMetalayers, vi)
	}

	r.Chunks = make([]frameChunkRow, 0, fr.NChunks())
	for i := 0; i < fr.NChunks(); i++ {
		row, err := newFrameChunkRow(in, i)
		if err != nil {
			return nil, err
		}
		r.Chunks = append(r.Chunks, row)
	}
	return r, nil
}

func hexPrefix(b []byte) (string, bool) {
	if len(b) > maxContentHex {
		return hex.EncodeToString(b[:maxContentHex]), true
	}
	return hex.EncodeToString(b), false
}

func newFrameHeader(h *frame.Header, trailerLen int64) frameHeader {
	fh := frameHeader{
		Magic:            "b2frame",
		HeaderLen:        int64(h.HeaderLen),
		FrameLen:         h.FrameLen,
		GeneralFlags:     int(h.GeneralFlags),
		GeneralFlagsHex:  fmt.Sprintf("0x%02x", h.GeneralFlags),
		FormatVersion:    int(h.Version),
		VariableChunks:   h.VariableChunks,
		VLBlocks:         h.VLBlocks,
		FrameType:        int(h.FrameType),
		FrameTypeName:    h.Type.String(),
		CodecFlags:       int(h.CodecFlags),
		CodecFlagsHex:    fmt.Sprintf("0x%02x", h.CodecFlags),
		Compcode:         int(h.Codec),
		Codec:            h.Codec.String(),
		Clevel:           int(h.Clevel),
		OtherFlags:       int(h.OtherFlags),
		SplitMode:        h.SplitMode.String(),
		UncompressedSize: h.Nbytes,
		CompressedSize:   h.Cbytes,
		TypeSize:         int64(h.Typesize),
		BlockSize:        int64(h.Blocksize),
		ChunkSize:        int64(h.Chunksize),
		TComp:            int(h.NThreadsComp),
		TDecomp:          int(h.NThreadsDecomp),
		HasVLMetalayers:  h.HasVLMetalayers,
		FiltersN:         int(h.NFilters),
		UDCodec:          int(h.UDCodec),
		CompcodeMeta:     int(h.CompcodeMeta),
		OtherFlags2:      int(h.OtherFlags2),
		UseDict:          h.UseDict,
		TrailerLen:       trailerLen,
		Ratio:            ratio(h.Nbytes, h.Cbytes),
	}
	switch h.GeneralFlags & 0x30 {
	case 0x10:
		fh.OffsetsBits = 64
	case 0x20:
		fh.OffsetsBits = 32
	}
	for i := 0; i < blosc.MaxFilters; i++ {
		fh.Filters[i] = int(h.Filters[i])
		fh.FiltersMeta[i] = int(int8(h.FiltersMeta[i]))
		fh.FilterNames[i] = h.Filters[i].String()
	}
	return fh
}

func newB2NDInfo(content []byte, in *input) (*b2ndInfo, error) {
	m, err := frame.ParseNDMeta(content)
	if err != nil {
		return nil, err
	}
	b := &b2ndInfo{
		Version:     int(m.Version),
		NDim:        m.NDim(),
		Shape:       m.Shape,
		ChunkShape:  m.ChunkShape,
		BlockShape:  m.BlockShape,
		DtypeFormat: int(m.DtypeFormat),
		Dtype:       m.Dtype,
	}
	g, err := m.Validate(int64(in.frame.Typesize()))
	if err != nil {
		return nil, err
	}
	b.Itemsize, b.NItems, b.Nbytes = g.Itemsize, g.NItems, g.NItems*g.Itemsize
	b.ChunksPerDim, b.NChunks = g.ChunksPerDim, g.NChunks
	if in.array != nil {
		if err := in.array.Check(); err != nil && m.Dtype != "" {
			b.DtypeProblem = err.Error()
		}
		if l := in.array.Lazy(); l != nil {
			b.LazyExpr = l.String()
		}
	}
	return b, nil
}

func newFrameChunkRow(in *input, i int) (frameChunkRow, error) {
	ci, err := in.frame.ChunkInfo(i)
	if err != nil {
		return frameChunkRow{}, err
	}
	row := frameChunkRow{Index: i, Storage: "stored", Nbytes: ci.Nbytes, File: ci.File}
	if ci.Special != blosc.SpecialNone {
		row.Storage = ci.Special.String()
		return row, nil
	}
	row.Offset = ci.Offset
	h, err := in.chunkHeader(i, ci)
	if err != nil {
		return row, err
	}
	row.Nbytes, row.Cbytes = int64(h.Nbytes), int64(h.Cbytes)
	row.Ratio = ratio(row.Nbytes, row.Cbytes)
	row.Codec = h.Codec().String()
	if h.Memcpyed() {
		row.Codec = "memcpy"
	}
	row.Filters = pipeline(&h)
	row.Typesize = int(h.Typesize)
	row.Blocks = h.NBlocks()
	row.Flags = fmt.Sprintf("0x%02x", h.Flags)
	row.Version = int(h.Version)
	if sp := h.Special(); sp != blosc.SpecialNone {
		row.Special = specialText(sp.String())
		row.Codec = ""
	}
	return row, nil
}
