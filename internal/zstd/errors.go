package zstd

import (
	"errors"
	"strconv"
)

// Sentinel errors. Errors returned by this package wrap one of them; test
// with errors.Is.
var (
	// ErrCorrupt means the input is not a valid Zstandard frame sequence.
	ErrCorrupt = errors.New("zstd: corrupt input")
	// ErrShortDst means the decoded content does not fit in the destination.
	ErrShortDst = errors.New("zstd: destination too short")
	// ErrDict means a frame needs a dictionary other than the one given
	// (or none was given), or a dictionary is malformed.
	ErrDict = errors.New("zstd: wrong or bad dictionary")
	// ErrUnsupported means a valid input uses a feature this package does
	// not decode (legacy frame formats before v0.8).
	ErrUnsupported = errors.New("zstd: unsupported")
)

// Error describes bad input: what is wrong and at which byte offset of the
// input (the compressed bytes, or the dictionary for ErrDict). It wraps one
// of the sentinel errors.
type Error struct {
	Offset int64  // byte offset in the input where the problem was found
	Reason string // what is wrong
	Err    error  // ErrCorrupt, ErrShortDst, ErrDict or ErrUnsupported
}

// Error returns the sentinel's text, the offset and the reason.
func (e *Error) Error() string {
	return e.Err.Error() + " at offset " + strconv.FormatInt(e.Offset, 10) + ": " + e.Reason
}

// Unwrap returns the sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// reason is an error found inside a block or table, without its offset:
// the block loop adds the block's offset (at).
type reason string

func (r reason) Error() string { return string(r) }

// Reasons shared by several decoding steps.
const (
	errOverflow  = reason("output exceeds the destination or the block size")
	errTruncated = reason("input truncated")
)

func corrupt(off int, why string) error {
	return &Error{Offset: int64(off), Reason: why, Err: ErrCorrupt}
}

// at turns an error from a decoding step into an *Error at offset off.
func at(off int, err error) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *Error:
		return e
	case reason:
		if e == errOverflow {
			return &Error{Offset: int64(off), Reason: string(e), Err: ErrShortDst}
		}
		return &Error{Offset: int64(off), Reason: string(e), Err: ErrCorrupt}
	}
	return &Error{Offset: int64(off), Reason: err.Error(), Err: ErrCorrupt}
}
