package blosc

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"sync"
)

// A decoder for the zstd blocks (RFC 8878) whose literals are stored raw
// or as a run; see decode_zstd.go for when it is used. Huffman-coded
// literals, dictionaries and checksums are left to klauspost/compress.

// FSE table kinds of the sequences section.
const (
	zstdLL = iota // literal lengths
	zstdOF        // offsets
	zstdML        // match lengths
)

var (
	zstdMaxLog = [3]int{zstdLL: 9, zstdOF: 8, zstdML: 9}
	zstdMaxSym = [3]int{zstdLL: 35, zstdOF: 31, zstdML: 52}

	// The predefined distributions (RFC 8878 3.1.1.3.2.2).
	zstdPredefLog  = [3]int{zstdLL: 6, zstdOF: 5, zstdML: 6}
	zstdPredefNorm = [3][]int16{
		zstdLL: {4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1},
		zstdOF: {1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1},
		zstdML: {1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
			1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1},
	}

	// Literal and match length codes 16 (LL) and 32 (ML) on: extra bits
	// (RFC 8878 3.1.1.3.2.1); each baseline follows from the previous one.
	zstdLLBits = [256]uint8{16: 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	zstdMLBits = [256]uint8{32: 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	zstdLLBase [256]uint32 // by code; codes past 35 (52) do not occur
	zstdMLBase [256]uint32

	zstdPredefOnce  sync.Once
	zstdPredefTable [3]fseTable
)

// fseTable is an FSE decoding table of up to 1<<9 states (the largest
// accuracy log of the sequences section); fixed-size so that masked
// indexes need no bounds checks.
type fseTable [512]fseEntry

func zstdInitTables() {
	zstdPredefOnce.Do(func() {
		for c := 0; c <= zstdMaxSym[zstdLL]; c++ {
			zstdLLBase[c] = uint32(c)
			if c > 16 {
				zstdLLBase[c] = zstdLLBase[c-1] + 1<<zstdLLBits[c-1]
			}
		}
		for c := 0; c <= zstdMaxSym[zstdML]; c++ {
			zstdMLBase[c] = uint32(c) + 3
			if c > 32 {
				zstdMLBase[c] = zstdMLBase[c-1] + 1<<zstdMLBits[c-1]
			}
		}
		for k := range zstdPredefTable {
			if err := buildFSETable(&zstdPredefTable[k], zstdPredefNorm[k], zstdPredefLog[k]); err != nil {
				panic("blosc: predefined zstd table: " + err.Error())
			}
		}
	})
}

// fseEntry is one state of an FSE decoding table.
type fseEntry struct {
	sym  uint8
	nb   uint8  // bits to read for the next state
	base uint16 // next state = base + those bits
}

var errZstdCorrupt = errors.New("zstd: corrupt frame")

func zstdErr(what string) error { return errors.New("zstd: " + what) }

// buildFSETable builds the decoding table of a normalized distribution
// (RFC 8878 4.1.1) with accuracy log log (at most 9) into tab.
func buildFSETable(tab *fseTable, norm []int16, log int) error {
	size := 1 << log
	t := tab[:size]
	var next [64]uint16
	high := size - 1
	for s, n := range norm {
		if n == -1 {
			t[high].sym = uint8(s)
			high--
			next[s] = 1
		} else {
			next[s] = uint16(n)
		}
	}
	pos, step, mask := 0, size>>1+size>>3+3, size-1
	for s, n := range norm {
		for i := 0; i < int(n); i++ {
			t[pos].sym = uint8(s)
			for pos = (pos + step) & mask; pos > high; pos = (pos + step) & mask {
			}
		}
	}
	if pos != 0 {
		return zstdErr("bad FSE distribution")
	}
	for u := range t {
		s := t[u].sym
		x := next[s]
		next[s]++
		nb := log - (bits.Len16(x) - 1)
		t[u].nb = uint8(nb)
		t[u].base = uint16(int(x)<<nb - size)
	}
	return nil
}

// readNCount reads an FSE table description (RFC 8878 4.1.1) of kind k
// from b into norm and returns the distribution, its accuracy log and the
// bytes read.
func readNCount(norm *[64]int16, b []byte, k int) ([]int16, int, int, error) {
	// Bits are read little-endian from a zero-padded view of b.
	bitPos := 0
	peek := func() uint32 {
		i := bitPos >> 3
		var v uint32
		for j := 3; j >= 0; j-- {
			v <<= 8
			if i+j < len(b) {
				v |= uint32(b[i+j])
			}
		}
		return v >> (bitPos & 7)
	}
	if len(b) == 0 {
		return nil, 0, 0, zstdErr("FSE table description truncated")
	}
	log := int(b[0]&15) + 5
	bitPos = 4
	if log > zstdMaxLog[k] {
		return nil, 0, 0, zstdErr("FSE accuracy log too large")
	}
	remaining := 1<<log + 1
	threshold := 1 << log
	nbBits := log + 1
	sym := 0
	prev0 := false
	for remaining > 1 && sym <= zstdMaxSym[k] {
		if prev0 {
			n0 := sym
			for {
				r := int(peek() & 3)
				bitPos += 2
				n0 += r
				if r != 3 {
					break
				}
				if n0 > zstdMaxSym[k]+1 || bitPos > 8*len(b)+32 {
					return nil, 0, 0, zstdErr("FSE table description: too many symbols")
				}
			}
			if n0 > zstdMaxSym[k] {
				return nil, 0, 0, zstdErr("FSE table description: too many symbols")
			}
			for ; sym < n0; sym++ {
				norm[sym] = 0
			}
		}
		v := peek()
		max := (2*threshold - 1) - remaining
		var count int
		if int(v)&(threshold-1) < max {
			count = int(v) & (threshold - 1)
			bitPos += nbBits - 1
		} else {
			count = int(v) & (2*threshold - 1)
			if count >= threshold {
				count -= max
			}
			bitPos += nbBits
		}
		count--
		if count < 0 {
			remaining += count
		} else {
			remaining -= count
		}
		norm[sym] = int16(count)
		sym++
		prev0 = count == 0
		for remaining < threshold {
			nbBits--
			threshold >>= 1
		}
	}
	n := (bitPos + 7) >> 3
	if remaining != 1 || n > len(b) {
		return nil, 0, 0, zstdErr("bad FSE table description")
	}
	return norm[:sym], log, n, nil
}

// revBits reads a zstd bitstream backwards (RFC 8878 4.1, 4.2), as
// zstd's own decoder does: v holds the 8 bytes at b[pos:] (or all of a
// shorter stream), used counts the bits of v already read, from the top.
type revBits struct {
	b    []byte
	v    uint64
	used uint
	pos  int
}

func (r *revBits) init(b []byte) error {
	if len(b) == 0 || b[len(b)-1] == 0 {
		return zstdErr("bad sequences bitstream")
	}
	r.b = b
	r.used = uint(bits.LeadingZeros8(b[len(b)-1])) + 1
	if len(b) >= 8 {
		r.pos = len(b) - 8
		r.v = binary.LittleEndian.Uint64(b[r.pos:])
		return nil
	}
	r.pos = 0
	r.v = 0
	for i := len(b) - 1; i >= 0; i-- {
		r.v = r.v<<8 | uint64(b[i])
	}
	r.used += uint(8 * (8 - len(b)))
	return nil
}

// read returns the next n (<= 31) bits; past the start of the stream
// they are zeros and used exceeds 64. The sequence loop does the same
// inline, and reloads v from b[pos:] as zstd does.
func (r *revBits) read(n uint8) uint32 {
	v := r.v << (r.used & 63) >> 1 >> (63 - n)
	if r.used >= 64 {
		v = 0
	}
	r.used += uint(n)
	return uint32(v)
}

// zstdFrame is the state of one frame being decoded by the worker.
type zstdFrame struct {
	rep     [3]int
	tables  [3]*fseTable // the tables the last block used (for Repeat_Mode)
	logs    [3]int
	own     [3]fseTable // decoded and RLE tables
	lits    []byte      // RLE literals
	norm    [64]int16
	partial bool // decoding blocks without the ones before them
}

// errZstdNeedState is returned when blocks decoded without the ones
// before them use their repeat offsets or tables.
var errZstdNeedState = errors.New("zstd: blocks depend on earlier blocks")

// zstdDenseSeqs is the number of sequences per block (of the largest
// size) above which klauspost's assembly decodes a block faster than
// decodeBlocks: many short matches rather than a few long ones.
const zstdDenseSeqs = zstdMaxBlockSize / 64

// zstdDense reports whether klauspost should decode the compressed block
// b (at least 2 bytes): its literals are Huffman-coded or it has many
// sequences. Truncated blocks count as dense: klauspost reports them.
func zstdDense(b []byte) bool {
	if b[0]&3 > 1 {
		return true
	}
	lh, lsize := 1, int(b[0]>>3)
	switch (b[0] >> 2) & 3 {
	case 1:
		lh, lsize = 2, int(b[0]>>4)|int(b[1])<<4
	case 3:
		if len(b) < 3 {
			return true
		}
		lh, lsize = 3, int(b[0]>>4)|int(b[1])<<4|int(b[2])<<12
	}
	p := lh + lsize
	if b[0]&3 == 1 {
		p = lh + 1
	}
	if p >= len(b) {
		return true
	}
	switch n := b[p]; {
	case n < 128:
		return false
	case n < 255:
		return p+1 >= len(b) || int(n-128)<<8|int(b[p+1]) > zstdDenseSeqs
	}
	return true // 0x7F00 sequences or more
}

// loadTables sets f.tables to the FSE tables in effect after the blocks
// in comp[pos:end] (a whole number of blocks), as the blocks' sequence
// section headers set them; literals are skipped whatever their type.
func (f *zstdFrame) loadTables(comp []byte, pos, end int) error {
	for pos < end {
		bh := uint32(comp[pos]) | uint32(comp[pos+1])<<8 | uint32(comp[pos+2])<<16
		size := int(bh >> 3)
		pos += 3
		if (bh>>1)&3 == zstdBlockRLE {
			size = 1
		}
		b := comp[pos : pos+size]
		pos += size
		if (bh>>1)&3 != zstdBlockCompressed {
			continue
		}
		// Literals section size (RFC 8878 3.1.1.3.1.1).
		var p int
		sf := int(b[0]>>2) & 3
		switch {
		case b[0]&3 <= 1: // raw, RLE
			lh, lsize := 1, int(b[0]>>3)
			if sf == 1 {
				lh, lsize = 2, int(b[0]>>4)|int(b[1])<<4
			} else if sf == 3 {
				if len(b) < 3 {
					return errZstdNeedState
				}
				lh, lsize = 3, int(b[0]>>4)|int(b[1])<<4|int(b[2])<<12
			}
			p = lh + lsize
			if b[0]&3 == 1 {
				p = lh + 1
			}
		default: // Huffman-coded: the compressed size follows the regenerated one
			lh := [4]int{3, 3, 4, 5}[sf]
			if len(b) < lh {
				return errZstdNeedState
			}
			var v uint64
			for i := lh - 1; i >= 0; i-- {
				v = v<<8 | uint64(b[i])
			}
			bitsEach := [4]uint{10, 10, 14, 18}[sf]
			p = lh + int(v>>(4+bitsEach)&(1<<bitsEach-1))
		}
		if p >= len(b) {
			return errZstdNeedState
		}
		nseq := int(b[p])
		p++
		switch {
		case nseq == 255:
			p += 2
		case nseq > 127:
			p++
		}
		if nseq == 0 {
			continue
		}
		if p >= len(b) {
			return errZstdNeedState
		}
		modes := b[p]
		p++
		for _, k := range [3]int{zstdLL, zstdOF, zstdML} {
			switch modes >> (6 - 2*k) & 3 {
			case 0:
				f.tables[k], f.logs[k] = &zstdPredefTable[k], zstdPredefLog[k]
			case 1:
				if p >= len(b) || int(b[p]) > zstdMaxSym[k] {
					return errZstdNeedState
				}
				f.own[k][0] = fseEntry{sym: b[p]}
				f.tables[k], f.logs[k] = &f.own[k], 0
				p++
			case 2:
				if p > len(b) {
					return errZstdNeedState
				}
				norm, log, n, err := readNCount(&f.norm, b[p:], k)
				if err != nil {
					return err
				}
				p += n
				if err := buildFSETable(&f.own[k], norm, log); err != nil {
					return err
				}
				f.tables[k], f.logs[k] = &f.own[k], log
			}
		}
	}
	return nil
}

// decodeBlocks decodes the blocks of a frame from comp[pos:] on into dst
// from dst[o:] on (dst[:o] is the output of the blocks before them) and
// returns the output length. f holds the repeat offsets and tables of the
// blocks before. With dry set nothing is written and offsets are not
// checked against o: the call only checks the blocks and measures their
// output.
func (f *zstdFrame) decodeBlocks(dst, comp []byte, pos, o int, window uint64, dry bool) (int, error) {
	maxBlock := zstdMaxBlockSize
	if window < uint64(maxBlock) {
		maxBlock = int(window)
	}
	for last := false; !last; {
		bh := uint32(comp[pos]) | uint32(comp[pos+1])<<8 | uint32(comp[pos+2])<<16
		last = bh&1 != 0
		size := int(bh >> 3)
		pos += 3
		switch (bh >> 1) & 3 {
		case zstdBlockRaw:
			if len(dst)-o < size {
				return o, errZstdOverflow
			}
			if !dry {
				copy(dst[o:], comp[pos:pos+size])
			}
			o += size
			pos += size
		case zstdBlockRLE:
			if len(dst)-o < size {
				return o, errZstdOverflow
			}
			if !dry {
				fill(dst[o:o+size], comp[pos])
			}
			o += size
			pos++
		default:
			end := min(len(dst), o+maxBlock)
			n, err := f.block(dst[:end], o, comp[pos:pos+size], window, dry)
			if err != nil {
				return o, err
			}
			o = n
			pos += size
		}
	}
	return o, nil
}

// block decodes a compressed block b to dst[o:] (the frame's output so far
// is dst[:o]) and returns the new output length.
func (f *zstdFrame) block(dst []byte, o int, b []byte, window uint64, dry bool) (int, error) {
	// Literals section: raw or RLE (zstdDense checked).
	if b[0]&3 > 1 {
		return o, errZstdNeedState // Huffman-coded: not for this decoder
	}
	lh, lsize := 1, int(b[0]>>3)
	switch (b[0] >> 2) & 3 {
	case 1:
		if len(b) < 2 {
			return o, zstdErr("literals header truncated")
		}
		lh, lsize = 2, int(b[0]>>4)|int(b[1])<<4
	case 3:
		if len(b) < 3 {
			return o, zstdErr("literals header truncated")
		}
		lh, lsize = 3, int(b[0]>>4)|int(b[1])<<4|int(b[2])<<12
	}
	if lsize > len(dst)-o {
		return o, errZstdOverflow
	}
	var lits []byte
	p := lh
	if b[0]&3 == 1 { // RLE
		if len(b) < p+1 {
			return o, zstdErr("literals truncated")
		}
		if cap(f.lits) < lsize {
			f.lits = make([]byte, lsize, zstdMaxBlockSize)
		}
		lits = f.lits[:lsize]
		if !dry {
			fill(lits, b[p])
		}
		p++
	} else {
		if len(b)-p < lsize {
			return o, zstdErr("literals truncated")
		}
		lits = b[p : p+lsize]
		p += lsize
	}
	// Sequences section header.
	if p >= len(b) {
		return o, zstdErr("sequences section truncated")
	}
	nseq := int(b[p])
	p++
	switch {
	case nseq == 255:
		if len(b)-p < 2 {
			return o, zstdErr("sequences section truncated")
		}
		nseq = int(binary.LittleEndian.Uint16(b[p:])) + 0x7F00
		p += 2
	case nseq > 127:
		if p >= len(b) {
			return o, zstdErr("sequences section truncated")
		}
		nseq = (nseq-128)<<8 | int(b[p])
		p++
	}
	if nseq == 0 {
		if p != len(b) {
			return o, zstdErr("extra bytes after the sequences header")
		}
		if dry {
			return o + len(lits), nil
		}
		return o + copy(dst[o:], lits), nil
	}
	if p >= len(b) {
		return o, zstdErr("sequences section truncated")
	}
	modes := b[p]
	p++
	if modes&3 != 0 {
		return o, zstdErr("reserved bits set in the symbol compression modes")
	}
	for _, k := range [3]int{zstdLL, zstdOF, zstdML} {
		mode := modes >> (6 - 2*k) & 3
		switch mode {
		case 0:
			f.tables[k], f.logs[k] = &zstdPredefTable[k], zstdPredefLog[k]
		case 1:
			if p >= len(b) {
				return o, zstdErr("sequences section truncated")
			}
			if int(b[p]) > zstdMaxSym[k] {
				return o, zstdErr("RLE symbol out of range")
			}
			f.own[k][0] = fseEntry{sym: b[p]}
			f.tables[k], f.logs[k] = &f.own[k], 0
			p++
		case 2:
			norm, log, n, err := readNCount(&f.norm, b[p:], k)
			if err != nil {
				return o, err
			}
			p += n
			if err := buildFSETable(&f.own[k], norm, log); err != nil {
				return o, err
			}
			f.tables[k], f.logs[k] = &f.own[k], log
		case 3:
			if f.tables[k] == nil {
				if f.partial {
					return o, errZstdNeedState
				}
				return o, zstdErr("repeated FSE table without a previous one")
			}
		}
	}
	o, lits, err := f.sequences(dst, o, lits, b[p:], nseq, window, dry)
	if err != nil {
		return o, err
	}
	if len(lits) > len(dst)-o {
		return o, errZstdOverflow
	}
	if dry {
		return o + len(lits), nil
	}
	return o + copy(dst[o:], lits), nil
}

// sequences decodes the nseq sequences of the bitstream b and executes
// them: literals from lits, then the match. It returns the new output
// length and the literals left. Unknown repeat offsets (f.partial) are
// zero or negative. With dry set it only checks and measures.
func (f *zstdFrame) sequences(dst []byte, o int, lits, b []byte, nseq int, window uint64, dry bool) (int, []byte, error) {
	var r revBits
	if err := r.init(b); err != nil {
		return o, lits, err
	}
	llT, ofT, mlT := f.tables[zstdLL], f.tables[zstdOF], f.tables[zstdML]
	ll := int(r.read(uint8(f.logs[zstdLL])))
	of := int(r.read(uint8(f.logs[zstdOF])))
	ml := int(r.read(uint8(f.logs[zstdML])))
	rep0, rep1, rep2 := f.rep[0], f.rep[1], f.rep[2]
	// The bit reader's state in locals (see revBits): the loop is hot.
	bv, used, bpos := r.v, r.used, r.pos
	for i := 0; i < nseq; i++ {
		// Reload (revBits.reload); at least 57 bits are then readable
		// unless the stream is nearly done, and a sequence reads at most
		// 31+16 bits before the next reload and 16+26 after it. Reading
		// past the start gives garbage bits, all checked below, and
		// used > 64, reported after the loop.
		if bpos >= 8 {
			bpos -= int(used >> 3)
			used &= 7
			bv = binary.LittleEndian.Uint64(b[bpos:])
		} else if bpos > 0 && used <= 64 {
			n := min(int(used>>3), bpos)
			bpos -= n
			used -= uint(8 * n)
			bv = binary.LittleEndian.Uint64(b[bpos:])
		}
		llE, ofE, mlE := llT[ll&511], ofT[of&511], mlT[ml&511] // states < table size
		oc := ofE.sym & 31                                     // at most 31 (zstdMaxSym)
		offVal := uint64(1)<<oc + bv<<(used&63)>>1>>(63-oc)
		used += uint(oc)
		mb := zstdMLBits[mlE.sym]
		mlen := int(zstdMLBase[mlE.sym]) + int(bv<<(used&63)>>1>>(63-mb))
		used += uint(mb)
		if bpos >= 8 {
			bpos -= int(used >> 3)
			used &= 7
			bv = binary.LittleEndian.Uint64(b[bpos:])
		} else if bpos > 0 && used <= 64 {
			n := min(int(used>>3), bpos)
			bpos -= n
			used -= uint(8 * n)
			bv = binary.LittleEndian.Uint64(b[bpos:])
		}
		lb := zstdLLBits[llE.sym]
		llen := int(zstdLLBase[llE.sym]) + int(bv<<(used&63)>>1>>(63-lb))
		used += uint(lb)
		if used > 64 {
			return o, lits, zstdErr("sequences bitstream overread")
		}
		var off int
		if offVal > 3 {
			if offVal-3 > window {
				return o, lits, zstdErr("match offset beyond the window")
			}
			off = int(offVal - 3)
			rep0, rep1, rep2 = off, rep0, rep1
		} else {
			idx := int(offVal) - 1
			if llen == 0 {
				idx++
			}
			switch idx {
			case 0:
				off = rep0
			case 1:
				off = rep1
				rep0, rep1 = off, rep0
			case 2:
				off = rep2
				rep0, rep1, rep2 = off, rep0, rep1
			default:
				off = rep0 - 1
				if off == 0 {
					return o, lits, zstdErr("zero offset")
				}
				rep0, rep1, rep2 = off, rep0, rep1
			}
			if off <= 0 {
				return o, lits, errZstdNeedState // a repeat offset of an earlier block
			}
		}
		if i != nseq-1 {
			ll = int(llE.base) + int(bv<<(used&63)>>1>>(63-llE.nb))
			used += uint(llE.nb)
			ml = int(mlE.base) + int(bv<<(used&63)>>1>>(63-mlE.nb))
			used += uint(mlE.nb)
			of = int(ofE.base) + int(bv<<(used&63)>>1>>(63-ofE.nb))
			used += uint(ofE.nb)
		}
		// Execute: literals, then the match.
		if llen > len(lits) {
			return o, lits, zstdErr("literal length exceeds the literals")
		}
		if llen > len(dst)-o || mlen > len(dst)-o-llen {
			return o, lits, errZstdOverflow
		}
		if dry {
			lits = lits[llen:]
			o += llen + mlen
			continue
		}
		// Short copies: 16 or 32 bytes at once when there is room (the
		// bytes past the end are overwritten later: the frame fills dst).
		if llen <= 16 && len(lits) >= 16 && len(dst)-o >= 16 {
			a, b := binary.LittleEndian.Uint64(lits), binary.LittleEndian.Uint64(lits[8:])
			binary.LittleEndian.PutUint64(dst[o:], a)
			binary.LittleEndian.PutUint64(dst[o+8:], b)
		} else {
			copy(dst[o:], lits[:llen])
		}
		lits = lits[llen:]
		o += llen
		if off > o || uint64(off) > window {
			return o, lits, zstdErr("match offset beyond the window")
		}
		src := o - off
		end := o + mlen
		switch {
		case off >= 8 && mlen <= 32 && len(dst)-o >= 32:
			// 8 bytes at a time: each load is of bytes already written.
			for k := 0; k < mlen; k += 8 {
				binary.LittleEndian.PutUint64(dst[o+k:], binary.LittleEndian.Uint64(dst[src+k:]))
			}
		case off >= mlen:
			copy(dst[o:end], dst[src:src+mlen])
		case mlen <= 32:
			// Short overlapping match: a byte at a time beats calls.
			d, s := dst[o:end], dst[src:src+mlen]
			for k := range d {
				d[k] = s[k]
			}
		default:
			// Overlapping: the pattern of off bytes, doubled each time.
			for k := o; k < end; {
				k += copy(dst[k:end], dst[src:k])
			}
		}
		o = end
	}
	if bpos != 0 || used != 64 {
		return o, lits, zstdErr("sequences bitstream not fully consumed")
	}
	f.rep = [3]int{rep0, rep1, rep2}
	return o, lits, nil
}
