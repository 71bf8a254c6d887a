package zstd

// Block types (RFC 8878 3.1.1.2).
const (
	blockRaw        = 0
	blockRLE        = 1
	blockCompressed = 2
	blockReserved   = 3
)

// maxBlockSize is the largest Block_Maximum_Size (RFC 8878 3.1.1.2.3).
const maxBlockSize = 128 << 10

// blocks decodes the blocks of a frame, src[pos:] on (pos the offset of
// the first block header), into dst and returns the output length and the
// offset after the last block. blockMax is the frame's
// Block_Maximum_Size.
func (d *Decoder) blocks(dst, src []byte, pos, blockMax int) (int, int, error) {
	o := 0
	for {
		if len(src)-pos < 3 {
			return o, pos, corrupt(pos, "block header truncated")
		}
		bh := int(src[pos]) | int(src[pos+1])<<8 | int(src[pos+2])<<16
		last := bh&1 != 0
		typ := bh >> 1 & 3
		size := bh >> 3
		hdr := pos
		pos += 3
		if size > blockMax {
			return o, pos, corrupt(hdr, "block larger than the maximum block size")
		}
		switch typ {
		case blockRaw:
			if len(src)-pos < size {
				return o, pos, corrupt(hdr, "raw block truncated")
			}
			if len(dst)-o < size {
				return o, pos, at(hdr, errOverflow)
			}
			copy(dst[o:], src[pos:pos+size])
			o += size
			pos += size
		case blockRLE:
			if len(src)-pos < 1 {
				return o, pos, corrupt(hdr, "RLE block truncated")
			}
			if len(dst)-o < size {
				return o, pos, at(hdr, errOverflow)
			}
			fill(dst[o:o+size], src[pos])
			o += size
			pos++
		case blockCompressed:
			if len(src)-pos < size {
				return o, pos, corrupt(hdr, "compressed block truncated")
			}
			end := len(dst)
			if end-o > blockMax {
				end = o + blockMax
			}
			n, err := d.block(dst[:end], o, src[pos:pos+size], blockMax)
			if err != nil {
				return o, pos, at(pos, err)
			}
			o = n
			pos += size
		default:
			return o, pos, corrupt(hdr, "reserved block type")
		}
		if last {
			return o, pos, nil
		}
	}
}

// block decodes the compressed block b (RFC 8878 3.1.1.3) to dst[o:] (the
// frame's output so far is dst[:o]) and returns the new output length.
func (d *Decoder) block(dst []byte, o int, b []byte, blockMax int) (int, error) {
	lits, p, inDst, err := d.literalsTo(b, blockMax, dst[o:])
	if err != nil {
		return o, err
	}
	nseq, n, err := d.sequencesHeader(b[p:])
	if err != nil {
		return o, err
	}
	p += n
	if nseq == 0 {
		if p != len(b) {
			return o, reason("bytes after a sequences section without sequences")
		}
		if inDst {
			// Literals only, decoded in place.
			return o + len(lits), nil
		}
	} else {
		o, lits, err = d.sequences(dst, o, lits, b[p:], nseq)
		if err != nil {
			return o, err
		}
	}
	if len(lits) > len(dst)-o {
		return o, errOverflow
	}
	return o + copy(dst[o:], lits), nil
}

// fill sets every byte of b to c.
func fill(b []byte, c byte) {
	if len(b) == 0 {
		return
	}
	b[0] = c
	for n := 1; n < len(b); n *= 2 {
		copy(b[n:], b[:n])
	}
}
