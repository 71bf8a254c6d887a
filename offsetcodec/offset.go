package offsetcodec

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// OffsetName is the Zarr v3 name of the offset codec.
const OffsetName = "offset"

// OffsetConfig is the configuration of the offset codec, its JSON
// "configuration" object.
type OffsetConfig struct {
	// Offset is the header size in bytes ("offset"), 0 to MaxHeaderBytes.
	Offset int
	// Prefix is the literal header written on encode ("prefix", base64 in
	// the JSON), exactly Offset bytes. nil means absent: the header is
	// Offset zero bytes and the metadata has no "prefix"; an empty,
	// non-nil Prefix is a present, empty prefix (Offset 0).
	Prefix []byte
}

// Offset is the "offset" codec: a fixed-size header in front of each chunk.
// The zero value is not usable; build one with NewOffset or a Registry.
// An Offset is safe for concurrent use (as is the HeaderFunc it is given,
// if any, provided the function is).
type Offset struct {
	n         int
	prefix    []byte // exactly n bytes (zeros when hasPrefix is false)
	hasPrefix bool   // prefix was given in the configuration
	fn        HeaderFunc
}

// NewOffset checks c and returns the offset codec. The option
// WithHeaderFunc computes each chunk's header at encode time.
func NewOffset(c OffsetConfig, opts ...Option) (*Offset, error) {
	prefix, err := headerBytes(OffsetName, "offset", "prefix", c.Offset, c.Prefix)
	if err != nil {
		return nil, err
	}
	return &Offset{n: c.Offset, prefix: prefix, hasPrefix: c.Prefix != nil, fn: applyOptions(opts).header}, nil
}

// headerBytes checks the size n (key sizeKey) and the static bytes b (key
// bytesKey, nil when absent) of a header or padding and returns the bytes
// to write: a copy of b, or n zero bytes.
func headerBytes(codec, sizeKey, bytesKey string, n int, b []byte) ([]byte, error) {
	if n < 0 || n > MaxHeaderBytes {
		return nil, configErr(codec, sizeKey, "%d is out of range [0, %d]", n, MaxHeaderBytes)
	}
	if b == nil {
		return make([]byte, n), nil
	}
	if len(b) != n {
		return nil, configErr(codec, bytesKey, "decodes to %d bytes, %s is %d", len(b), sizeKey, n)
	}
	return append([]byte(nil), b...), nil
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
	return NewOffset(OffsetConfig{Offset: int(n), Prefix: prefix})
}

// Name returns "offset".
func (o *Offset) Name() string { return OffsetName }

// Config returns the codec's configuration (Prefix is a copy, nil when the
// configuration has none).
func (o *Offset) Config() OffsetConfig {
	c := OffsetConfig{Offset: o.n}
	if o.hasPrefix {
		c.Prefix = append([]byte{}, o.prefix...)
	}
	return c
}

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
