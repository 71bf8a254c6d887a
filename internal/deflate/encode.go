package deflate

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// Compressor compresses whole buffers into deflate (RFC 1951) or zlib (RFC
// 1950) streams in one call, as zlib's compress2 does. It keeps its match
// tables between calls, so that compressing with a Compressor allocates
// nothing once its tables have grown to the inputs' size. The zero value
// is ready to use; a Compressor is not safe for concurrent use.
//
// The match finder is zlib's lazy evaluation (deflate_slow) at every
// level from 1 to 9: hash chains over 4-byte prefixes in a 32 KiB window,
// followed only from a candidate whose 4 bytes match; where none gives a
// match of 4 or more, the last position with the same 3 bytes if it lies
// within 4096 bytes (zlib's TOO_FAR rule: a 3-byte match pays only at a
// short distance); a match at the next position preferred when it is
// longer. Levels 6 to 9 have zlib's search parameters; level 5 looks for
// a longer match at the next position only after a 3-byte one (zlib: up
// to 15 bytes) and searches on until a match of 258 (zlib: 32): on Blosc's
// shuffled and unshuffled numeric streams, where zlib's lazy evaluation
// loses ground, this compresses as well as zlib-ng's level 5, and faster.
// Level 5 also takes a 3-byte match only where fewer than 4 literals
// precede it since the last match (levelParams.run3): zlib-ng's level 5
// (deflate_medium) takes no match under 4 bytes, and a 3-byte match that
// breaks a run of literals costs the decoder more (a mispredicted branch,
// a batch of literals split) than the 3 literals it replaces, for a few
// bits saved; between matches it replaces literals that each cost a
// table step.
// At levels 1 to 5, after skipAfter positions without a match, only every
// other position is hashed and searched until the next match (sizes
// within 0.1% on the reference datasets, far less time on data that
// does not compress). Each block of up to blockTokens literals and matches is written with a
// code of its own (dynamic Huffman, lengths limited to 15 bits), the
// fixed code, or stored, whichever is the shortest.
type Compressor struct {
	blockWriter
	tab    *matchTables
	tokens []uint32
}

// blockTokens is the number of tokens per block: zlib's 16K symbols
// (lit_bufsize at memLevel 8). Each dynamic block costs the decoder a
// table build: at 8K, 256 KiB of unshuffled float64s made 28 blocks where
// zlib-ng writes 16, and decoded 7% slower.
var blockTokens = 1 << 14

const (
	windowSize  = 1 << 15
	windowMask  = windowSize - 1
	minMatch    = 3
	maxMatch    = 258
	tooFar      = 4096 // farthest distance of a 3-byte match
	maxHashBits = 15

	maxMatchInput = 1 << 30 // longest input searched for matches
)

// levelParams are zlib's search parameters of a level: stop searching
// when a match of good is in hand (search a quarter of the chain), do not
// look for a longer match at the next position after one of lazy, stop at
// a match of nice, follow at most chain links; the positions inside a
// match longer than maxInsert are not hashed (levels 1 and 2, as zlib-ng's
// deflate_fast). With skip, after
// skipAfter positions without a match only every other position is
// hashed and searched (until a match), as fast compressors do on data
// that does not compress.
type levelParams struct {
	good, lazy, nice, chain int
	skip                    bool
	maxInsert               int // longest match whose positions are hashed (zlib's deflate_fast rule)
	run3                    int // a 3-byte match only after fewer literals than this since the last match (0: after any)
}

// skipAfter is the run of positions without a match after which levels
// with skip search every other position.
const skipAfter = 128

var levelTable = [10]levelParams{
	{0, 0, 0, 0, false, 0, 0}, // stored
	{4, 4, 8, 4, true, 4, 0},
	{4, 5, 16, 8, true, 5, 0},
	{4, 6, 32, 32, true, maxMatch, 0},
	{4, 4, 16, 16, true, maxMatch, 0},
	{4, 4, 258, 32, true, maxMatch, 4}, // zlib: 8, 16, 32, 32 (see Compressor)
	{8, 16, 128, 128, false, maxMatch, 0},
	{8, 32, 128, 256, false, maxMatch, 0},
	{32, 128, 258, 1024, false, maxMatch, 0},
	{32, 258, 258, 4096, false, maxMatch, 0},
}

// DefaultLevel is the level of a negative level argument (zlib's
// Z_DEFAULT_COMPRESSION).
const DefaultLevel = 6

// CompressZlib appends to dst the zlib stream of src at level (0: stored,
// 1 fastest to 9 smallest, negative: DefaultLevel, above 9: 9) and returns
// the extended slice. It is a shorthand for a new Compressor's
// CompressZlib.
func CompressZlib(dst, src []byte, level int) []byte {
	var c Compressor
	return c.CompressZlib(dst, src, level)
}

