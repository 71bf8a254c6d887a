package deflate

import (
	"errors"
	"strconv"
)

// ErrCorrupt means the stream is malformed, truncated, longer than dst or
// fails its checksum.
var ErrCorrupt = errors.New("deflate: corrupt stream")

// CorruptError describes a malformed stream: what is wrong and near which
// byte offset of the input. It wraps ErrCorrupt.
type CorruptError struct {
	Offset int    // input offset of the byte at fault (or being read)
	Reason string // what is wrong
}

// Error returns the reason and the offset.
func (e *CorruptError) Error() string {
	return "deflate: " + e.Reason + " at input offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns ErrCorrupt.
func (e *CorruptError) Unwrap() error { return ErrCorrupt }

// Reasons, as constants so that the decoding loops stay small.
const (
	errBlockType     = "invalid block type 3"
	errStoredLen     = "stored block length does not match its complement"
	errTruncated     = "stream truncated"
	errOutput        = "output longer than dst"
	errTooManyCodes  = "too many length or distance codes"
	errOversub       = "oversubscribed Huffman code"
	errIncomplete    = "incomplete Huffman code"
	errRepeatFirst   = "code length repeat with no previous length"
	errRepeatLong    = "code length repeat past the last code"
	errNoEOB         = "no end-of-block code"
	errInvalidCode   = "invalid literal/length or distance code"
	errDistance      = "distance before the start of the output"
	errZlibHeader    = "invalid zlib header"
	errZlibDict      = "zlib stream needs a preset dictionary"
	errZlibTruncated = "zlib header or checksum truncated"
	errChecksum      = "zlib checksum mismatch"
)

func corrupt(off int, reason string) error { return &CorruptError{Offset: off, Reason: reason} }
