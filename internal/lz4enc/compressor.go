package lz4enc

import "math"

// Compressor compresses LZ4 blocks as LZ4_compress_fast does. Its zero value
// is ready to use; it holds 24 KiB of hash tables, so allocate it with new
// rather than on the stack. A Compressor is not safe for concurrent use.
type Compressor struct {
	table16 [table16Size]uint16 // byU16: positions by hash4, inputs below u16Limit
	table32 [table32Size]uint32 // byU32: positions by hash5, larger inputs
	buf     []byte              // CompressDict: the dictionary and the block
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
	acceleration, n, done := startBlock(dst, src, acceleration)
	if done {
		return n
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
	return compress32(&c.table32, dst, src, 0, acceleration, olimit)
}

// CompressDict is Compress with a dictionary: the block may refer to the
// last 64 KiB of dict, as lz4's LZ4_loadDict then LZ4_compress_fast_continue
// do (C-Blosc2 compresses the streams of a chunk with a dictionary so), and
// decodes with the same dictionary (LZ4_decompress_safe_usingDict). Like
// LZ4_loadDict, it enters every third position of the dictionary in the
// hash table. An empty dict is no dictionary. The bytes are not always
// lz4's: a match may run from the dictionary into the block.
func (c *Compressor) CompressDict(dst, src, dict []byte, acceleration int) int {
	if len(dict) == 0 {
		return c.Compress(dst, src, acceleration)
	}
	acceleration, n, done := startBlock(dst, src, acceleration)
	if done {
		return n
	}
	if len(dict) > maxDistance+1 {
		dict = dict[len(dict)-(maxDistance+1):]
	}
	dst = dst[:len(dst):len(dst)]
	olimit := math.MaxInt
	if len(dst) < CompressBound(len(src)) {
		olimit = len(dst)
	}
	// The dictionary and the block, one after the other, in one buffer.
	c.buf = append(append(c.buf[:0], dict...), src...)
	buf, start := c.buf, len(dict)
	if len(src) < minLength {
		return lastLiteralsRun(dst, buf, 0, start, olimit)
	}
	t := &c.table32
	*t = [table32Size]uint32{}
	for p := 0; p+8 <= start; p += 3 {
		t[hash5(load64(buf, p))&(table32Size-1)] = uint32(p)
	}
	t[hash5(load64(buf, start))&(table32Size-1)] = uint32(start)
	return compress32(t, dst, buf, start, acceleration, olimit)
}

// startBlock applies the rules Compress and CompressDict share: the
// acceleration clamped to [1, MaxAcceleration], and the whole answer for an
// input too large (0) or empty (the one-byte block 0, or 0 bytes when dst is
// empty), in which case done is true and n is the result.
func startBlock(dst, src []byte, acceleration int) (acc, n int, done bool) {
	if acceleration < 1 {
		acceleration = 1
	} else if acceleration > MaxAcceleration {
		acceleration = MaxAcceleration
	}
	if len(src) > MaxInputSize {
		return acceleration, 0, true
	}
	if len(src) == 0 {
		if len(dst) == 0 {
			return acceleration, 0, true
		}
		dst[0] = 0
		return acceleration, 1, true
	}
	return acceleration, 0, false
}
