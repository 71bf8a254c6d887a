package blosc

// fillSpecial writes the decoded bytes of a special-value chunk to out
// (nbytes long).
func fillSpecial(p *plan, out []byte) {
	fillSpecialRange(p, out, 0)
}

// fillSpecialRange writes the bytes [off, off+len(out)) of a special-value
// chunk to out.
func fillSpecialRange(p *plan, out []byte, off int) {
	switch p.special {
	case SpecialNaN:
		// The quiet NaN C's nanf("") and nan("") give, little endian.
		if p.typesize == 4 {
			fillPattern(out, []byte{0x00, 0x00, 0xc0, 0x7f}, off)
		} else {
			fillPattern(out, []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f}, off)
		}
	case SpecialRepeat:
		fillPattern(out, p.src[ExtendedHeaderLen:p.h.Cbytes], off)
	default: // zeros, and uninitialized chunks decode as zeros
		clear(out)
	}
}

// fillPattern fills out with the bytes at [off, off+len(out)) of pat
// repeated without end.
func fillPattern(out, pat []byte, off int) {
	k := off % len(pat)
	n := copy(out, pat[k:])
	n += copy(out[n:], pat[:k])
	// out[:n] now holds whole periods: double it until out is full.
	for n < len(out) {
		n += copy(out[n:], out[:n])
	}
}
