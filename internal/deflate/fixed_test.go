package deflate

// fixedEnc writes p as one fixed-Huffman block (type 1) of literals and
// naive matches, so that the tests cover block type 1 on any data.
func fixedEnc(p []byte) []byte {
	var w bitWriter
	w.put(1, 1) // final
	w.put(1, 2) // fixed
	for i := 0; i < len(p); {
		// a match with the previous byte run, if any
		if i >= 1 {
			n := 0
			for n < 258 && i+n < len(p) && p[i+n] == p[i+n-1] {
				n++
			}
			if n >= 3 {
				w.fixedLength(n)
				w.put(0, 5) // distance code 0: distance 1, 5 bits (reversed 0 = 0)
				i += n
				continue
			}
		}
		w.fixedLit(int(p[i]))
		i++
	}
	w.fixedLit(256)
	return w.flush()
}

type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (w *bitWriter) put(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// putCode writes a Huffman code MSB first.
func (w *bitWriter) putCode(code uint64, n uint) {
	var r uint64
	for i := uint(0); i < n; i++ {
		r |= (code >> i & 1) << (n - 1 - i)
	}
	w.put(r, n)
}

func (w *bitWriter) flush() []byte {
	if w.n > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	w.acc, w.n = 0, 0
	return w.out
}

func (w *bitWriter) fixedLit(s int) {
	switch {
	case s < 144:
		w.putCode(uint64(0x30+s), 8)
	case s < 256:
		w.putCode(uint64(0x190+s-144), 9)
	case s < 280:
		w.putCode(uint64(s-256), 7)
	default:
		w.putCode(uint64(0xc0+s-280), 8)
	}
}

var lengthBase = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
var lengthExtra = [...]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}

func (w *bitWriter) fixedLength(n int) {
	c := len(lengthBase) - 1
	for lengthBase[c] > n {
		c--
	}
	w.fixedLit(257 + c)
	w.put(uint64(n-lengthBase[c]), lengthExtra[c])
}
