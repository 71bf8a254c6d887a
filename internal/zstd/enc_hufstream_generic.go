package zstd

import "encoding/binary"

// hufStreamGeneric writes the Huffman codes (elt, see hufEnc.elt) of src,
// last symbol first, into buf at pos and returns the new pos and the bits
// left in the accumulator: acc and nb, as they were given (a stream
// starts with 0, 0), in this format:
//
// The accumulator is left-aligned (zstd's HUF_CStream_t does the same):
// its valid bits are its top nb bits, and a symbol enters as
// acc = acc>>n | elt, where elt holds the code in its top n bits and n
// in its low byte. The low byte's bits are below the valid ones (codes
// are at most hufMaxBits long, and a flush leaves at most 7 bits, so at
// most 51 are valid before the next flush), and nb sums the whole elts
// (only its low byte counts: at most 51, so n&63 of a sum of elts is the
// sum of their lengths). Four symbols are combined the same way in a
// tree before they enter acc, and a flush stores the top nb bits without
// touching acc.
//
// It is the reference of the assembly loops (hufStreamLoop), which are
// cross-checked against it. buf must have room for
// len(src)*hufMaxBits/8+8 bytes after pos.
func hufStreamGeneric(elt *[256]uint64, buf []byte, pos int, src []byte, acc, nb uint64) (int, uint64, uint64) {
	i := len(src)
	for ; i >= 4; i -= 4 {
		q := src[i-4 : i]
		e0, e1, e2, e3 := elt[q[3]], elt[q[2]], elt[q[1]], elt[q[0]]
		// Pairs first, then the four, then acc: its chain is one
		// shift and one or per four symbols.
		p01 := e0>>(e1&63) | e1
		p23 := e2>>(e3&63) | e3
		n23 := e2 + e3
		p := p01>>(n23&63) | p23
		n := e0 + e1 + n23
		acc = acc>>(n&63) | p
		nb += n
		k := nb & 255
		binary.LittleEndian.PutUint64(buf[pos:pos+8], acc>>((64-k)&63))
		pos += int(k >> 3)
		nb &= 7
	}
	for ; i > 0; i-- {
		e := elt[src[i-1]]
		acc = acc>>(e&63) | e
		nb += e
	}
	return pos, acc, nb
}

// hufStreamClose hands the state of hufStreamGeneric (the nb top bits of
// acc, pos) to w, which buf backs, and closes the stream.
func hufStreamClose(w *bitWriter, pos int, acc, nb uint64) {
	nb &= 255
	w.pos, w.acc, w.nbits = pos, 0, uint(nb)
	if nb > 0 {
		w.acc = acc >> (64 - nb)
	}
	w.close()
}
