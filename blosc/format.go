package blosc

import "encoding/binary"

// Sizes and limits of the chunk format.
const (
	// MinHeaderLen is the length of the Blosc1 header.
	MinHeaderLen = 16
	// ExtendedHeaderLen is the length of the Blosc2 extended header.
	ExtendedHeaderLen = 32
	// MaxFilters is the number of filter slots of the extended header.
	MaxFilters = 6
	// MaxBlocksize is the largest blocksize C-Blosc2 accepts (BLOSC2_MAXBLOCKSIZE).
	MaxBlocksize = 536866816
	// MaxDictSize is the largest dictionary a chunk may hold (BLOSC2_MAXDICTSIZE).
	MaxDictSize = 32 * 1024
	// MaxNbytes is the largest uncompressed size of a chunk (BLOSC2_MAX_BUFFERSIZE).
	MaxNbytes = 1<<31 - 1 - ExtendedHeaderLen
	// MaxTypesize is the largest typesize the header can record.
	MaxTypesize = 255
)

// Chunk format versions (header byte 0).
const (
	// VersionBlosc1 is the format version C-Blosc 1.x writes (16-byte header).
	VersionBlosc1 = 2
	// VersionAlpha is the format version of the C-Blosc2 alpha series.
	VersionAlpha = 3
	// VersionStable is the format version C-Blosc2 writes for regular chunks.
	VersionStable = 5
	// VersionVLBlocks is the format version of chunks with variable-length blocks.
	VersionVLBlocks = 6
	// MaxVersion is the newest format version this package reads.
	MaxVersion = VersionVLBlocks
)

// Byte offsets of the header fields.
const (
	offVersion      = 0
	offVersionLZ    = 1
	offFlags        = 2
	offTypesize     = 3
	offNbytes       = 4
	offBlocksize    = 8
	offCbytes       = 12
	offFilters      = 16
	offUDCodec      = 22
	offCompcodeMeta = 23
	offFiltersMeta  = 24
	offBlosc2Flags2 = 30
	offBlosc2Flags  = 31
)

// Bits of the flags byte (header byte 2).
const (
	FlagShuffle     = 0x01 // byte shuffle (Blosc1 meaning); with FlagBitShuffle: extended header
	FlagMemcpyed    = 0x02 // the blocks are stored uncompressed, with no bstarts
	FlagBitShuffle  = 0x04 // bit shuffle (Blosc1 meaning); with FlagShuffle: extended header
	FlagDelta       = 0x08 // delta filter (Blosc1 meaning)
	FlagDontSplit   = 0x10 // every block is one stream
	flagsExtended   = FlagShuffle | FlagBitShuffle
	compFormatShift = 5
)

// Bits of the blosc2_flags byte (header byte 31).
const (
	Blosc2FlagDict       = 0x01 // a dictionary follows the bstarts
	Blosc2FlagBigEndian  = 0x02 // the data is big endian (informative)
	Blosc2FlagLazy       = 0x08 // lazy chunk: header, bstarts and trailer only
	Blosc2FlagInstrCodec = 0x80 // instrumented codec (development only)
	specialShift         = 4
	specialMask          = 0x7
)

// Bits of the blosc2_flags2 byte (header byte 30).
const (
	Blosc2Flags2VLBlocks = 0x01 // blocks of variable length (format version 6)
)

// Compressor formats (bits 5-7 of the flags byte).
const (
	formatBloscLZ = 0
	formatLZ4     = 1 // LZ4 and LZ4HC
	formatSnappy  = 2 // removed
	formatZlib    = 3
	formatZstd    = 4
	formatUDCodec = 6 // the codec is in the udcodec byte
	formatSchunk  = 7 // the codec is defined by the super-chunk
)

// Stream encodings.
const (
	streamTokenRun = 0x01 // a negative csize is a run of byte -csize
)

// C-Blosc 1.x split compatibility rule: a block of a version-2 chunk is split
// only when typesize <= blosc1MaxSplits and blocksize/typesize >= blosc1MinBufferSize.
const (
	blosc1MaxSplits     = 16
	blosc1MinBufferSize = 128
)

// le32put writes v little endian at b[0:4].
func le32put(b []byte, v int) { binary.LittleEndian.PutUint32(b, uint32(int32(v))) }
