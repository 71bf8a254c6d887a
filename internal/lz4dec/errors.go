package lz4dec

import (
	"errors"
	"strconv"
)

// ErrCorrupt means the block is malformed: a length or an offset reaches
// past the input, the output or the dictionary.
var ErrCorrupt = errors.New("lz4dec: corrupt block")

// CorruptError describes a malformed block: what is wrong and at which byte
// offset of the input. It wraps ErrCorrupt.
type CorruptError struct {
	Offset int    // offset in the block of the token, length or offset at fault
	Reason string // what is wrong
}

// Error returns the reason and the offset.
func (e *CorruptError) Error() string {
	return "lz4: " + e.Reason + " at input offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns ErrCorrupt.
func (e *CorruptError) Unwrap() error { return ErrCorrupt }

// Reasons, as constants so that the decoding loop stays small.
const (
	errLiteralLen    = "literal length past the end of the input"
	errLiteralOut    = "literals past the end of the output"
	errOffsetCut     = "match offset cut by the end of the input"
	errOffsetZero    = "match offset 0"
	errMatchLen      = "match length past the end of the output"
	errMatchLenCut   = "match length cut by the end of the input"
	errBeforeStart   = "match offset before the start of the output and dictionary"
	errTrailingMatch = "block ends with a match length but no offset"
)

func corrupt(off int, reason string) error { return &CorruptError{Offset: off, Reason: reason} }
