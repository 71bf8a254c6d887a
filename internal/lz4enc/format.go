package lz4enc

// LZ4 block format and lz4.c constants (lz4 1.10.0).
const (
	minMatch     = 4  // shortest match (MINMATCH)
	mfLimit      = 12 // no match starts in the last 12 bytes (MFLIMIT)
	lastLiterals = 5  // the last 5 bytes are literals (LASTLITERALS)
	minLength    = mfLimit + 1

	mlBits  = 4
	mlMask  = 1<<mlBits - 1 // match length nibble of a token (ML_MASK)
	runMask = 1<<(8-mlBits) - 1

	maxDistance = 65535 // LZ4_DISTANCE_MAX
	skipTrigger = 6     // LZ4_skipTrigger: the step grows by one every 64 misses

	// MaxInputSize is the largest input LZ4 accepts (LZ4_MAX_INPUT_SIZE).
	MaxInputSize = 0x7E000000

	// MaxAcceleration is the largest acceleration lz4 uses
	// (LZ4_ACCELERATION_MAX); larger values are taken as it.
	MaxAcceleration = 65537

	// u16Limit is LZ4_64Klimit: inputs shorter than it use the byU16 table.
	u16Limit = 64<<10 + mfLimit - 1

	hashLog = 12 // LZ4_HASHLOG for the default LZ4_MEMORY_USAGE of 14

	// The byU16 table has 1<<(hashLog+1) entries of 2 bytes, the byU32
	// one 1<<hashLog of 4 bytes: both fill LZ4_MEMORY_USAGE's 16 KiB.
	table16Size = 1 << (hashLog + 1)
	table32Size = 1 << hashLog

	prime4 = 2654435761   // LZ4_hash4's multiplier
	prime5 = 889523592379 // LZ4_hash5's multiplier (64-bit hosts)
	shift4 = 32 - (hashLog + 1)
	shift5 = 64 - hashLog
)

// CompressBound returns the size of dst that Compress never needs to
// exceed for an input of n bytes (LZ4_compressBound). With a dst at least
// this long, Compress does not apply lz4's limitedOutput checks and always
// succeeds.
func CompressBound(n int) int { return n + n/255 + 16 }

// hash4 is LZ4_hash4 for the byU16 table: the 4 bytes at a position,
// little-endian, give a 13-bit index.
func hash4(v uint64) uint32 { return uint32(v) * prime4 >> shift4 }

// hash5 is LZ4_hash5 for the byU32 table: the low 5 bytes of the 8 at a
// position, little-endian, give a 12-bit index.
func hash5(v uint64) uint32 { return uint32(v << 24 * prime5 >> shift5) }
