package lz4hc

// LZ4 block format and lz4hc.c constants (lz4 1.10.0).
const (
	minMatch     = 4  // shortest match (MINMATCH)
	mfLimit      = 12 // no match starts in the last 12 bytes (MFLIMIT)
	lastLiterals = 5  // the last 5 bytes are literals (LASTLITERALS)
	minLength    = mfLimit + 1

	mlBits  = 4
	mlMask  = 1<<mlBits - 1 // match length nibble
	runMask = 1<<(8-mlBits) - 1

	maxDistance = 65535 // LZ4_DISTANCE_MAX

	// optimalML is the match length past which lz4hc stops trimming the
	// previous match to make room for the next (OPTIMAL_ML).
	optimalML = mlMask - 1 + minMatch

	// MaxInputSize is the largest input LZ4 accepts (LZ4_MAX_INPUT_SIZE).
	MaxInputSize = 0x7E000000

	hashLog       = 15 // LZ4HC_HASH_LOG
	hashTableSize = 1 << hashLog
	chainSize     = 1 << 16 // LZ4HC_MAXD: chain deltas indexed by uint16(position)

	midHashLog       = hashLog - 1 // LZ4MID_HASHLOG: two tables in the hash table's room
	midHashTableSize = 1 << midHashLog

	// windowStart is the index lz4 gives the first input byte: indices
	// below it mean "no position".
	windowStart = 1 << 16

	// resetIndex bounds the indices: past it the tables are cleared and
	// numbering restarts.
	resetIndex = 1 << 30

	// MinLevel and MaxLevel are the levels Compress implements.
	MinLevel = 1
	MaxLevel = 9
	// DefaultLevel is lz4's default LZ4HC level, used for levels below 1.
	DefaultLevel = 9
)

// levelParams is one row of lz4hc.c's level table (k_clTable) for levels 1..9.
type levelParams struct {
	mid      bool // lz4mid strategy (levels 1, 2)
	attempts int  // hash-chain search depth (levels 3..9)
}

var levels = [MaxLevel + 1]levelParams{
	0: {mid: true},
	1: {mid: true},
	2: {mid: true},
	3: {attempts: 4},
	4: {attempts: 8},
	5: {attempts: 16},
	6: {attempts: 32},
	7: {attempts: 64},
	8: {attempts: 128},
	9: {attempts: 256},
}

// patternAttempts: the search depth above which the hash-chain search
// looks for runs of one byte (levels 9 and up).
const patternAttempts = 128

// CompressBound returns the largest size LZ4 can produce for an input of n
// bytes (LZ4_compressBound), or 0 when n is negative or above MaxInputSize.
func CompressBound(n int) int {
	if n < 0 || n > MaxInputSize {
		return 0
	}
	return n + n/255 + 16
}
