package frame

import (
	"errors"
	"strconv"
)

// Sentinel errors. Every error returned for bad input wraps one of them, so
// callers can test with errors.Is.
var (
	// ErrCorrupt reports a frame whose bytes contradict the format or each
	// other (bad magic, out-of-range offsets, sizes that do not add up).
	ErrCorrupt = errors.New("frame: corrupt frame")
	// ErrUnsupported reports a valid-looking frame that uses a feature this
	// package does not implement (a newer format version, 32-bit offsets...).
	ErrUnsupported = errors.New("frame: unsupported frame")
	// ErrNotFound reports a missing metalayer or vlmetalayer.
	ErrNotFound = errors.New("frame: not found")
	// ErrRange reports a chunk index, item range or slab outside the data.
	ErrRange = errors.New("frame: index out of range")
	// ErrNotB2ND reports a frame without a "b2nd" (or legacy "caterva")
	// metalayer opened as an array.
	ErrNotB2ND = errors.New("frame: not a b2nd array")
	// ErrClosed reports use of a closed Writer or Editor.
	ErrClosed = errors.New("frame: use of closed writer")
	// ErrConflict reports that another writer changed a frame after an
	// Editor read it: the Editor's edits were not written.
	ErrConflict = errors.New("frame: the frame was changed by another writer")
	// ErrDtype reports a dtype that is not a NumPy typestring, disagrees
	// with the typesize, or does not match the Go type of a typed read or
	// write.
	ErrDtype = errors.New("frame: dtype mismatch")
	// ErrOption reports an Option given to a constructor it does not apply
	// to.
	ErrOption = errors.New("frame: option does not apply")
)

// Errors of this package's own making (not of the input).
var (
	// errNotFetched: a block read outside the byte ranges fetched for it.
	errNotFetched = errors.New("frame: read outside the ranges fetched")
	// errEmptyChunks: a frame whose chunks hold no bytes cannot be indexed.
	errEmptyChunks = errors.New("frame: chunks that hold no bytes cannot be indexed (C-Blosc2 reads such a frame as empty)")
)

// sizeMismatch reports a chunk that decoded to got bytes instead of want.
func sizeMismatch(got, want int64) error {
	return errors.New("decoded " + itoa(got) + " bytes, expected " + itoa(want))
}

// LazyError is returned when the data of a LazyExpr/LazyUDF array is read:
// its chunks hold placeholders, not values. It wraps ErrUnsupported.
type LazyError struct{ Lazy *LazyExpr }

func (e *LazyError) Error() string {
	return "frame: " + e.Lazy.String() + ": evaluating saved expressions is not supported (read the operands instead)"
}

// Unwrap returns ErrUnsupported.
func (e *LazyError) Unwrap() error { return ErrUnsupported }

// FormatError is the typed error for malformed input. It carries the byte
// offset (in the frame file, or in the section named by Where) at which the
// problem was found and wraps ErrCorrupt or ErrUnsupported.
type FormatError struct {
	Where  string // section: "header", "metalayers", "index", "trailer", "chunk 3", "b2nd", ...
	Offset int64  // byte offset of the problem (-1 when not meaningful)
	Reason string
	Err    error // ErrCorrupt, ErrUnsupported, ErrRange, ErrNotFound...
	Cause  error // underlying error (e.g. from package blosc), or nil
}

func (e *FormatError) Error() string {
	s := e.Err.Error() + ": " + e.Where
	if e.Offset >= 0 {
		s += " at offset " + strconv.FormatInt(e.Offset, 10)
	}
	s += ": " + e.Reason
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns the sentinel error and the underlying cause, if any.
func (e *FormatError) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

func corrupt(where string, off int64, reason string) error {
	return &FormatError{Where: where, Offset: off, Reason: reason, Err: ErrCorrupt}
}

func notFound(where, reason string) error {
	return &FormatError{Where: where, Offset: -1, Reason: reason, Err: ErrNotFound}
}

func unsupported(where string, off int64, reason string) error {
	return &FormatError{Where: where, Offset: off, Reason: reason, Err: ErrUnsupported}
}
