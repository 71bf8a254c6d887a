package frame

import (
	"encoding/binary"
	"strconv"

	"github.com/blosc2go/blosc2/blosc"
)

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// Header holds every field of the fixed part of a frame header, as stored.
// Integers are the stored values; derived fields (Version, SplitMode, ...)
// are decoded from the flag bytes.
type Header struct {
	HeaderLen int32 // bytes in the header, metalayers included
	FrameLen  int64 // bytes in the whole frame (for a sparse frame: in chunks.b2frame)

	GeneralFlags uint8 // raw general_flags byte
	FrameType    uint8 // raw frame_type byte
	CodecFlags   uint8 // raw codec_flags byte (clevel<<4 | compcode)
	OtherFlags   uint8 // raw other_flags byte (splitmode-1 in bits 0-1)

	Version        uint8 // frame format version (general_flags bits 0-3)
	VariableChunks bool  // general_flags bit 6: chunks have different sizes
	VLBlocks       bool  // general_flags bit 7: chunks use variable-length blocks

	Type Type // Contiguous or Sparse
	// Codec is the codec id: codec_flags bits 0-3, or the udcodec byte when
	// those say 6 (user-defined codec). Ids this package does not know are
	// kept as they are (their String is "codec(N)" or "user-codec(N)").
	Codec     blosc.Codec
	Clevel    uint8           // compression level (codec_flags bits 4-7)
	SplitMode blosc.SplitMode // other_flags bits 0-1, plus 1

	Nbytes    int64 // uncompressed_size: decoded bytes of all chunks
	Cbytes    int64 // compressed_size: stored bytes of all chunks (index excluded)
	Typesize  int32
	Blocksize int32 // 0 = automatic
	Chunksize int32 // bytes per chunk; 0 = variable; -1 = the frame never had chunks

	NThreadsComp   int16
	NThreadsDecomp int16

	HasVLMetalayers bool

	NFilters     uint8
	Filters      [blosc.MaxFilters]blosc.Filter // filter ids as stored, unknown ones included
	FiltersMeta  [blosc.MaxFilters]uint8
	UDCodec      uint8 // byte 77: the full codec id (the user-defined codec when codec_flags bits 0-3 are 6)
	CompcodeMeta uint8
	OtherFlags2  uint8 // bit 0: chunks use a dictionary
	UseDict      bool
}

