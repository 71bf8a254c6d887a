package blosc

import (
	"errors"
	"strconv"
)

// Sentinel errors. Errors returned by this package wrap one of them; test
// with errors.Is.
var (
	// ErrCorrupt means the chunk is malformed or truncated.
	ErrCorrupt = errors.New("blosc: corrupt chunk")
	// ErrUnsupported means the chunk is valid but needs a codec, filter,
	// format version or feature this package does not implement.
	ErrUnsupported = errors.New("blosc: unsupported")
	// ErrTooLarge means the decoded size exceeds the decoder's limit.
	ErrTooLarge = errors.New("blosc: decoded size exceeds limit")
	// ErrShortBuffer means the destination is smaller than the decoded size.
	ErrShortBuffer = errors.New("blosc: destination buffer too short")
)

// CorruptError describes a malformed chunk: what is wrong and at which byte
// offset of the chunk. It wraps ErrCorrupt.
type CorruptError struct {
	Offset int64  // byte offset in the chunk where the problem was found
	Reason string // what is wrong
}

// Error returns the reason and offset.
func (e *CorruptError) Error() string {
	return "blosc: corrupt chunk at offset " + strconv.FormatInt(e.Offset, 10) + ": " + e.Reason
}

// Unwrap returns ErrCorrupt.
func (e *CorruptError) Unwrap() error { return ErrCorrupt }

// Is reports whether target is ErrCorrupt.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }

func corrupt(off int64, reason string) error {
	return &CorruptError{Offset: off, Reason: reason}
}

// UnsupportedError names what a chunk needs that this package lacks. It
// wraps ErrUnsupported.
type UnsupportedError struct {
	What string // e.g. "codec zfp_rate (35)", "filter ndcell (32)"
}

// Error names what is unsupported.
func (e *UnsupportedError) Error() string { return "blosc: unsupported " + e.What }

// Unwrap returns ErrUnsupported.
func (e *UnsupportedError) Unwrap() error { return ErrUnsupported }

func unsupportedCodec(c Codec) error {
	return &UnsupportedError{What: "codec " + c.String() + " (" + strconv.Itoa(int(c)) + ")"}
}

func unsupportedFilter(f Filter) error {
	return &UnsupportedError{What: "filter " + f.String() + " (" + strconv.Itoa(int(f)) + ")"}
}

func unsupported(what string) error { return &UnsupportedError{What: what} }
