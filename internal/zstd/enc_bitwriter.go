package zstd

import "encoding/binary"

// bitWriter writes a bit stream that is read backwards (RFC 8878 4.1):
// bits go in from the least significant end, and the stream is closed
// with a single 1 bit that marks where the reader starts.
type bitWriter struct {
	out   []byte
	acc   uint64
	nbits uint
}

// add appends the low n bits of v (n at most 32).
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
	w.acc |= v << w.nbits
	w.nbits += n
}

// flush writes the whole bytes held in the accumulator, leaving at most 7
// bits in it: it stores all 8 bytes and keeps the whole ones.
func (w *bitWriter) flush() {
	nb := w.nbits >> 3
	w.out = binary.LittleEndian.AppendUint64(w.out, w.acc)
	w.out = w.out[:len(w.out)-8+int(nb)]
	w.acc >>= nb << 3 // a shift by 64 leaves 0
	w.nbits &= 7
}

// close ends the stream with its 1 bit and writes what is left.
func (w *bitWriter) close() {
	w.add(1, 1)
	w.flush()
	if w.nbits > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	w.acc, w.nbits = 0, 0
}
