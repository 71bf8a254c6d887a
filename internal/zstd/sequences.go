package zstd

import (
	"bytes"
	"encoding/binary"
)

// Literal and match length codes 16 (LL) and 32 (ML) on carry extra bits
// (RFC 8878 3.1.1.3.2.1); each baseline follows from the previous one.
var (
	llBits = [64]uint8{16: 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	mlBits = [64]uint8{32: 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	llBase [64]uint32 // by code; codes past 35 (52) do not occur
	mlBase [64]uint32
)

func initBaselines() {
	for c := 0; c <= fseMaxSym[kindLL]; c++ {
		llBase[c] = uint32(c)
		if c > 16 {
			llBase[c] = llBase[c-1] + 1<<llBits[c-1]
		}
	}
	for c := 0; c <= fseMaxSym[kindML]; c++ {
		mlBase[c] = uint32(c) + 3
		if c > 32 {
			mlBase[c] = mlBase[c-1] + 1<<mlBits[c-1]
		}
	}
}

// sequencesHeader reads the sequences section header at the start of b
// (RFC 8878 3.1.1.3.2.1) and sets up the three FSE tables. It returns the
// number of sequences and the header's length.
func (d *Decoder) sequencesHeader(b []byte) (int, int, error) {
	if len(b) == 0 {
		return 0, 0, reason("sequences section truncated")
	}
	nseq := int(b[0])
	p := 1
	switch {
	case nseq == 255:
		if len(b) < 3 {
			return 0, 0, reason("sequences section truncated")
		}
		nseq = int(binary.LittleEndian.Uint16(b[1:])) + 0x7F00
		p = 3
	case nseq > 127:
		if len(b) < 2 {
			return 0, 0, reason("sequences section truncated")
		}
		nseq = (nseq-128)<<8 | int(b[1])
		p = 2
	}
	if nseq == 0 {
		return 0, p, nil
	}
	if p >= len(b) {
		return 0, 0, reason("sequences section truncated")
	}
	modes := b[p]
	p++
	if modes&3 != 0 {
		return 0, 0, reason("reserved bits set in the symbol compression modes")
	}
	for k := kindLL; k <= kindML; k++ {
		switch modes >> (6 - 2*k) & 3 {
		case 0: // predefined
			d.tables[k] = &predefTable[k]
		case 1: // RLE
			if p >= len(b) {
				return 0, 0, reason("sequences section truncated")
			}
			if int(b[p]) > fseMaxSym[k] {
				return 0, 0, reason("RLE symbol out of range")
			}
			d.rle[k].setRLE(b[p], k)
			d.tables[k] = &d.rle[k]
			p++
		case 2: // FSE-compressed
			n, err := d.fseTable(k, b[p:])
			if err != nil {
				return 0, 0, err
			}
			p += n
		case 3: // repeat
			if d.tables[k] == nil {
				return 0, 0, reason("repeated FSE table without a previous one")
			}
		}
	}
	return nseq, p, nil
}

// fseTable reads the FSE table description of kind k at the start of b
// into d.own[k] and makes it the current table, skipping the build when
// the description is the one d.own[k] was last built from.
func (d *Decoder) fseTable(k int, b []byte) (int, error) {
	if n := len(d.fseDesc[k]); n > 0 && len(b) >= n && bytes.Equal(b[:n], d.fseDesc[k]) {
		d.tables[k] = &d.own[k]
		return n, nil
	}
	d.fseDesc[k] = d.fseDesc[k][:0]
	norm, log, n, err := readNCount(&d.norm, b, fseMaxSym[k], fseMaxLog[k])
	if err != nil {
		return 0, err
	}
	if err := d.own[k].buildSeq(norm, log, k); err != nil {
		return 0, err
	}
	d.fseDesc[k] = append(d.fseDesc[k], b[:n]...)
	d.tables[k] = &d.own[k]
	return n, nil
}

// seqState is the state of sequence decoding that the assembly loop
// (sequences_amd64.s, which knows this layout) and the Go loop hand each
// other: the bit reader, the three FSE states, the repeat offsets, the
// output and literals positions, and the sequence the assembly loop
// decoded but left to the Go code to execute.
type seqState struct {
	llT, ofT, mlT *[512]uint64 // the tables' packed states (seqEntry)
	bv            uint64       // bit reader: bitReader's v, used, pos
	used          uint64
	bpos          int
	llS, ofS, mlS uint64 // the FSE states
	rep           [3]int // repeat offsets
	o             int    // output length: dst[:o] is written
	lp            int    // literals used: lits[:lp]
	n             int    // sequences left for the assembly loop
	// The sequence decoded and left to the Go code (seqPending): the
	// literal length, match length and offset (not yet checked).
	llen, mlen, off int
	// Scratch of the assembly loop.
	scratch [6]uintptr
}

// Results of the assembly sequence loop.
const (
	seqStop    = 0 // stopped before a sequence: the Go loop goes on
	seqPending = 1 // decoded a sequence for the Go code to execute
)

// sequences decodes the nseq sequences of the bitstream b and executes
// them (RFC 8878 3.1.1.3.2, 3.1.1.4): literals from lits, then the match,
// from dst[o:] on; dst[:o] is the frame's output so far and d.hist the
// dictionary content before it. It returns the new output length and the
// literals left.
func (d *Decoder) sequences(dst []byte, o int, lits, b []byte, nseq int) (int, []byte, error) {
	var r bitReader
	if err := r.init(b); err != nil {
		return o, lits, err
	}
	var st seqState
	st.llT, st.ofT, st.mlT = &d.tables[kindLL].seq, &d.tables[kindOF].seq, &d.tables[kindML].seq
	st.llS = r.read(d.tables[kindLL].log)
	st.ofS = r.read(d.tables[kindOF].log)
	st.mlS = r.read(d.tables[kindML].log)
	st.bv, st.used, st.bpos = r.v, uint64(r.used), r.pos
	st.rep = d.rep
	st.o = o
	i := 0
	if useSeqAsm && nseq > 1 && len(dst) >= 32 && cap(lits) >= 32 {
		// The assembly loop decodes and executes every sequence but the
		// last while the bitstream, literals and output leave it room,
		// and hands the others back one at a time.
		st.n = nseq - 1
		for st.n > 0 && decodeSeqsAsm(&st, dst, lits, b) == seqPending {
			var err error
			st.o, err = d.execute(dst, st.o, lits[st.lp:], st.llen, st.mlen, st.off)
			if err != nil {
				return st.o, lits[st.lp:], err
			}
			st.lp += st.llen
		}
		i = nseq - 1 - st.n
	}
	return d.sequencesGo(&st, dst, lits[st.lp:], b, i, nseq)
}

// sequencesGo is the sequence loop in Go, from sequence i on with the
// state st: the portable code and the assembly loop's oracle.
func (d *Decoder) sequencesGo(st *seqState, dst []byte, lits, b []byte, i, nseq int) (int, []byte, error) {
	llT, ofT, mlT := st.llT, st.ofT, st.mlT
	llS, ofS, mlS := st.llS, st.ofS, st.mlS
	rep0, rep1, rep2 := st.rep[0], st.rep[1], st.rep[2]
	o := st.o
	// Offsets larger than maxOff cannot be valid; checking them as uint64
	// first keeps int conversions exact on 32-bit platforms.
	maxOff := uint64(len(dst)) + uint64(len(d.hist))
	// The bit reader's state in locals: the loop is hot.
	bv, used, bpos := st.bv, uint(st.used), st.bpos
	for ; i < nseq; i++ {
		// Reload; at least 57 bits are then readable unless the stream is
		// nearly done. Reading past the start gives garbage bits, all
		// checked below, and used > 64, reported after the loop.
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
		llE, ofE, mlE := llT[llS&511], ofT[ofS&511], mlT[mlS&511]
		ob := uint8(ofE>>8) & 31 // at most 31 (fseMaxSym)
		offVal := ofE>>32 + bv<<(used&63)>>1>>(63-ob)
		used += uint(ob)
		mb := uint8(mlE>>8) & 31
		mlen := int(mlE>>32) + int(bv<<(used&63)>>1>>(63-mb))
		used += uint(mb)
		lb := uint8(llE>>8) & 31
		if used+uint(lb) > 64-26 {
			// The literal length's extra bits and 26 bits of states
			// (9+8+9) would not fit in what the reload before gave
			// (7 bits used, 31+16 of offset and match length read).
			// After this reload: at most 7+16+26 bits.
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
		}
		llen := int(llE>>32) + int(bv<<(used&63)>>1>>(63-lb))
		used += uint(lb)
		if used > 64 {
			return o, lits, reason("sequences bitstream overread")
		}
		var off int
		if offVal > 3 {
			if offVal-3 > maxOff {
				return o, lits, reason("match offset beyond the output")
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
					return o, lits, reason("zero match offset")
				}
				rep0, rep1, rep2 = off, rep0, rep1
			}
		}
		if i != nseq-1 {
			n := uint8(llE)
			llS = uint64(uint16(llE>>16)) + bv<<(used&63)>>1>>(63-n)
			used += uint(n)
			n = uint8(mlE)
			mlS = uint64(uint16(mlE>>16)) + bv<<(used&63)>>1>>(63-n)
			used += uint(n)
			n = uint8(ofE)
			ofS = uint64(uint16(ofE>>16)) + bv<<(used&63)>>1>>(63-n)
			used += uint(n)
		}
		// Execute: literals, then the match.
		room := len(dst) - o
		if llen <= 16 && mlen <= 16 && llen <= len(lits) && uint(off-1) < uint(o+llen) && room >= llen+32 && cap(lits) >= 16 {
			// The common short sequence: one 16-byte copy for the
			// literals, one for the match (each may write garbage past
			// its end, which later output overwrites).
			*(*[16]byte)(dst[o:]) = *(*[16]byte)(lits[:16])
			lits = lits[llen:]
			o += llen
			d := dst[o : o+32]
			switch s := dst[o-off:]; {
			case off >= 16:
				*(*[16]byte)(d) = *(*[16]byte)(s)
			case off >= 8:
				*(*[8]byte)(d) = *(*[8]byte)(s)
				*(*[8]byte)(d[8:]) = *(*[8]byte)(s[8:])
			default:
				// The first step bytes (a multiple of off, 8 to 14)
				// one at a time, then the match repeats at distance
				// step.
				step := int(stepOf[off&7])
				s = s[:step]
				for k := range s {
					d[k] = s[k]
				}
				*(*[8]byte)(d[step:]) = *(*[8]byte)(d)
			}
			o += mlen
			continue
		}
		var err error
		if o, err = d.execute(dst, o, lits, llen, mlen, off); err != nil {
			return o, lits, err
		}
		lits = lits[llen:]
	}
	if bpos != 0 || used != 64 {
		return o, lits, reason("sequences bitstream not consumed exactly")
	}
	d.rep = [3]int{rep0, rep1, rep2}
	return o, lits, nil
}

// execute executes a sequence with every check: llen literals from lits
// to dst[o:], then a match of mlen bytes at offset off, from d.hist for
// the part before the frame's output. It returns the new output length.
func (d *Decoder) execute(dst []byte, o int, lits []byte, llen, mlen, off int) (int, error) {
	if llen > len(lits) {
		return o, reason("literal length exceeds the literals")
	}
	room := len(dst) - o
	if llen > room || mlen > room-llen {
		return o, errOverflow
	}
	copyLits(dst[o:], lits, llen)
	o += llen
	if off > o || off <= 0 {
		// From the dictionary content, then from the frame's start.
		hist := d.hist
		if off-o > len(hist) || off <= 0 {
			return o, reason("match offset beyond the output")
		}
		h := hist[len(hist)-(off-o):]
		n := copy(dst[o:o+mlen], h)
		o += n
		mlen -= n
		if mlen == 0 {
			return o, nil
		}
	}
	copyMatch(dst, o, off, mlen)
	return o + mlen, nil
}

// stepOf is, for a match offset of 1 to 7, the smallest multiple of it
// that is at least 8.
var stepOf = [8]uint8{8, 8, 8, 9, 8, 10, 12, 14}

// copyLits copies lits[:n] (n <= len(lits), len(d)) to d. It may write
// up to 15 bytes past d[n-1], within len(d): they are garbage that later
// output overwrites.
func copyLits(d, lits []byte, n int) {
	if n <= 16 && cap(lits) >= 16 && len(d) >= 16 {
		*(*[16]byte)(d) = *(*[16]byte)(lits[:16])
		return
	}
	// Wild copy in 16-byte steps while both sides have room for the
	// rounded-up length (lits may be read past its length, within its
	// capacity).
	w := (n + 15) &^ 15
	if w <= cap(lits) && w <= len(d) {
		lits = lits[:w]
		d = d[:w]
		for k := 0; k+16 <= len(d); k += 16 {
			*(*[16]byte)(d[k:]) = *(*[16]byte)(lits[k:])
		}
		return
	}
	copy(d[:n], lits)
}

// copyMatch copies the match of length n at offset off (1 <= off <= o) to
// dst[o:o+n] (within len(dst)), the source overlapping the destination
// when off < n. Like copyLits it may write garbage past o+n, within
// len(dst).
func copyMatch(dst []byte, o, off, n int) {
	src := o - off
	if n >= 64 {
		// Long: memmove, in chunks that double when the source overlaps.
		if off >= n {
			copy(dst[o:o+n], dst[src:o])
			return
		}
		for k := o; k < o+n; {
			k += copy(dst[k:o+n], dst[src:k])
		}
		return
	}
	w := (n + 15) &^ 15
	if w <= len(dst)-o {
		d := dst[o : o+w]
		switch {
		case off >= 16:
			// Each 16-byte load is of bytes already written.
			s := dst[src : src+w]
			for k := 0; k+16 <= len(d); k += 16 {
				*(*[16]byte)(d[k:]) = *(*[16]byte)(s[k:])
			}
			return
		case off >= 8:
			s := dst[src : src+w]
			for k := 0; k+8 <= len(d); k += 8 {
				*(*[8]byte)(d[k:]) = *(*[8]byte)(s[k:])
			}
			return
		}
	}
	if off < 8 && n > 16 && n+8 <= len(dst)-o {
		// The first step bytes (step, a multiple of off, at least 8) one
		// at a time; after them the match repeats itself at distance
		// step, 8 bytes at a time.
		step := off
		for step < 8 {
			step += off
		}
		d := dst[o : o+n+8]
		s := dst[src : src+step]
		for k := range s {
			d[k] = s[k]
		}
		for k := step; k < n; k += 8 {
			*(*[8]byte)(d[k:]) = *(*[8]byte)(d[k-step:])
		}
		return
	}
	d, s := dst[o:o+n], dst[src:src+n]
	if off >= n {
		copy(d, s)
		return
	}
	if n <= 32 {
		for k := range d {
			d[k] = s[k]
		}
		return
	}
	// Overlapping: the pattern of off bytes, doubled each time.
	for k := o; k < o+n; {
		k += copy(dst[k:o+n], dst[src:k])
	}
}
