package zstd

import "encoding/binary"

// bitWriter writes a bit stream that is read backwards (RFC 8878 4.1):
// bits go in from the least significant end, and the stream is closed
// with a single 1 bit that marks where the reader starts.
//
// It writes into buf[:cap] at pos, whole 8-byte words at a time: start
// reserves room for the most bytes the caller will write, so that the
// hot paths neither append nor check for room beyond a bounds check.
type bitWriter struct {
	buf   []byte // len(buf) == cap(buf); the stream is buf[:pos]
	pos   int
	acc   uint64
	nbits uint
}

// start makes w write after out, with room for need more bytes (the
// caller's bound on what it will write, trailing bits included).
func (w *bitWriter) start(out []byte, need int) {
	n := len(out)
	if cap(out)-n < need+8 {
		out = append(out[:n:n], make([]byte, need+8)...)
	}
	w.buf = out[:cap(out)]
	w.pos = n
	w.acc, w.nbits = 0, 0
}

// end returns the bytes written (after close) and drops the buffer.
func (w *bitWriter) end() []byte {
	out := w.buf[:w.pos]
	w.buf = nil
	return out
}

// add appends the low n bits of v (n at most 32), flushing first when
// they might not fit.
func (w *bitWriter) add(v uint64, n uint) {
	if w.nbits+n > 64 {
		w.flush()
	}
	w.acc |= (v & (1<<n - 1)) << w.nbits
	w.nbits += n
}

// addFast appends n bits of v, which has no bits set above them; the
// accumulator must have room (nbits+n at most 64).
func (w *bitWriter) addFast(v uint64, n uint) {
	w.acc |= v << (w.nbits & 63)
	w.nbits += n
}

// flush writes the whole bytes held in the accumulator, leaving at most 7
// bits in it: it stores all 8 bytes and keeps the whole ones.
func (w *bitWriter) flush() {
	binary.LittleEndian.PutUint64(w.buf[w.pos:], w.acc)
	nb := w.nbits >> 3
	w.pos += int(nb)
	w.acc >>= nb << 3 // a shift by 64 leaves 0
	w.nbits &= 7
}

// close ends the stream with its 1 bit and writes what is left.
func (w *bitWriter) close() {
	w.add(1, 1)
	w.flush()
	if w.nbits > 0 {
		w.pos++
	}
	w.acc, w.nbits = 0, 0
}