// CompressZlib appends to dst the zlib stream (2-byte header, deflate
// data, big-endian Adler-32 of src) of src at level and returns the
// extended slice. Levels are those of Compress.
func (c *Compressor) CompressZlib(dst, src []byte, level int) []byte {
	level = clampLevel(level)
	// FLEVEL as zlib sets it: 0 fastest, 1 fast, 2 default, 3 best.
	flevel := byte(3)
	switch {
	case level < 2:
		flevel = 0
	case level < 6:
		flevel = 1
	case level == 6:
		flevel = 2
	}
	cmf, flg := byte(0x78), flevel<<6
	flg += byte(31 - (uint(cmf)<<8|uint(flg))%31)
	dst = slices.Grow(dst, maxCompressed(len(src))+6)
	dst = append(dst, cmf, flg)
	dst = c.Compress(dst, src, level)
	return binary.BigEndian.AppendUint32(dst, Adler32(1, src))
}

// Compress appends to dst the raw deflate stream of src at level (0:
// stored blocks, 1 fastest to 9 smallest, negative: DefaultLevel, above
// 9: 9) and returns the extended slice. Inputs of more than 1 GiB (more
// than a Blosc chunk holds) are stored: the match tables hold 32-bit
// positions.
func (c *Compressor) Compress(dst, src []byte, level int) []byte {
	level = clampLevel(level)
	c.out = slices.Grow(dst, maxCompressed(len(src)))
	c.acc, c.nbits = 0, 0
	if level == 0 || len(src) == 0 || len(src) > maxMatchInput {
		c.writeStored(src)
	} else {
		c.deflate(src, &levelTable[level])
	}
	c.flush()
	out := c.out
	c.out = nil
	return out
}

func clampLevel(level int) int {
	if level < 0 {
		return DefaultLevel
	}
	return min(level, 9)
}

// maxCompressed bounds the size of the deflate stream of n bytes: stored
// blocks (at most two 5-byte headers per block of tokens or 65535 bytes)
// and a few bytes of final block.
func maxCompressed(n int) int {
	return n + 10*(n/blockTokens+n/65535+2) + 16
}

