package zstd

import (
	"encoding/binary"
	"math/bits"
)

// Encoder compresses whole inputs into single Zstandard frames that any
// zstd decoder reads. Its tables and scratch space are kept from call to
// call and sized to the inputs seen, so that a warm Encoder compresses
// without allocating when dst has room. A Encoder is not safe for
// concurrent use: give each goroutine its own.
type Encoder struct {
	level    int
	dict     *Dict
	checksum bool // frames end with a content checksum

	rep    [3]int
	table  []uint32 // hash table: position of the last input with each hash
	table2 []uint32 // long hash table (dfast), hash chain (greedy, lazy)
	rows   rowFinder
	fast   fastState   // matchFast's parse
	dubt   dubtFinder  // btlazy2's tree
	opt    *optState   // the optimal parsers' (btopt, btultra, btultra2)
	start  int         // where the input starts in b (after dictionary content)
	p      levelParams // of the current input
	seqs   []seq
	lits   []byte
	buf    []byte // dictionary content followed by the input (dict only)

	litCnt  [256]uint32
	litCnt4 [4][256]uint32
	huf     hufEnc
	seqEnc  seqEnc

	// Entries of table and table2 are positions plus tblBase; tblEnd is
	// past every entry (see prepare).
	tblBase, tblEnd int
}

// MinLevel and MaxLevel bound the levels NewEncoder takes.
const (
	MinLevel = 1
	MaxLevel = 22
)

// NewEncoder returns an Encoder at level (clamped to MinLevel..MaxLevel),
// the scale of zstd's own levels: 1 is fastest.
func NewEncoder(level int) *Encoder {
	if level < MinLevel {
		level = MinLevel
	}
	if level > MaxLevel {
		level = MaxLevel
	}
	return &Encoder{level: level}
}

// SetDict makes the following frames use dictionary d (nil: none): their
// matches may copy from its content, their header names its ID and they
// start from its repeat offsets. Decoders need the same dictionary.
func (e *Encoder) SetDict(d *Dict) { e.dict = d }

// SetChecksum makes the following frames end with a content checksum (the
// low 32 bits of the content's XXH64, as zstd's --check writes), or not.
func (e *Encoder) SetChecksum(on bool) { e.checksum = on }

// SetLevel sets the level of the following frames (clamped to
// MinLevel..MaxLevel).
func (e *Encoder) SetLevel(level int) { e.level = min(max(level, MinLevel), MaxLevel) }

// Level returns the Encoder's level.
func (e *Encoder) Level() int { return e.level }

// EncodeAll appends one Zstandard frame holding src to dst and returns
// the extended slice. The frame records the content size, ends with a
// content checksum if SetChecksum asked for one, and is made of blocks of
// at most 128 KiB.
func (e *Encoder) EncodeAll(dst, src []byte) []byte {
	dst = e.frameHeader(dst, len(src))
	b := src
	start := 0
	e.rep = [3]int{1, 4, 8}
	if d := e.dict; d != nil {
		if d.tables {
			e.rep = d.rep
		}
		if len(d.content) > 0 {
			e.buf = append(append(e.buf[:0], d.content...), src...)
			b = e.buf
			start = len(d.content)
		}
	}
	e.start = start
	e.prepare(b, start)
	if len(src) == 0 {
		dst = append(dst, 1, 0, 0) // an empty raw block, the last
	}
	for pos := start; pos < len(b); {
		end := pos + maxBlockSize
		if end > len(b) {
			end = len(b)
		}
		dst = e.block(dst, b, pos, end, end == len(b))
		pos = end
	}
	if e.checksum {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(xxhash64(src)))
	}
	return dst
}

