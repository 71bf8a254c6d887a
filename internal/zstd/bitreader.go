package zstd

import (
	"encoding/binary"
	"math/bits"
)

// bitReader reads a zstd bitstream backwards (RFC 8878 4.1, 4.2): the last
// byte holds a 1 bit above the first bits to read, and reading goes from
// the end of the stream towards its start. v holds the 8 bytes at b[pos:]
// (or all of a shorter stream, zero-extended at the top) and used counts
// the bits of v already read, from the top. Reading past the start of the
// stream gives garbage bits and makes used exceed 64: callers check
// finished or overread before trusting what they read.
type bitReader struct {
	b    []byte
	v    uint64
	used uint
	pos  int
}

func (r *bitReader) init(b []byte) error {
	if len(b) == 0 {
		return reason("empty bitstream")
	}
	if b[len(b)-1] == 0 {
		return reason("bitstream without an end marker")
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

// reload refills v so that at least 57 bits are readable, unless fewer
// are left in the stream.
func (r *bitReader) reload() {
	if r.pos >= 8 {
		r.pos -= int(r.used >> 3)
		r.used &= 7
		r.v = binary.LittleEndian.Uint64(r.b[r.pos:])
	} else if r.pos > 0 && r.used <= 64 {
		n := min(int(r.used>>3), r.pos)
		r.pos -= n
		r.used -= uint(8 * n)
		r.v = binary.LittleEndian.Uint64(r.b[r.pos:])
	}
}

// read returns the next n (<= 56) bits.
func (r *bitReader) read(n uint8) uint64 {
	v := r.v << (r.used & 63) >> 1 >> (63 - n)
	r.used += uint(n)
	return v
}

// finished reports whether every bit of the stream was read, no more.
func (r *bitReader) finished() bool { return r.pos == 0 && r.used == 64 }

// overread reports whether more bits were read than the stream holds.
func (r *bitReader) overread() bool { return r.pos == 0 && r.used > 64 }