// parseHeaderFixed decodes the fixed 87-byte part of a header.
func parseHeaderFixed(b []byte) (Header, error) {
	var h Header
	if len(b) < headerMinLen {
		return h, corrupt("header", int64(len(b)), "frame shorter than the "+itoa(headerMinLen)+"-byte fixed header")
	}
	if string(b[posMagic:posMagic+8]) != magic || b[posMagicMarker] != 0xa8 {
		return h, corrupt("header", posMagic, "bad magic (not a Blosc2 frame)")
	}
	if b[0]&0xf0 != 0x90 || b[0]&0x0f < 14 {
		return h, corrupt("header", 0, "header is not a msgpack fixarray of at least 14 entries")
	}
	markers := [...]struct {
		pos  int
		want byte
	}{
		{posHeaderLen, 0xd2}, {posFrameLen, 0xcf}, {posFlagsMarker, 0xa4},
		{posNbytes, 0xd3}, {posCbytes, 0xd3}, {posTypesize, 0xd2},
		{posBlocksize, 0xd2}, {posChunksize, 0xd2}, {posTComp, 0xd1},
		{posTDecomp, 0xd1}, {posFilterPipeline, 0xd8},
	}
	for _, m := range markers {
		if b[m.pos] != m.want {
			return h, corrupt("header", int64(m.pos), "expected msgpack marker 0x"+strconv.FormatUint(uint64(m.want), 16)+
				", found 0x"+strconv.FormatUint(uint64(b[m.pos]), 16))
		}
	}
	be := binary.BigEndian
	h.HeaderLen = int32(be.Uint32(b[posHeaderLen+1:]))
	fl := be.Uint64(b[posFrameLen+1:])
	if fl > 1<<62 {
		return h, corrupt("header", posFrameLen, "frame length "+strconv.FormatUint(fl, 10)+" is absurd")
	}
	h.FrameLen = int64(fl)
	h.GeneralFlags = b[posGeneralFlags]
	h.FrameType = b[posFrameType]
	h.CodecFlags = b[posCodecFlags]
	h.OtherFlags = b[posOtherFlags]
	h.Version = h.GeneralFlags & versionMask
	h.VariableChunks = h.GeneralFlags&flagVariableChunk != 0
	h.VLBlocks = h.GeneralFlags&flagVLBlocks != 0
	h.Type = Type(h.FrameType & 0x0f)
	h.Codec = blosc.Codec(h.CodecFlags & 0x0f)
	h.Clevel = h.CodecFlags >> 4
	h.SplitMode = blosc.SplitMode(h.OtherFlags&0x03 + 1)
	h.Nbytes = int64(be.Uint64(b[posNbytes+1:]))
	h.Cbytes = int64(be.Uint64(b[posCbytes+1:]))
	h.Typesize = int32(be.Uint32(b[posTypesize+1:]))
	h.Blocksize = int32(be.Uint32(b[posBlocksize+1:]))
	h.Chunksize = int32(be.Uint32(b[posChunksize+1:]))
	h.NThreadsComp = int16(be.Uint16(b[posTComp+1:]))
	h.NThreadsDecomp = int16(be.Uint16(b[posTDecomp+1:]))
	switch b[posHasVLMeta] {
	case 0xc2:
	case 0xc3:
		h.HasVLMetalayers = true
	default:
		return h, corrupt("header", posHasVLMeta, "has_vlmetalayers is not a msgpack bool")
	}
	h.NFilters = b[posNFilters]
	for i := range h.Filters {
		h.Filters[i] = blosc.Filter(b[posFilters+i])
	}
	copy(h.FiltersMeta[:], b[posFiltersMeta:posFiltersMeta+blosc.MaxFilters])
	h.UDCodec = b[posUDCodec]
	h.CompcodeMeta = b[posCodecMeta]
	h.OtherFlags2 = b[posOtherFlags2]
	h.UseDict = h.OtherFlags2&1 != 0
	if h.Codec == udCodecFormat { // the id is in the udcodec slot
		h.Codec = blosc.Codec(h.UDCodec)
	}
	return h, h.validate()
}

// validate checks the fields against each other (not against the file size).
func (h *Header) validate() error {
	if err := newerMajor("header", posGeneralFlags, "frame format", int(h.Version), MaxVersion); err != nil {
		return err
	}
	if h.GeneralFlags&offsetsWidthMask != offsets64 {
		return unsupported("header", posGeneralFlags, "chunk offsets of width code "+
			itoa(int64(h.GeneralFlags&offsetsWidthMask>>4))+" (only 64-bit offsets exist)")
	}
	if h.Type != Contiguous && h.Type != Sparse {
		return unsupported("header", posFrameType, "frame type "+itoa(int64(h.FrameType)))
	}
	if h.HeaderLen < headerMinLen {
		return corrupt("header", posHeaderLen, "header length "+itoa(int64(h.HeaderLen))+" below the minimum "+itoa(headerMinLen))
	}
	if int64(h.HeaderLen) > h.FrameLen {
		return corrupt("header", posHeaderLen, "header length exceeds the frame length")
	}
	if h.Nbytes < 0 || h.Nbytes > 1<<62 {
		return corrupt("header", posNbytes, "uncompressed size "+itoa(h.Nbytes)+" out of range")
	}
	if h.Cbytes < 0 || (h.Type == Contiguous && h.Cbytes > h.FrameLen) {
		return corrupt("header", posCbytes, "compressed size "+itoa(h.Cbytes)+" out of range")
	}
	if h.Typesize <= 0 {
		return corrupt("header", posTypesize, "typesize "+itoa(int64(h.Typesize))+" is not positive")
	}
	if h.Blocksize < 0 {
		return corrupt("header", posBlocksize, "negative blocksize")
	}
	if h.Chunksize < -1 {
		return corrupt("header", posChunksize, "chunksize "+itoa(int64(h.Chunksize))+" out of range")
	}
	if h.NFilters > blosc.MaxFilters {
		return corrupt("header", posNFilters, "more than "+itoa(blosc.MaxFilters)+" filters")
	}
	if h.Nbytes > 0 && h.Chunksize == -1 {
		return corrupt("header", posChunksize, "frame holds data but its chunksize says it never had chunks")
	}
	return nil
}

