package blosclz

import (
	"errors"
	"fmt"
)

// ErrCorrupt is returned (wrapped in a *CorruptError) when a stream is not
// valid BloscLZ data or does not decode to exactly the expected size.
var ErrCorrupt = errors.New("blosclz: corrupt input")

// CorruptError describes where and why a stream failed to decode.
// It matches ErrCorrupt with errors.Is.
type CorruptError struct {
	Offset int    // offset in the compressed stream where the problem was found
	Reason string // what was wrong
}

// Error implements the error interface.
func (e *CorruptError) Error() string {
	return fmt.Sprintf("blosclz: corrupt input at offset %d: %s", e.Offset, e.Reason)
}

// Unwrap returns ErrCorrupt.
func (e *CorruptError) Unwrap() error { return ErrCorrupt }

func corrupt(offset int, reason string) error {
	return &CorruptError{Offset: offset, Reason: reason}
}
