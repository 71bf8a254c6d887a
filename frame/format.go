package frame

// Format constants of the Blosc2 frame (README_CFRAME_FORMAT.rst) as written
// by C-Blosc2 3.x. Positions are byte offsets from the start of the header.
const (
	magic = "b2frame\x00"

	posMagicMarker    = 1  // 0xa8: str8 marker of the magic
	posMagic          = 2  // "b2frame\0"
	posHeaderLen      = 10 // 0xd2 int32
	posFrameLen       = 15 // 0xcf uint64
	posFlagsMarker    = 24 // 0xa4: str with the 4 flag bytes
	posGeneralFlags   = 25
	posFrameType      = 26
	posCodecFlags     = 27
	posOtherFlags     = 28
	posNbytes         = 29 // 0xd3 int64
	posCbytes         = 38 // 0xd3 int64
	posTypesize       = 47 // 0xd2 int32
	posBlocksize      = 52 // 0xd2 int32
	posChunksize      = 57 // 0xd2 int32
	posTComp          = 62 // 0xd1 int16
	posTDecomp        = 65 // 0xd1 int16
	posHasVLMeta      = 68 // 0xc2 / 0xc3
	posFilterPipeline = 69 // 0xd8 fixext16, then the ext type byte = number of filters
	posNFilters       = 70
	posFilters        = 71 // 6 filter ids (room for 8)
	posUDCodec        = 77
	posCodecMeta      = 78
	posFiltersMeta    = 79 // 6 filters_meta (room for 8)
	posOtherFlags2    = 85
	headerMinLen      = 87 // fixed part; metalayers start here
	posMetalayers     = headerMinLen

	trailerTailLen = 23 // 0xce uint32 trailer_len, 0xd8 fpt 16-byte fingerprint
	trailerMinLen  = 25 // C-Blosc2's FRAME_TRAILER_MINLEN

	// general_flags
	versionMask       = 0x0f
	offsetsWidthMask  = 0x30
	offsets64         = 0x10
	flagVariableChunk = 0x40
	flagVLBlocks      = 0x80

	// Frame format versions.
	VersionBeta2    = 1
	VersionRC1      = 2 // written for ordinary frames
	VersionVLBlocks = 3 // variable chunk sizes or variable-length blocks
	// MaxVersion is the newest frame format version this package reads.
	MaxVersion = VersionVLBlocks

	trailerVersion = 1

	// udCodecFormat in codec_flags bits 0-3 (BLOSC_UDCODEC_FORMAT) says
	// the codec id is in the udcodec byte: ids from 6 up are stored so.
	udCodecFormat = 6

	// MaxMetalayers is the maximum number of fixed metalayers in a header.
	MaxMetalayers = 16
	// MaxVLMetalayers is the maximum number of variable-length metalayers.
	MaxVLMetalayers = 8 * 1024
	// MaxMetalayerName is the longest metalayer name (bytes).
	MaxMetalayerName = 31

	// Special values (blosc.SpecialValue) in the top byte of an index offset.
	specialFlag = 0x80
	specialMask = 0x07

	sparseIndexName = "chunks.b2frame"
)

// Type is the frame type stored in the header.
type Type uint8

// Frame types.
const (
	Contiguous Type = 0 // one file or buffer
	Sparse     Type = 1 // a directory: chunks.b2frame + one file per chunk
)

func (t Type) String() string {
	switch t {
	case Contiguous:
		return "contiguous"
	case Sparse:
		return "sparse"
	}
	return "type(" + itoa(int64(t)) + ")"
}
