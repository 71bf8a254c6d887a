package frame

import "github.com/blosc2go/blosc2/blosc"

// offsetSpecial returns the special value an index entry stands for (only
// meaningful for a negative entry, whose top byte is 0x80 | kind).
func offsetSpecial(o int64) blosc.SpecialValue {
	return blosc.SpecialValue(uint64(o)>>56) & specialMask
}

// specialOf returns the special value of chunk i's index entry.
func (f *Frame) specialOf(i int) blosc.SpecialValue { return offsetSpecial(f.offsets[i]) }

// fillSpecial writes into out the bytes [off, off+len(out)) of a chunk of
// special value k whose items are typesize bytes, as package blosc decodes
// the corresponding special chunk (zeros for SpecialZeros and
// SpecialUninit, C-Blosc2's quiet NaNs for SpecialNaN): an index entry
// stores blosc's SpecialValue number. Open refuses index entries
// whose fill would fail (NaN with a typesize other than 4 or 8, unknown
// kinds), so an error here means a caller broke that rule.
func fillSpecial(out []byte, k blosc.SpecialValue, typesize int32, off int64) error {
	return blosc.FillSpecial(out, k, int(typesize), nil, off)
}
