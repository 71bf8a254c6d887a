package deflate

import "encoding/binary"

// bitReader reads the deflate bit stream, least significant bit first.
// buf holds n valid bits (bits above n are zero or the stream's next bits,
// so that a refill may OR the same bytes in again). in counts the input
// bytes moved into buf; past the end of src, refill supplies zero bytes,
// counted by over, so that the decoding loops need no end test per symbol:
// the end of the stream is checked against len(src) once (end).
type bitReader struct {
	src  []byte
	in   int
	over int
	buf  uint64
	n    uint
}

// maxOver bounds the zero bytes supplied past the end of src: more than
// the bit buffer holds means the decoder consumed bits that are not there.
const maxOver = 8

// refill makes n at least 49 (a length and a distance need 48 bits): 56
// to 63 while 8 input bytes remain, by one load; 49 to 56 near the end, one
// byte at a time. n stays below 64, so that shifts by n need no mask.
func (br *bitReader) refill() error {
	if br.in+8 <= len(br.src) {
		br.buf |= binary.LittleEndian.Uint64(br.src[br.in:]) << br.n
		br.in += int(7 - br.n>>3)
		br.n |= 56
		return nil
	}
	for br.n <= 48 {
		if br.in < len(br.src) {
			br.buf |= uint64(br.src[br.in]) << br.n
			br.in++
		} else {
			if br.over >= maxOver {
				return corrupt(len(br.src), errTruncated)
			}
			br.over++
		}
		br.n += 8
	}
	return nil
}

// bits consumes and returns k bits (k <= n).
func (br *bitReader) bits(k uint) uint32 {
	v := uint32(br.buf & (1<<k - 1))
	br.buf >>= k
	br.n -= k
	return v
}

// pos returns the offset of the input byte holding the next unread bit
// (or just past the last partly read byte).
func (br *bitReader) pos() int { return br.in + br.over - int(br.n>>3) }

// align drops the bits up to the next byte boundary and gives the whole
// bytes left in buf back to the input, so that src[in:] is the stream from
// the boundary on.
func (br *bitReader) align() error {
	br.n &^= 7
	back := int(br.n >> 3)
	if back < br.over {
		return corrupt(len(br.src), errTruncated)
	}
	br.in -= back - br.over
	br.over = 0
	br.buf, br.n = 0, 0
	return nil
}

// end returns the offset just past the last byte of the stream, checking
// that no bit consumed lies past the end of src.
func (br *bitReader) end() (int, error) {
	e := br.pos()
	if e > len(br.src) {
		return 0, corrupt(len(br.src), errTruncated)
	}
	return e, nil
}