// frameHeader appends the frame header for a content of n bytes.
func (e *Encoder) frameHeader(dst []byte, n int) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, FrameMagic)
	var id uint32
	if e.dict != nil {
		id = e.dict.id
	}
	fhd := byte(fhdSingleSegment)
	if e.checksum {
		fhd |= fhdChecksum
	}
	switch {
	case id == 0:
	case id < 256:
		fhd |= 1
	case id < 65536:
		fhd |= 2
	default:
		fhd |= 3
	}
	u := uint64(n)
	switch {
	case u < 256:
	case u < 65536+256:
		fhd |= 1 << 6
	case u < 1<<32:
		fhd |= 2 << 6
	default:
		fhd |= 3 << 6
	}
	dst = append(dst, fhd)
	switch fhd & 3 {
	case 1:
		dst = append(dst, byte(id))
	case 2:
		dst = binary.LittleEndian.AppendUint16(dst, uint16(id))
	case 3:
		dst = binary.LittleEndian.AppendUint32(dst, id)
	}
	switch fhd >> 6 {
	case 0:
		dst = append(dst, byte(u))
	case 1:
		dst = binary.LittleEndian.AppendUint16(dst, uint16(u-256))
	case 2:
		dst = binary.LittleEndian.AppendUint32(dst, uint32(u))
	default:
		dst = binary.LittleEndian.AppendUint64(dst, u)
	}
	return dst
}

// blockHeader appends a block header.
func blockHeader(dst []byte, last bool, typ int, size int) []byte {
	v := uint32(typ)<<1 | uint32(size)<<3
	if last {
		v |= 1
	}
	return append(dst, byte(v), byte(v>>8), byte(v>>16))
}

// block appends the block of b[pos:end] (earlier bytes are history).
func (e *Encoder) block(dst, b []byte, pos, end int, last bool) []byte {
	src := b[pos:end]
	if constant(src) {
		return append(blockHeader(dst, last, blockRLE, len(src)), src[0])
	}
	saved := e.rep
	e.seqs = e.seqs[:0]
	if cap(e.lits) < len(src)+16 {
		e.lits = make([]byte, 0, max(len(src), maxBlockSize)+16)
	}
	e.lits = e.lits[:0]
	e.match(b, pos, end)
	// The block is built in place after its header, and replaced by a
	// raw block when it is no smaller than src.
	at := len(dst)
	out := e.literals(append(dst, 0, 0, 0), e.lits)
	out = e.seqEnc.encode(out, e.seqs)
	n := len(out) - at - 3
	if n >= len(src) {
		e.rep = saved // the decoder sees no sequences in a raw block
		return append(blockHeader(out[:at], last, blockRaw, len(src)), src...)
	}
	blockHeader(out[:at], last, blockCompressed, n)
	return out
}

// constant reports whether b is one byte value repeated (an RLE block).
func constant(b []byte) bool {
	if len(b) < 2 {
		return len(b) == 1
	}
	c := b[0]
	if len(b) >= 8 {
		w := uint64(c) * 0x0101010101010101
		i := 0
		for ; i+8 <= len(b); i += 8 {
			if binary.LittleEndian.Uint64(b[i:]) != w {
				return false
			}
		}
		b = b[len(b)-8:]
	}
	for _, x := range b {
		if x != c {
			return false
		}
	}
	return true
}

// emit records a sequence: the literals b[anchor:ip], then a match of
// length ml at offset off; it codes the offset against the repeat
// offsets and updates them as the decoder will.
func (e *Encoder) emit(b []byte, anchor, ip, off, ml int) {
	ll := ip - anchor
	e.lits = appendLits(e.lits, b, anchor, ll)
	r := &e.rep
	var ob int
	ob, r[0], r[1], r[2] = codeOffset(off, ll, r[0], r[1], r[2])
	e.seqs = append(e.seqs, seq{litLen: uint32(ll), matchLen: uint32(ml), offBase: uint32(ob)})
}

// matchLen returns how many bytes b[a:] and b[c:] (c < a) have in
// common, not counting past end.
func matchLen(b []byte, a, c, end int) int {
	n := 0
	for a+8 <= end {
		x := binary.LittleEndian.Uint64(b[a:a+8]) ^ binary.LittleEndian.Uint64(b[c:c+8])
		if x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		a += 8
		c += 8
		n += 8
	}
	for a < end && b[a] == b[c] {
		a++
		c++
		n++
	}
	return n
}
