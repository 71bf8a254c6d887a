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
	// ErrInvalidOptions means the compression options are out of range or
	// cannot be combined; the error is an *OptionError naming the field.
	ErrInvalidOptions = errors.New("blosc: invalid options")
)

// errNoReader is DecompressLazy's error for a lazy chunk without a reader.
var errNoReader = errors.New("blosc: lazy chunk needs a reader")

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

// OptionError reports invalid Options. It wraps ErrInvalidOptions.
type OptionError struct {
	Field  string // the offending field, e.g. "Clevel" or "Filters[5]"
	Reason string

	unsupported bool // also wraps ErrUnsupported (a codec decoded but not written)
}

// Error returns the message: which option and why.
func (e *OptionError) Error() string {
	return "blosc: invalid option " + e.Field + ": " + e.Reason
}

// Unwrap returns ErrInvalidOptions.
func (e *OptionError) Unwrap() error { return ErrInvalidOptions }

// Is reports whether target is ErrUnsupported for an option asking for
// something this package only decodes (Codec Snappy).
func (e *OptionError) Is(target error) bool { return e.unsupported && target == ErrUnsupported }

func optionError(field, reason string) error {
	return &OptionError{Field: field, Reason: reason}
}

// RangeError reports a requested range outside the decoded chunk.
type RangeError struct {
	Start, N, Len int64
	Unit          string // "bytes", "items" or "blocks"
}

// Error describes the range and the chunk.
func (e *RangeError) Error() string {
	return "blosc: range [" + strconv.FormatInt(e.Start, 10) + ", +" + strconv.FormatInt(e.N, 10) + ") " +
		e.Unit + " outside a chunk of " + strconv.FormatInt(e.Len, 10) + " " + e.Unit
}

func rangeError(start, n, length int64, unit string) error {
	return &RangeError{Start: start, N: n, Len: length, Unit: unit}
}

// shortBufferError is ErrShortBuffer with the sizes.
type shortBufferError struct{ have, need int }

func shortBuffer(have, need int) error {
	return &shortBufferError{have: have, need: need}
}

func (e *shortBufferError) Error() string {
	return "blosc: destination buffer too short: " + strconv.Itoa(e.have) + " bytes, need " + strconv.Itoa(e.need)
}

func (e *shortBufferError) Unwrap() error { return ErrShortBuffer }

// tooLargeInputError is ErrTooLarge for an input Compress cannot hold in
// one chunk.
type tooLargeInputError struct{ n int }

func (e *tooLargeInputError) Error() string {
	return "blosc: input of " + strconv.Itoa(e.n) + " bytes exceeds the chunk limit of " + strconv.Itoa(MaxNbytes)
}

func (e *tooLargeInputError) Unwrap() error { return ErrTooLarge }
