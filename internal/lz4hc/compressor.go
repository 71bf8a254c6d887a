package lz4hc

import "encoding/binary"

// Compressor compresses LZ4 blocks as LZ4_compress_HC does. Its zero value
// is ready to use; it is large (256 KiB), so allocate it with new or
// NewCompressor rather than on the stack. A Compressor is not safe for
// concurrent use.
//
// The tables are not cleared between calls: each call numbers its input
// from 64 KiB past the end of the previous one, so every index left by an
// earlier call is more than the LZ4 window away and is never followed. The
// output is the same as with the freshly zeroed tables lz4 starts from.
type Compressor struct {
	hashTable  [hashTableSize]uint32 // latest index per hash (lz4mid: two tables of half size)
	chainTable [chainSize]uint16     // distance to the previous index with the same hash
	end        uint32                // index past the last input byte of the previous call
	base       uint32                // index of src[0] in the current call
	next       uint32                // first index not yet inserted in the chains
	buf        []byte                // CompressDict: the dictionary and the block
}

// NewCompressor returns a new Compressor.
func NewCompressor() *Compressor { return new(Compressor) }

// Compress compresses src into dst as an LZ4 block at the given LZ4HC level
// and returns the compressed size, or 0 when src is larger than MaxInputSize
// or the block does not fit in len(dst) (lz4's limitedOutput contract when
// len(dst) < CompressBound(len(src))). It never writes past len(dst). Levels
// 1 to 9 give the bytes of lz4 1.10.0's LZ4_compress_HC at that level; levels
// above 9 are taken as 9, and levels below 1 as DefaultLevel (9).
func (c *Compressor) Compress(dst, src []byte, level int) int {
	if len(src) > MaxInputSize {
		return 0
	}
	return c.compress(dst, src, 0, len(src), level)
}

// CompressDict is Compress with a dictionary: the block may refer to the
// last 64 KiB of dict, as lz4's LZ4_loadDictHC then
// LZ4_compress_HC_continue do (C-Blosc2 compresses the streams of a chunk
// with a dictionary so). The block decodes with the same dictionary
// (LZ4_decompress_safe_usingDict). An empty dict is no dictionary. The
// bytes are not always lz4's: the dictionary's last three positions are
// searched too.
func (c *Compressor) CompressDict(dst, src, dict []byte, level int) int {
	if len(src) > MaxInputSize {
		return 0
	}
	if len(dict) == 0 {
		return c.Compress(dst, src, level)
	}
	if len(dict) > maxDistance+1 {
		dict = dict[len(dict)-(maxDistance+1):]
	}
	// The dictionary and the block, one after the other, in one buffer.
	c.buf = append(append(c.buf[:0], dict...), src...)
	return c.compress(dst, c.buf, len(dict), len(src), level)
}

// compress compresses the block src[start:], of n bytes, after the
// dictionary src[:start].
func (c *Compressor) compress(dst, src []byte, start, n, level int) int {
	if level < MinLevel {
		level = DefaultLevel
	}
	if level > MaxLevel {
		level = MaxLevel
	}
	if c.end > resetIndex {
		c.hashTable = [hashTableSize]uint32{}
		c.chainTable = [chainSize]uint16{}
		c.end = 0
	}
	// A base at a multiple of 64 KiB makes uint16(position in src) the
	// chain slot of the position's index: the searches work on positions.
	c.base = (c.end + windowStart + chainSize - 1) &^ (chainSize - 1)
	c.next = c.base
	c.end = c.base + uint32(len(src))

	// lz4 checks the output conservatively only when dst may be too small.
	limited := len(dst) < CompressBound(n)
	p := levels[level]
	if p.mid {
		return c.compressMid(dst, src, start, limited)
	}
	return c.compressChain(dst, src, start, p.attempts, limited)
}

// encodeSequence writes at dst[op:] the sequence of the literals
// src[anchor:ip] and a match of length ml at distance off, and returns the
// new output position, or -1 when it does not fit. With limited set it
// applies lz4's checks (LZ4HC_encodeSequence), which keep room for a
// sequence's worst case plus the last literals; otherwise it fails only
// when the bytes really do not fit, which lz4's bound rules out.
func encodeSequence(dst, src []byte, op, anchor, ip, ml, off int, limited bool) int {
	litLen := ip - anchor
	mlCode := ml - minMatch
	if limited {
		if op+1+litLen/255+litLen+(2+1+lastLiterals) > len(dst) {
			return -1
		}
		llBytes := 0
		if litLen >= runMask {
			llBytes = (litLen-runMask)/255 + 1
		}
		if op+1+llBytes+litLen+2+mlCode/255+(1+lastLiterals) > len(dst) {
			// lz4 makes this check after writing the literals and the
			// offset, which are written only to be discarded.
			return -1
		}
	} else if op+sequenceSize(litLen, mlCode) > len(dst) {
		return -1
	}
	token := op
	op++
	if litLen >= runMask {
		dst[token] = runMask << mlBits
		op = putLength(dst, op, litLen-runMask)
	} else {
		dst[token] = byte(litLen << mlBits)
	}
	op += copy(dst[op:], src[anchor:ip])
	binary.LittleEndian.PutUint16(dst[op:], uint16(off))
	op += 2
	if mlCode >= mlMask {
		dst[token] |= mlMask
		op = putLength(dst, op, mlCode-mlMask)
	} else {
		dst[token] |= byte(mlCode)
	}
	return op
}

// sequenceSize is the encoded size of a sequence with litLen literals and a
// match length code mlCode (match length - 4).
func sequenceSize(litLen, mlCode int) int {
	n := 1 + litLen + 2
	if litLen >= runMask {
		n += (litLen-runMask)/255 + 1
	}
	if mlCode >= mlMask {
		n += (mlCode-mlMask)/255 + 1
	}
	return n
}

// putLength writes the extra length bytes of n (255s then the rest) at
// dst[op:] and returns the new position.
func putLength(dst []byte, op, n int) int {
	for ; n >= 255; n -= 255 {
		dst[op] = 255
		op++
	}
	dst[op] = byte(n)
	return op + 1
}

// lastLiteralsRun writes the final sequence (literals src[anchor:], no
// match) at dst[op:] and returns the compressed size, or 0 when it does not
// fit.
func lastLiteralsRun(dst, src []byte, op, anchor int) int {
	run := len(src) - anchor
	if op+1+(run+255-runMask)/255+run > len(dst) {
		return 0
	}
	if run >= runMask {
		dst[op] = runMask << mlBits
		op = putLength(dst, op+1, run-runMask)
	} else {
		dst[op] = byte(run << mlBits)
		op++
	}
	return op + copy(dst[op:], src[anchor:])
}
