package blosc

import "strconv"

// SpecialValue is the chunk-level special value of blosc2_flags bits 4-6: a
// special chunk stores no blocks, only the header (and, for SpecialValueRepeat,
// the repeated value).
type SpecialValue uint8

// Special values.
const (
	SpecialNone   SpecialValue = 0 // a regular chunk
	SpecialZeros  SpecialValue = 1 // every byte is zero
	SpecialNaN    SpecialValue = 2 // every element is a NaN (float32 or float64 by typesize)
	SpecialRepeat SpecialValue = 3 // the value after the header, repeated
	SpecialUninit SpecialValue = 4 // content undefined; this package decodes it as zeros
)

// String returns "none", "zeros", "nan", "value", "uninit" or "special(N)".
func (s SpecialValue) String() string {
	switch s {
	case SpecialNone:
		return "none"
	case SpecialZeros:
		return "zeros"
	case SpecialNaN:
		return "nan"
	case SpecialRepeat:
		return "value"
	case SpecialUninit:
		return "uninit"
	}
	return "special(" + strconv.Itoa(int(s)) + ")"
}
