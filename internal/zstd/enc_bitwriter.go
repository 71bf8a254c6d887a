package zstd

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

// flush writes the whole bytes held in the accumulator.
func (w *bitWriter) flush() {
	for w.nbits >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nbits -= 8
	}
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
