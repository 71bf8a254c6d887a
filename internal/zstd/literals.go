package zstd

import (
	"bytes"
	"encoding/binary"
)

// Literals block types (RFC 8878 3.1.1.3.1.1).
const (
	litRaw        = 0
	litRLE        = 1
	litCompressed = 2
	litTreeless   = 3
)

// literals decodes the literals section at the start of the compressed
// block b (RFC 8878 3.1.1.3.1) and returns the literals (in b itself when
// stored raw, else in d.lits) and the section's length. blockMax bounds
// the number of literals.
func (d *Decoder) literals(b []byte, blockMax int) ([]byte, int, error) {
	lits, n, _, err := d.literalsTo(b, blockMax, nil)
	return lits, n, err
}

// literalsTo is literals, but for a block without sequences (the byte
// after the literals section is 0, an empty sequences section) whose
// RLE or Huffman-coded literals fit in direct: those are decoded into
// direct, and inDirect is true. A block of literals only is then
// decoded in place, not through d.lits and a copy.
func (d *Decoder) literalsTo(b []byte, blockMax int, direct []byte) (lits []byte, n int, inDirect bool, err error) {
	// noSeq reports whether the literals of a section of length n go to
	// direct.
	noSeq := func(n, regen int) bool { return n < len(b) && b[n] == 0 && regen <= len(direct) }
	if len(b) == 0 {
		return nil, 0, false, reason("literals section truncated")
	}
	typ := b[0] & 3
	sf := (b[0] >> 2) & 3
	if typ == litRaw || typ == litRLE {
		lh, size := 1, int(b[0]>>3)
		switch sf {
		case 1:
			if len(b) < 2 {
				return nil, 0, false, reason("literals header truncated")
			}
			lh, size = 2, int(b[0]>>4)|int(b[1])<<4
		case 3:
			if len(b) < 3 {
				return nil, 0, false, reason("literals header truncated")
			}
			lh, size = 3, int(b[0]>>4)|int(b[1])<<4|int(b[2])<<12
		}
		if size > blockMax {
			return nil, 0, false, reason("literals exceed the block size")
		}
		if typ == litRaw {
			if len(b)-lh < size {
				return nil, 0, false, reason("raw literals truncated")
			}
			return b[lh : lh+size], lh + size, false, nil
		}
		if len(b) <= lh {
			return nil, 0, false, reason("RLE literals truncated")
		}
		if noSeq(lh+1, size) {
			fill(direct[:size], b[lh])
			return direct[:size], lh + 1, true, nil
		}
		lits := d.litBuf(size)
		fill(lits, b[lh])
		return lits, lh + 1, false, nil
	}
	// Huffman-coded: regenerated size, then compressed size.
	var lh, regen, comp int
	switch sf {
	case 0, 1:
		if len(b) < 3 {
			return nil, 0, false, reason("literals header truncated")
		}
		v := int(b[0]) | int(b[1])<<8 | int(b[2])<<16
		lh, regen, comp = 3, v>>4&0x3FF, v>>14&0x3FF
	case 2:
		if len(b) < 4 {
			return nil, 0, false, reason("literals header truncated")
		}
		v := int(binary.LittleEndian.Uint32(b))
		lh, regen, comp = 4, v>>4&0x3FFF, v>>18&0x3FFF
	case 3:
		if len(b) < 5 {
			return nil, 0, false, reason("literals header truncated")
		}
		v := uint64(binary.LittleEndian.Uint32(b)) | uint64(b[4])<<32
		lh, regen, comp = 5, int(v>>4&0x3FFFF), int(v>>22&0x3FFFF)
	}
	if regen > blockMax {
		return nil, 0, false, reason("literals exceed the block size")
	}
	if comp > len(b)-lh {
		return nil, 0, false, reason("compressed literals truncated")
	}
	src := b[lh : lh+comp]
	if typ == litCompressed {
		n, err := d.hufTree(src)
		if err != nil {
			return nil, 0, false, err
		}
		src = src[n:]
	} else if d.huf == nil {
		return nil, 0, false, reason("treeless literals without a previous Huffman table")
	}
	inDirect = noSeq(lh+comp, regen)
	if inDirect {
		lits = direct[:regen]
	} else {
		lits = d.litBuf(regen)
	}
	if sf == 0 {
		err = d.huf.decode1(lits, src)
	} else {
		err = d.huf.decode4(lits, src)
	}
	if err != nil {
		return nil, 0, false, err
	}
	return lits, lh + comp, inDirect, nil
}

// hufTree reads the Huffman tree description at the start of b into
// d.ownHuf and makes it the current table, skipping the build when the
// description is the one ownHuf was last built from.
func (d *Decoder) hufTree(b []byte) (int, error) {
	if n := len(d.hufDesc); n > 0 && len(b) >= n && bytes.Equal(b[:n], d.hufDesc) {
		d.huf = &d.ownHuf
		return n, nil
	}
	d.hufDesc = d.hufDesc[:0]
	n, err := readHufTable(&d.ownHuf, b, &d.wtab, &d.norm)
	if err != nil {
		return 0, err
	}
	d.hufDesc = append(d.hufDesc, b[:n]...)
	d.huf = &d.ownHuf
	return n, nil
}

// litBuf returns d.lits with length n (at most maxBlockSize).
func (d *Decoder) litBuf(n int) []byte {
	if d.lits == nil {
		d.lits = make([]byte, maxBlockSize+litSlack)
	}
	return d.lits[:n]
}

// litSlack is room past the literals so that short literal copies can
// read 16 bytes at once.
const litSlack = 32
