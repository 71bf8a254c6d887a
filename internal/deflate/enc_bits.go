package deflate

import "encoding/binary"

// encBits appends bits LSB first to out, 32 bits at a time.
type encBits struct {
	out   []byte
	acc   uint64
	nbits uint
}

// put writes the n low bits of v (n <= 32, v < 1<<n).
func (w *encBits) put(v uint64, n uint) {
	w.acc |= v << w.nbits
	w.nbits += n
	if w.nbits >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.nbits -= 32
	}
}

// flush writes out the pending bits, padding the last byte with zeros.
func (w *encBits) flush() {
	for w.nbits > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		if w.nbits < 8 {
			w.nbits = 0
		} else {
			w.nbits -= 8
		}
	}
	w.acc = 0
}
