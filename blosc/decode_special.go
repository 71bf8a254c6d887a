package blosc

// fillSpecial writes the decoded bytes of a special-value chunk to out
// (nbytes long).
func fillSpecial(p *plan, out []byte) {
	fillSpecialRange(p, out, 0)
}

// fillSpecialRange writes the bytes [off, off+len(out)) of a special-value
// chunk to out. The plan has checked what FillSpecial checks (a NaN chunk's
// typesize, a repeated value's presence), so it cannot fail here.
func fillSpecialRange(p *plan, out []byte, off int) {
	_ = FillSpecial(out, p.special, p.typesize, p.src[ExtendedHeaderLen:p.h.Cbytes], int64(off))
}
