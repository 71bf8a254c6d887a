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
	if err := d.own[k].build(norm, log); err != nil {
		return 0, err
	}
	d.own[k].setBaselines(k)
	d.fseDesc[k] = append(d.fseDesc[k], b[:n]...)
	d.tables[k] = &d.own[k]
	return n, nil
}

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
	llT, ofT, mlT := d.tables[kindLL], d.tables[kindOF], d.tables[kindML]
	ll := r.read(llT.log)
	of := r.read(ofT.log)
	ml := r.read(mlT.log)
	rep0, rep1, rep2 := d.rep[0], d.rep[1], d.rep[2]
	hist := d.hist
	// Offsets larger than maxOff cannot be valid; checking them as uint64
	// first keeps int conversions exact on 32-bit platforms.
	maxOff := uint64(len(dst)) + uint64(len(hist))
	// The bit reader's state in locals: the loop is hot.
	bv, used, bpos := r.v, r.used, r.pos
	for i := 0; i < nseq; i++ {
		// Reload; at least 57 bits are then readable unless the stream is
		// nearly done, and a sequence reads at most 31+16 bits before the
		// next reload and 16+26 after it. Reading past the start gives
		// garbage bits, all checked below, and used > 64, reported after
		// the loop.
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
		llE, ofE, mlE := llT.e[ll&511], ofT.e[of&511], mlT.e[ml&511]
		ob := ofE.addBits & 31 // at most 31 (fseMaxSym)
		offVal := uint64(ofE.baseVal) + bv<<(used&63)>>1>>(63-ob)
		used += uint(ob)
		mb := mlE.addBits & 31
		mlen := int(mlE.baseVal) + int(bv<<(used&63)>>1>>(63-mb))
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
		lb := llE.addBits & 31
		llen := int(llE.baseVal) + int(bv<<(used&63)>>1>>(63-lb))
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
			ll = uint64(llE.base) + bv<<(used&63)>>1>>(63-llE.nb)
			used += uint(llE.nb)
			ml = uint64(mlE.base) + bv<<(used&63)>>1>>(63-mlE.nb)
			used += uint(mlE.nb)
			of = uint64(ofE.base) + bv<<(used&63)>>1>>(63-ofE.nb)
			used += uint(ofE.nb)
		}
		// Execute: literals, then the match.
		if llen > len(lits) {
			return o, lits, reason("literal length exceeds the literals")
		}
		if llen > len(dst)-o || mlen > len(dst)-o-llen {
			return o, lits, errOverflow
		}
		// Short copies: 16 bytes at once when there is room (the bytes
		// past the literals are overwritten by the match and later ones).
		if llen <= 16 && len(lits) >= 16 && len(dst)-o >= 16 {
			a, b := binary.LittleEndian.Uint64(lits), binary.LittleEndian.Uint64(lits[8:])
			binary.LittleEndian.PutUint64(dst[o:], a)
			binary.LittleEndian.PutUint64(dst[o+8:], b)
		} else {
			copy(dst[o:], lits[:llen])
		}
		lits = lits[llen:]
		o += llen
		if off > o || off <= 0 {
			// From the dictionary content, then from the frame's start.
			if off-o > len(hist) || off <= 0 {
				return o, lits, reason("match offset beyond the output")
			}
			h := hist[len(hist)-(off-o):]
			n := copy(dst[o:o+mlen], h)
			o += n
			mlen -= n
			if mlen == 0 {
				continue
			}
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
		return o, lits, reason("sequences bitstream not consumed exactly")
	}
	d.rep = [3]int{rep0, rep1, rep2}
	return o, lits, nil
}
