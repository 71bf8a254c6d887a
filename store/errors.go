package store

import (
	"errors"
	"strconv"
)

// Sentinel errors. Every error for bad input wraps ErrCorrupt or
// ErrUnsupported, so callers can test with errors.Is.
var (
	// ErrCorrupt reports a store whose bytes contradict the format or each
	// other: a zip directory that lies, a member outside the archive, an
	// embed_map entry outside the embed store or overlapping another, a key
	// that escapes the store.
	ErrCorrupt = errors.New("store: corrupt store")
	// ErrUnsupported reports a valid store or member this package does not
	// read: a deflated zip member, a persisted LazyExpr, LazyUDF or C2Array
	// reference, an ObjectArray, an Arrow-serialized BatchArray...
	ErrUnsupported = errors.New("store: unsupported")
	// ErrNotFound reports a key the store does not hold.
	ErrNotFound = errors.New("store: key not found")
	// ErrNotStore reports a file or directory that is not a store at all.
	ErrNotStore = errors.New("store: not a python-blosc2 store")
	// ErrInvalidKey reports a key a Writer refuses (see ValidateKey).
	ErrInvalidKey = errors.New("store: invalid key")
	// ErrExist reports a key a Writer already holds, or a target path that
	// exists when the caller asked not to replace it.
	ErrExist = errors.New("store: already exists")
	// ErrClosed reports use of a closed Store or Writer.
	ErrClosed = errors.New("store: closed")
)

// FormatError is the typed error for malformed input. It tells which part
// of the store (a zip member, the embed map, a key) and where, and wraps
// ErrCorrupt or ErrUnsupported.
type FormatError struct {
	Where  string // "zip directory", "zip member dir/x.b2nd", "embed_map /a", ...
	Offset int64  // byte offset of the problem, -1 when not meaningful
	Reason string
	Err    error // ErrCorrupt or ErrUnsupported
	Cause  error // underlying error (archive/zip, package frame, msgpack), or nil
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

func corrupt(where string, off int64, reason string, cause error) error {
	return &FormatError{Where: where, Offset: off, Reason: reason, Err: ErrCorrupt, Cause: cause}
}

func unsupported(where string, off int64, reason string, cause error) error {
	return &FormatError{Where: where, Offset: off, Reason: reason, Err: ErrUnsupported, Cause: cause}
}
