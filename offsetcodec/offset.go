package offsetcodec

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// OffsetName is the Zarr v3 name of the offset codec.
const OffsetName = "offset"

// HeaderFunc computes the header of one chunk at encode time. It receives
// the encoded chunk payload (the output of the previous codecs) and must
// append exactly the configured number of header bytes to dst and return the
// extended slice. It must not retain or modify payload.
type HeaderFunc func(dst, payload []byte) ([]byte, error)

// Offset is the "offset" codec: a fixed-size header in front of each chunk.
// The zero value is not usable; build one with NewOffset or a Registry.
type Offset struct {
	n         int
	prefix    []byte // exactly n bytes (zeros when hasPrefix is false)
	hasPrefix bool   // prefix was given in the configuration
	fn        HeaderFunc
}

// NewOffset returns an offset codec with a header of n bytes. prefix, when
// not nil, is the literal header written on encode and must be exactly n bytes
// long; when nil the header is n zero bytes and the metadata has no "prefix".
func NewOffset(n int, prefix []byte) (*Offset, error) {
	if n < 0 || n > MaxHeaderBytes {
		return nil, configErr(OffsetName, "offset", "%d is out of range [0, %d]", n, MaxHeaderBytes)
	}
	o := &Offset{n: n}
	if prefix != nil {
		if len(prefix) != n {
			return nil, configErr(OffsetName, "prefix", "decodes to %d bytes, offset is %d", len(prefix), n)
		}
		o.prefix = append([]byte(nil), prefix...)
		o.hasPrefix = true
	} else {
		o.prefix = make([]byte, n)
	}
	return o, nil
}

// newOffsetFromConfig is the registry factory for "offset".
func newOffsetFromConfig(configuration json.RawMessage) (Codec, error) {
	c, err := ParseConfig(OffsetName, configuration, "offset", "prefix")
	if err != nil {
		return nil, err
	}
	if err := c.Require("offset"); err != nil {
		return nil, err
	}
	n, err := c.Int("offset", 0, 0, MaxHeaderBytes)
	if err != nil {
		return nil, err
	}
	prefix, _, err := c.Base64("prefix")
	if err != nil {
		return nil, err
	}
	if prefix == nil && c.Has("prefix") {
		prefix = []byte{} // "prefix": "" is a present, empty prefix
	}
	return NewOffset(int(n), prefix)
}

// Name returns "offset".
func (o *Offset) Name() string { return OffsetName }

// Offset returns the header size in bytes.
func (o *Offset) Offset() int { return o.n }

// Prefix returns a copy of the static header written on encode.
func (o *Offset) Prefix() []byte { return append([]byte(nil), o.prefix...) }

// SetPrefixFunc makes Encode compute each chunk's header with fn instead of
// writing the static prefix; nil restores the static prefix. The metadata
// (MarshalJSON) is unchanged: it keeps offset and any static prefix. Call it
// before the codec is shared between goroutines.
func (o *Offset) SetPrefixFunc(fn HeaderFunc) { o.fn = fn }

// EncodedSize returns n + offset.
func (o *Offset) EncodedSize(n int64) int64 { return n + int64(o.n) }

// Encode appends the header and then src to dst.
func (o *Offset) Encode(dst, src []byte) ([]byte, error) {
	dst, err := appendHeader(OffsetName, dst, src, o.prefix, o.fn)
	if err != nil {
		return dst, err
	}
	return append(dst, src...), nil
}

// Decode appends src without its first offset bytes to dst. A src shorter
// than offset is an error wrapping ErrCorrupt.
func (o *Offset) Decode(dst, src []byte) ([]byte, error) {
	if len(src) < o.n {
		return dst, &DecodeError{Codec: OffsetName, Offset: int64(len(src)),
			Reason: fmt.Sprintf("stored chunk has %d bytes, shorter than the %d-byte offset", len(src), o.n)}
	}
	return append(dst, src[o.n:]...), nil
}

// MarshalJSON returns {"name":"offset","configuration":{"offset":N[,"prefix":B64]}}.
func (o *Offset) MarshalJSON() ([]byte, error) {
	if o.hasPrefix {
		return marshalCodec(OffsetName, []string{"offset", "prefix"},
			[]any{o.n, base64.StdEncoding.EncodeToString(o.prefix)})
	}
	return marshalCodec(OffsetName, []string{"offset"}, []any{o.n})
}

// appendHeader appends the static header, or the one fn computes, to dst.
func appendHeader(codec string, dst, payload, static []byte, fn HeaderFunc) ([]byte, error) {
	if fn == nil {
		return append(dst, static...), nil
	}
	start := len(dst)
	out, err := fn(dst, payload)
	if err != nil {
		return dst, fmt.Errorf("%w: codec %q: header function: %w", ErrEncode, codec, err)
	}
	if len(out) < start || len(out)-start != len(static) {
		return dst, fmt.Errorf("%w: codec %q: header function returned %d bytes, want %d",
			ErrEncode, codec, len(out)-start, len(static))
	}
	return out, nil
}
