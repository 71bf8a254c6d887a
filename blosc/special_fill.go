package blosc

import "strconv"

// The quiet NaNs C-Blosc2 writes for NaN special chunks (C's nanf("") and
// nan("")), little endian. Go's math.NaN() has other payload bits.
var (
	specialNaN32 = [4]byte{0x00, 0x00, 0xc0, 0x7f}       // 0x7FC00000
	specialNaN64 = [8]byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f} // 0x7FF8000000000000
)

// FillSpecial writes into dst the bytes [off, off+len(dst)) of what a
// special-value chunk of kind sp decodes to, exactly as Decompress decodes
// such a chunk:
//
//   - SpecialZeros and SpecialUninit: zero bytes (this package decodes
//     uninitialized chunks as zeros);
//   - SpecialNaN: the quiet NaN C-Blosc2 writes, float32 (0x7FC00000) for
//     typesize 4, float64 (0x7FF8000000000000) for typesize 8, little
//     endian; other typesizes are an error;
//   - SpecialRepeat: value repeated without end (value is what follows the
//     chunk's header, normally typesize bytes; it must not be empty).
//
// typesize is used only by SpecialNaN and value only by SpecialRepeat. off
// (>= 0) is the offset of dst[0] in the chunk's decoded bytes, so a range
// of a chunk is filled with the right phase of the pattern. Frames use this
// for chunks their index records as a special value. Argument errors wrap
// ErrInvalidOptions; dst is then left unchanged.
func FillSpecial(dst []byte, sp SpecialValue, typesize int, value []byte, off int64) error {
	if off < 0 {
		return optionError("off", strconv.FormatInt(off, 10)+" is negative")
	}
	var pat []byte
	switch sp {
	case SpecialZeros, SpecialUninit:
		clear(dst)
		return nil
	case SpecialNaN:
		switch typesize {
		case 4:
			pat = specialNaN32[:]
		case 8:
			pat = specialNaN64[:]
		default:
			return optionError("typesize", "a NaN chunk needs typesize 4 or 8, not "+strconv.Itoa(typesize))
		}
	case SpecialRepeat:
		if len(value) == 0 {
			return optionError("value", "a repeated-value chunk needs a value")
		}
		pat = value
	default:
		return optionError("special", "no content to fill for special value "+sp.String())
	}
	fillPeriodic(dst, pat, off)
	return nil
}

// fillPeriodic fills dst with the bytes at [off, off+len(dst)) of pat
// repeated without end: one period from the right phase, then doubling
// what is already written.
func fillPeriodic(dst, pat []byte, off int64) {
	k := int(off % int64(len(pat)))
	n := copy(dst, pat[k:])
	n += copy(dst[n:], pat[:k])
	for n < len(dst) {
		n += copy(dst[n:], dst[:n])
	}
}

// fillSpecialRange writes the bytes [off, off+len(out)) of the special-value
// chunk planned in p to out. The plan has checked what FillSpecial checks (a
// NaN chunk's typesize, a repeated value's presence), so it cannot fail here.
func fillSpecialRange(p *plan, out []byte, off int) {
	_ = FillSpecial(out, p.special, p.typesize, p.src[ExtendedHeaderLen:p.h.Cbytes], int64(off))
}