// writeStored writes src as final stored blocks.
func (c *Compressor) writeStored(src []byte) {
	for {
		n := min(len(src), 65535)
		final := uint64(0)
		if n == len(src) {
			final = 1
		}
		c.put(final, 3)
		c.flush()
		c.out = append(c.out, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		c.out = append(c.out, src[:n]...)
		src = src[n:]
		if final == 1 {
			return
		}
	}
}

// matchTables are the hash tables of the match finder.
type matchTables struct {
	head  [1 << maxHashBits]int32 // per 4-byte hash, 1 + the last position with it (0: none)
	head3 [1 << hash3Bits]int32   // per 3-byte hash, 1 + the last position with it
	prev  [windowSize]uint16      // per position mod windowSize, the distance back to the previous one with its 4-byte hash (0: none)
}

// hash3Bits sizes the table of 3-byte matches, looked for only within
// tooFar bytes.
const hash3Bits = 12

// resetTables clears the hash tables for an input of n bytes and returns
// the shift of hash4.
func (c *Compressor) resetTables(n int) uint {
	if c.tab == nil {
		c.tab = new(matchTables)
	}
	hb := uint(bits.Len(uint(n)))
	hb = min(max(hb, 8), maxHashBits)
	clear(c.tab.head[:1<<hb])
	clear(c.tab.head3[:])
	if c.tokens == nil {
		c.tokens = make([]uint32, 0, blockTokens+2)
	}
	return 32 - hb
}

// hash4 hashes 4 bytes x; shift is 32 less the hash bits.
func hash4(x uint32, shift uint) uint32 {
	return x * 0x1E35A7BD >> shift & (1<<maxHashBits - 1)
}

// hash3 hashes the low 3 bytes of x.
func hash3(x uint32) uint32 {
	return (x << 8) * 0x9E3779B1 >> (32 - hash3Bits)
}

// deflate writes src as blocks of literals and matches found by lazy
// evaluation with the parameters p.
func (c *Compressor) deflate(src []byte, p *levelParams) {
	shift := c.resetTables(len(src))
	head, head3, prev := &c.tab.head, &c.tab.head3, &c.tab.prev
	litFreq, distFreq := &c.litFreq, &c.distFreq
	n := len(src)
	end := n - 3 // positions with 4 bytes to hash
	tokens := c.tokens[:0]
	blockStart := 0
	pos := 0
	prevLen, prevDist := minMatch-1, 0
	pending := false // a literal at pos-1 not yet written
	lastEnd := 0     // the end of the last match
	run3 := p.run3
	if run3 == 0 {
		run3 = maxMatchInput + 1
	}
	lazy := p.lazy
	// miss counts the positions since the last match found; skipMask
	// makes the odd ones of a long run skipped.
	miss, skipMask := 0, 0
	if p.skip {
		skipMask = 1
	}
	for pos < n {
		curLen, curDist := minMatch-1, 0
		if pos < end && (miss < skipAfter || miss&skipMask == 0) {
			// Insert pos in the hash tables.
			x := binary.LittleEndian.Uint32(src[pos:])
			h3 := hash3(x)
			cand3 := int(head3[h3]) - 1
			head3[h3] = int32(pos + 1)
			h := hash4(x, shift)
			cand := int(head[h]) - 1
			head[h] = int32(pos + 1)
			d := pos - cand
			if cand < 0 || d >= windowSize {
				d = 0
			}
			prev[pos&windowMask] = uint16(d)
			if prevLen < lazy {
				// The chain is followed only from a candidate whose 4
				// bytes match: on data with few matches, most heads are
				// hash collisions.
				if d != 0 && binary.LittleEndian.Uint32(src[cand:]) == x {
					curLen, curDist = c.longest(src, pos, cand, prevLen, p)
				}
				// A 3-byte match, where no longer one was found, at the
				// last position with the same 3 bytes if it is near (and
				// few literals precede it, see run3).
				if curLen < minMatch && prevLen < minMatch && cand3 >= 0 && pos-cand3 <= tooFar && pos-lastEnd < run3 {
					if uint32(binary.LittleEndian.Uint16(src[cand3:]))|uint32(src[cand3+2])<<16 == x&0xffffff {
						curLen, curDist = minMatch, pos-cand3
					}
				}
			}
		}
		if curLen >= minMatch {
			miss = 0
		} else {
			miss++
		}
		if prevLen >= minMatch && curLen <= prevLen {
			l, d := uint32(prevLen-minMatch), uint32(prevDist-1)
			tokens = append(tokens, matchFlag|l<<16|d)
			litFreq[257+int(lenSym[l])]++
			distFreq[distSym(d)]++
			mend := pos - 1 + prevLen
			last := min(mend, end)
			if prevLen > p.maxInsert {
				last = 0
			}
			// The match's positions go into the hash tables (as insert
			// does, inline: the call was 13-18% of the time).
			for q := pos + 1; q < last; q++ {
				x := binary.LittleEndian.Uint32(src[q:])
				head3[hash3(x)] = int32(q + 1)
				h := hash4(x, shift)
				cand := int(head[h])
				head[h] = int32(q + 1)
				d := q + 1 - cand
				if cand == 0 || d >= windowSize {
					d = 0
				}
				prev[q&windowMask] = uint16(d)
			}
			pos, lastEnd = mend, mend
			prevLen, pending = minMatch-1, false
			if len(tokens) >= blockTokens && pos < n {
				c.writeBlock(tokens, src[blockStart:pos], false)
				tokens = tokens[:0]
				blockStart = pos
			}
			continue
		}
		if pending {
			b := src[pos-1]
			tokens = append(tokens, uint32(b))
			litFreq[b]++
			if len(tokens) >= blockTokens {
				c.writeBlock(tokens, src[blockStart:pos], false)
				tokens = tokens[:0]
				blockStart = pos
			}
		}
		pending = true
		prevLen, prevDist = curLen, curDist
		pos++
	}
	if pending {
		b := src[n-1]
		tokens = append(tokens, uint32(b))
		litFreq[b]++
	}
	c.writeBlock(tokens, src[blockStart:], true)
	c.tokens = tokens[:0]
}

// longest returns the longest match at pos longer than prevLen and 3
// following the hash chain from cand, or minMatch-1 and 0.
func (c *Compressor) longest(src []byte, pos, cand, prevLen int, p *levelParams) (int, int) {
	maxLen := min(maxMatch, len(src)-pos)
	best := max(prevLen, minMatch)
	if best >= maxLen {
		return minMatch - 1, 0
	}
	chain := p.chain
	if prevLen >= p.good {
		chain >>= 2
	}
	nice := min(p.nice, maxLen)
	limit := pos - windowSize + 1
	s := src[pos : pos+maxLen]
	bestDist := 0
	prev := &c.tab.prev
	for {
		t := src[cand : cand+maxLen]
		// The 4 bytes ending at best first: most candidates fail there.
		if binary.LittleEndian.Uint32(t[best-3:]) == binary.LittleEndian.Uint32(s[best-3:]) {
			l := matchLen(t, s)
			if l > best {
				best, bestDist = l, pos-cand
				if l >= nice {
					break
				}
			}
		}
		chain--
		if chain <= 0 {
			break
		}
		d := int(prev[cand&windowMask])
		cand -= d
		if d == 0 || cand < limit {
			break
		}
	}
	if bestDist == 0 {
		return minMatch - 1, 0
	}
	return best, bestDist
}

// matchLen returns the length of the common prefix of a and b, len(a) ==
// len(b).
func matchLen(a, b []byte) int {
	n := 0
	for len(b)-n >= 8 {
		x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
