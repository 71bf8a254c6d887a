package blosc

// MaxOverhead is the most a chunk written by an Encoder exceeds its input:
// the 32-byte header of a chunk stored uncompressed (C-Blosc2's
// BLOSC2_MAX_OVERHEAD). A compressed chunk that would be larger than its
// input plus the header is stored uncompressed instead, so no chunk, with
// or without a dictionary, in either format, is larger than that.
const MaxOverhead = ExtendedHeaderLen

// MaxCompressedLen returns the largest chunk Compress writes for an input
// of n bytes (n + MaxOverhead), or -1 when n is negative or above
// MaxNbytes. Compress and Encoder.Compress do not allocate the output when
// dst has at least that much room past its length, and never write to dst
// past that many bytes after its length.
func MaxCompressedLen(n int) int {
	if n < 0 || n > MaxNbytes {
		return -1
	}
	return n + MaxOverhead
}
