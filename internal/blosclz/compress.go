package blosclz

import "math"

// Compressor parameters, as in C-Blosc2's blosclz_compress.
const (
	maxHashLog = 14 // hash table of 1<<14 entries at clevel >= 3
	// ipShift is how far the compressor steps back from the end of every
	// match before encoding it (C-Blosc2 settled on 4 for the best ratios).
	ipShift = 4
	// minLen is the shortest match length (before the decoder's bias) that
	// is encoded; shorter ones are emitted as literals.
	minLen = 4
	// minFarLen is the shortest match length (before the decoder's bias)
	// encoded with a far distance.
	minFarLen = 6
	// limitMargin: no match starts in the last limitMargin bytes of the
	// input (C-Blosc2's ip_limit).
	limitMargin = 12
	// minInput and minOutput: C-Blosc2 does not compress inputs shorter
	// than 16 bytes or into buffers smaller than 66 bytes.
	minInput  = 16
	minOutput = 66
	hashMul   = 2654435761 // Knuth's multiplicative hash, as in LZ4
)

// hashLogs is the hash table size (log2) per compression level.
var hashLogs = [10]uint{0, maxHashLog - 2, maxHashLog - 1, maxHashLog, maxHashLog,
	maxHashLog, maxHashLog, maxHashLog, maxHashLog, maxHashLog}

// minRatios is, per compression level, the compression ratio the entropy
// probe must predict for the compressor to go on.
var minRatios = [10]float64{0, 2, 1.5, 1.2, 1.2, 1.2, 1.2, 1.15, 1.1, 1.0}

// MaxLevel is the highest compression level.
const MaxLevel = 9

// Compress encodes src into dst with C-Blosc2's BloscLZ at clevel 1..9
// (levels above 9 act as 9) and returns the number of bytes written, or 0
// when the data should be stored uncompressed instead.
//
// It returns 0 exactly when C-Blosc2's blosclz_compress, called by Blosc
// with an output capacity of min(len(dst), len(src)), returns 0 or a size
// equal to len(src) (which Blosc stores raw): clevel < 1, len(src) < 16,
// a capacity below 66 bytes, an entropy probe predicting too small a ratio
// for the level, or an output that does not fit the capacity. Pass dst with
// len(dst) >= len(src) to reproduce Blosc's usual decisions; a shorter dst
// models a chunk whose destination buffer is nearly full.
//
// Compress may write anywhere in dst, also past the returned length and
// when it returns 0. The decisions depend only on src, clevel and that
// capacity: whether src
// is one of several split streams of a block (Blosc's typesize split) is
// the caller's business. On the same input the output is byte-identical to
// C-Blosc2's (the parameters are those of C-Blosc2 since January 2025,
// checked against streams written by C-Blosc2 3.3.3.dev).
func Compress(dst, src []byte, clevel int) int {
	if clevel < 1 || len(src) > math.MaxInt32 {
		return 0
	}
	if clevel > MaxLevel {
		clevel = MaxLevel
	}
	maxOut := min(len(dst), len(src))
	hashLog := hashLogs[clevel]
	var htab hashTable // zeroed, as probeRatio needs

	// Entropy probe: estimate the ratio on a part of the buffer (starting
	// at its last eighth, quarter or half, or at its start at levels 7..9)
	// and give up when it is too small.
	probeLen := len(src)
	switch {
	case clevel < 2:
		probeLen /= 8
	case clevel < 4:
		probeLen /= 4
	case clevel < 7:
		probeLen /= 2
	}
	probeStart := len(src) - probeLen
	probeLen = min(probeLen, 1<<hashLog) // and no more than the table size
	if probeRatio(src[probeStart:probeStart+probeLen], &htab, hashLog) < minRatios[clevel] {
		return 0
	}
	if len(src) < minInput || maxOut < minOutput {
		return 0
	}
	n := compressBlock(dst[:maxOut], src, &htab, hashLog, clevel == MaxLevel)
	if n >= len(src) {
		return 0
	}
	return n
}
