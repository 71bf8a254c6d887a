package zarr

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by this package wraps one of them
// (or an error of package offsetcodec, or of the store).
var (
	// ErrInvalidMetadata reports a zarr.json that does not follow the Zarr v3
	// specification, or ArrayMetadata that cannot be written.
	ErrInvalidMetadata = errors.New("zarr: invalid metadata")
	// ErrUnsupported reports valid metadata using a feature this package does
	// not implement (a data type, chunk grid, codec or storage transformer).
	ErrUnsupported = errors.New("zarr: unsupported feature")
	// ErrCorrupt reports a stored chunk that cannot be decoded.
	ErrCorrupt = errors.New("zarr: corrupt chunk")
	// ErrNotFound reports a key absent from a store.
	ErrNotFound = errors.New("zarr: key not found")
	// ErrRegion reports a region outside the array or data of the wrong size.
	ErrRegion = errors.New("zarr: invalid region")
	// ErrInvalidKey reports a store key that the specification does not
	// allow or that could escape a store's root ("..", a leading "/").
	ErrInvalidKey = errors.New("zarr: invalid store key")
	// ErrRange reports a RangeStore read outside the stored value. Stores
	// should wrap it, so that a shard index pointing past the end of its
	// shard is reported as a corrupt chunk.
	ErrRange = errors.New("zarr: byte range outside the stored value")
)

// MetadataError describes what is wrong with array or group metadata. It
// wraps ErrInvalidMetadata or ErrUnsupported.
type MetadataError struct {
	Field  string // JSON member, e.g. "codecs[2]" or "fill_value"
	Reason string
	Err    error // ErrInvalidMetadata, ErrUnsupported or a codec error
}

func (e *MetadataError) Error() string {
	return fmt.Sprintf("zarr: metadata %s: %s", e.Field, e.Reason)
}

// Unwrap returns the underlying sentinel or codec error.
func (e *MetadataError) Unwrap() error { return e.Err }

// ChunkError describes a stored chunk that cannot be decoded. It wraps
// ErrCorrupt and, when a codec failed, the codec's error.
type ChunkError struct {
	Key    string // store key of the chunk
	Codec  string // codec that failed, empty when none did
	Reason string
	Err    error
}

func (e *ChunkError) Error() string {
	if e.Codec != "" {
		return fmt.Sprintf("zarr: chunk %q: codec %q: %s", e.Key, e.Codec, e.Reason)
	}
	return fmt.Sprintf("zarr: chunk %q: %s", e.Key, e.Reason)
}

// Unwrap returns ErrCorrupt and the codec's error, if any.
func (e *ChunkError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrCorrupt, e.Err}
	}
	return []error{ErrCorrupt}
}

func invalid(field, format string, args ...any) error {
	return &MetadataError{Field: field, Reason: fmt.Sprintf(format, args...), Err: ErrInvalidMetadata}
}

func unsupported(field, format string, args ...any) error {
	return &MetadataError{Field: field, Reason: fmt.Sprintf(format, args...), Err: ErrUnsupported}
}
