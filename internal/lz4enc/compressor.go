package lz4enc

import "math"

// Compressor compresses LZ4 blocks as LZ4_compress_fast does. Its zero value
// is ready to use; it holds 24 KiB of hash tables, so allocate it with new
// rather than on the stack. A Compressor is not safe for concurrent use.
type Compressor struct {
	table16 [table16Size]uint16 // byU16: positions by hash4, inputs below u16Limit
	table32 [table32Size]uint32 // byU32: positions by hash5, larger inputs
}

// Compress compresses src into dst as an LZ4 block with the given
// acceleration and returns the compressed size. The bytes dst[:n] are those
// of lz4 1.10.0's LZ4_compress_fast(src, dst, len(src), len(dst),
// acceleration) on a 64-bit host (on every host: lz4 on 32-bit hosts hashes
// 4 bytes rather than 5 for inputs of 64 KiB + 11 bytes or more), and of
// pierrec/lz4's CompressorCCompat.
//
// It returns 0, as LZ4_compress_fast does, when src is larger than
// MaxInputSize (where pierrec/lz4 switches to its own algorithm) or the block does not fit in len(dst): when len(dst) is below
// CompressBound(len(src)) it applies lz4's conservative "limitedOutput"
// checks, so it may give up a little before dst is really full, exactly
// where lz4 gives up. It never writes past len(dst). An empty src gives the
// one-byte block 0 (or 0 bytes when dst is empty).
//
// Accelerations below 1 are taken as 1 (lz4's default), above
// MaxAcceleration as MaxAcceleration.
func (c *Compressor) Compress(dst, src []byte, acceleration int) int {
	if acceleration < 1 {
		acceleration = 1
	} else if acceleration > MaxAcceleration {
		acceleration = MaxAcceleration
	}
	if len(src) > MaxInputSize {
		return 0
	}
	if len(src) == 0 {
		if len(dst) == 0 {
			return 0
		}
		dst[0] = 0
		return 1
	}
	// lz4 checks that the output fits, conservatively, only when dst may
	// be too small (limitedOutput): olimit is then len(dst).
	dst = dst[:len(dst):len(dst)] // slicing never reaches past len(dst)
	olimit := math.MaxInt
	if len(dst) < CompressBound(len(src)) {
		olimit = len(dst)
	}
	if len(src) < minLength {
		return lastLiteralsRun(dst, src, 0, 0, olimit)
	}
	if len(src) < u16Limit {
		// lz4 clears the table on each call; the first position's entry
		// (0) is then already in place.
		c.table16 = [table16Size]uint16{}
		return compress16(&c.table16, dst, src, acceleration, olimit)
	}
	c.table32 = [table32Size]uint32{}
	return compress32(&c.table32, dst, src, acceleration, olimit)
}
