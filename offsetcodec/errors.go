package offsetcodec

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by this package wraps one of them.
var (
	// ErrInvalidConfig reports codec metadata that does not follow the codec's
	// specification: a missing or unknown key, a value of the wrong type or
	// out of range.
	ErrInvalidConfig = errors.New("offsetcodec: invalid codec configuration")
	// ErrUnknownCodec reports a codec name the registry does not know.
	ErrUnknownCodec = errors.New("offsetcodec: unknown codec")
	// ErrCorrupt reports a stored chunk the codec cannot decode.
	ErrCorrupt = errors.New("offsetcodec: corrupt chunk")
	// ErrEncode reports a failure while encoding, such as a prefix function
	// that returned the wrong number of bytes.
	ErrEncode = errors.New("offsetcodec: encode failed")
)

// ConfigError describes an invalid codec configuration. It wraps
// ErrInvalidConfig.
type ConfigError struct {
	Codec  string // codec name, e.g. "offset"
	Key    string // configuration key, empty when the whole object is at fault
	Reason string
}

func (e *ConfigError) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("offsetcodec: codec %q: %s", e.Codec, e.Reason)
	}
	return fmt.Sprintf("offsetcodec: codec %q: configuration %q: %s", e.Codec, e.Key, e.Reason)
}

// Unwrap returns ErrInvalidConfig.
func (e *ConfigError) Unwrap() error { return ErrInvalidConfig }

// DecodeError describes a stored chunk that cannot be decoded. It wraps
// ErrCorrupt.
type DecodeError struct {
	Codec  string
	Offset int64 // byte offset in the stored chunk where the problem is
	Reason string
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("offsetcodec: codec %q: corrupt chunk at byte %d: %s", e.Codec, e.Offset, e.Reason)
}

// Unwrap returns ErrCorrupt.
func (e *DecodeError) Unwrap() error { return ErrCorrupt }

func configErr(codec, key, format string, args ...any) error {
	return &ConfigError{Codec: codec, Key: key, Reason: fmt.Sprintf(format, args...)}
}

// bloscError is an error of package blosc met by the blosc or blosc2 codec.
// A decode error wraps ErrCorrupt, an encode error ErrEncode; both also wrap
// the blosc error (blosc.ErrCorrupt, blosc.ErrUnsupported, ...).
type bloscError struct {
	codec string
	op    string // "decode" or "encode"
	err   error
}

func (e *bloscError) Error() string {
	if e.op == "decode" {
		return fmt.Sprintf("offsetcodec: codec %q: cannot decode chunk: %v", e.codec, e.err)
	}
	return fmt.Sprintf("offsetcodec: codec %q: cannot encode chunk: %v", e.codec, e.err)
}

// Unwrap returns ErrCorrupt (decoding) or ErrEncode (encoding), and the
// underlying error.
func (e *bloscError) Unwrap() []error {
	if e.op == "decode" {
		return []error{ErrCorrupt, e.err}
	}
	return []error{ErrEncode, e.err}
}
