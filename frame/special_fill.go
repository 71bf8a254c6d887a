package frame

// The quiet NaNs C-Blosc2 writes for NaN special chunks (C's nanf("") and
// nan("")), little endian. Go's math.NaN() has other payload bits.
//
// Package blosc holds the same rule for special chunks it decodes; it does
// not export it, so frame keeps its own copy and a test checks the two
// agree byte for byte.
var (
	nan32LE = [4]byte{0x00, 0x00, 0xc0, 0x7f}       // 0x7FC00000
	nan64LE = [8]byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f} // 0x7FF8000000000000
)

// fillSpecial writes into out the bytes [off, off+len(out)) of a chunk of
// special value k whose items are typesize bytes: NaN items for SpecialNaN
// with typesize 4 or 8, zeros otherwise (uninitialized chunks read as
// zeros, as in package blosc).
func fillSpecial(out []byte, k Special, typesize int, off int64) {
	var pat []byte
	if k == SpecialNaN {
		switch typesize {
		case 4:
			pat = nan32LE[:]
		case 8:
			pat = nan64LE[:]
		}
	}
	if pat == nil {
		for j := range out {
			out[j] = 0
		}
		return
	}
	// One period from the right phase, then double what is written.
	ph := int(off % int64(len(pat)))
	n := copy(out, pat[ph:])
	n += copy(out[n:], pat[:ph])
	for n < len(out) {
		n += copy(out[n:], out[:n])
	}
}

// appendSpecial appends n bytes of the special value k of chunk data.
func (f *Frame) appendSpecial(dst []byte, k Special, n int64) []byte {
	start := len(dst)
	dst = grow(dst, int(n))
	fillSpecial(dst[start:], k, int(f.hdr.Typesize), 0)
	return dst
}