// fixedChunks reports whether every chunk but the last holds exactly
// Chunksize bytes.
func (h *Header) fixedChunks() bool { return h.Chunksize > 0 }

// Metalayer is a named metadata blob: a fixed metalayer in the header, or a
// variable-length metalayer (vlmetalayer) in the trailer (Content is then
// the decoded content, not the Blosc2 chunk it is stored as).
type Metalayer struct {
	Name    string
	Content []byte
}

// headerFields are the values a writer records in a frame header.
type headerFields struct {
	p         *Params
	frameLen  int64
	nbytes    int64
	cbytes    int64
	chunksize int32
	variable  bool
	vlblocks  bool
	hasVLMeta bool
	sparse    bool
}

// appendHeader appends a complete frame header (fixed part and metalayers)
// laid out exactly as C-Blosc2 writes it.
func appendHeader(dst []byte, hf headerFields) []byte {
	p := hf.p
	start := len(dst)
	be := binary.BigEndian
	dst = append(dst, 0x9e, 0xa8)
	dst = append(dst, magic...)
	dst = append(dst, 0xd2, 0, 0, 0, 0) // header_len, set below
	dst = append(dst, 0xcf)
	dst = be.AppendUint64(dst, uint64(hf.frameLen))
	gf := byte(VersionRC1)
	if hf.variable || hf.vlblocks {
		gf = VersionVLBlocks
	}
	gf |= offsets64
	if hf.variable {
		gf |= flagVariableChunk
	}
	if hf.vlblocks {
		gf |= flagVLBlocks
	}
	ft := byte(Contiguous)
	if hf.sparse {
		ft = byte(Sparse)
	}
	cc := uint8(p.Codec)
	if cc >= udCodecFormat { // user-defined codec: flagged as 6, id in the udcodec byte
		cc = udCodecFormat
	}
	dst = append(dst, 0xa4, gf, ft, uint8(p.Clevel)<<4|cc&0x0f, uint8(p.SplitMode-1)&0x03)
	dst = append(dst, 0xd3)
	dst = be.AppendUint64(dst, uint64(hf.nbytes))
	dst = append(dst, 0xd3)
	dst = be.AppendUint64(dst, uint64(hf.cbytes))
	dst = append(dst, 0xd2)
	dst = be.AppendUint32(dst, uint32(p.Typesize))
	dst = append(dst, 0xd2)
	dst = be.AppendUint32(dst, uint32(p.Blocksize))
	dst = append(dst, 0xd2)
	dst = be.AppendUint32(dst, uint32(hf.chunksize))
	dst = append(dst, 0xd1)
	dst = be.AppendUint16(dst, uint16(p.NThreadsComp))
	dst = append(dst, 0xd1)
	dst = be.AppendUint16(dst, uint16(p.NThreadsDecomp))
	if hf.hasVLMeta {
		dst = append(dst, 0xc3)
	} else {
		dst = append(dst, 0xc2)
	}
	var pipe [18]byte
	pipe[0], pipe[1] = 0xd8, blosc.MaxFilters
	for i, f := range p.Filters {
		pipe[2+i] = uint8(f)
	}
	pipe[2+6] = uint8(p.Codec)
	pipe[2+7] = p.CompcodeMeta
	copy(pipe[2+8:], p.FiltersMeta[:])
	if p.UseDict {
		pipe[2+14] = 1
	}
	dst = append(dst, pipe[:]...)
	// metalayers
	dst = appendMetaSection(dst, len(dst)-start, p.Metalayers, false)
	be.PutUint32(dst[start+posHeaderLen+1:], uint32(len(dst)-start))
	return dst
}

// appendTrailer appends a trailer holding the vlmetalayers (whose contents
// must already be the stored Blosc2 chunks).
func appendTrailer(dst []byte, vl []Metalayer) []byte {
	start := len(dst)
	dst = append(dst, 0x94, trailerVersion)
	dst = appendMetaSection(dst, len(dst)-start, vl, true)
	tl := len(dst) - start + trailerTailLen
	dst = append(dst, 0xce)
	dst = binary.BigEndian.AppendUint32(dst, uint32(tl))
	dst = append(dst, 0xd8, 0) // fingerprint type 0: none
	return append(dst, make([]byte, 16)...)
}
