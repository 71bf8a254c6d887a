package offsetcodec

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// PadName is the Zarr v3 name of the pad codec.
const PadName = "pad"

// Location says where the pad codec's bytes are.
type Location uint8

// Locations of the padding.
const (
	Start Location = iota // in front of the chunk, "start"
	End                   // after the chunk, "end"
)

// String returns "start" or "end".
func (l Location) String() string {
	if l == End {
		return "end"
	}
	return "start"
}

// ParseLocation returns the Location named s, "start" or "end".
func ParseLocation(s string) (Location, error) {
	switch s {
	case "start":
		return Start, nil
	case "end":
		return End, nil
	}
	return 0, configErr(PadName, "location", "%q is not one of \"start\", \"end\"", clip(s))
}

// MarshalText returns "start" or "end".
func (l Location) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText sets l from "start" or "end".
func (l *Location) UnmarshalText(b []byte) error {
	v, err := ParseLocation(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// PadConfig is the configuration of the pad codec, its JSON
// "configuration" object.
type PadConfig struct {
	// Location is where the padding goes ("location").
	Location Location
	// NBytes is the padding size in bytes ("nbytes"), 0 to MaxHeaderBytes.
	NBytes int
	// Padding is the literal padding written on encode ("padding", base64
	// in the JSON), exactly NBytes bytes. nil means absent: NBytes zero
	// bytes, and the metadata has no "padding".
	Padding []byte
}

// Pad is the "pad" codec: nbytes of padding at the start or end of each
// chunk. The zero value is not usable; build one with NewPad or a Registry.
type Pad struct {
	loc        Location
	n          int
	padding    []byte
	hasPadding bool
	fn         HeaderFunc
}

// NewPad checks c and returns the pad codec. The option WithHeaderFunc
// computes each chunk's padding at encode time.
func NewPad(c PadConfig, opts ...Option) (*Pad, error) {
	if c.Location != Start && c.Location != End {
		return nil, configErr(PadName, "location", "invalid location %d", c.Location)
	}
	padding, err := headerBytes(PadName, "nbytes", "padding", c.NBytes, c.Padding)
	if err != nil {
		return nil, err
	}
	return &Pad{loc: c.Location, n: c.NBytes, padding: padding, hasPadding: c.Padding != nil, fn: applyOptions(opts).header}, nil
}

// newPadFromConfig is the registry factory for "pad".
func newPadFromConfig(configuration json.RawMessage) (Codec, error) {
	c, err := ParseConfig(PadName, configuration, "location", "nbytes", "padding")
	if err != nil {
		return nil, err
	}
	if err := c.Require("location", "nbytes"); err != nil {
		return nil, err
	}
	locName, err := c.String("location", "", "start", "end")
	if err != nil {
		return nil, err
	}
	loc, err := ParseLocation(locName)
	if err != nil {
		return nil, err
	}
	n, err := c.Int("nbytes", 0, 0, MaxHeaderBytes)
	if err != nil {
		return nil, err
	}
	padding, _, err := c.Base64("padding")
	if err != nil {
		return nil, err
	}
	if padding == nil && c.Has("padding") {
		padding = []byte{}
	}
	return NewPad(PadConfig{Location: loc, NBytes: int(n), Padding: padding})
}

// Name returns "pad".
func (p *Pad) Name() string { return PadName }

// Config returns the codec's configuration (Padding is a copy, nil when the
// configuration has none).
func (p *Pad) Config() PadConfig {
	c := PadConfig{Location: p.loc, NBytes: p.n}
	if p.hasPadding {
		c.Padding = append([]byte{}, p.padding...)
	}
	return c
}

// EncodedSize returns n + nbytes.
func (p *Pad) EncodedSize(n int64) int64 { return n + int64(p.n) }

// Encode appends src with its padding to dst.
func (p *Pad) Encode(dst, src []byte) ([]byte, error) {
	if p.loc == End {
		dst = append(dst, src...)
		// The padding function sees the payload, not dst, which now holds it.
		return appendHeader(PadName, dst, src, p.padding, p.fn)
	}
	dst, err := appendHeader(PadName, dst, src, p.padding, p.fn)
	if err != nil {
		return dst, err
	}
	return append(dst, src...), nil
}

// Decode appends src without its padding to dst. A src shorter than nbytes
// is an error wrapping ErrCorrupt.
func (p *Pad) Decode(dst, src []byte) ([]byte, error) {
	if len(src) < p.n {
		return dst, &DecodeError{Codec: PadName, Offset: int64(len(src)),
			Reason: fmt.Sprintf("stored chunk has %d bytes, shorter than the %d bytes of padding", len(src), p.n)}
	}
	if p.loc == End {
		return append(dst, src[:len(src)-p.n]...), nil
	}
	return append(dst, src[p.n:]...), nil
}

// MarshalJSON returns {"name":"pad","configuration":{"location":L,"nbytes":N[,"padding":B64]}}.
func (p *Pad) MarshalJSON() ([]byte, error) {
	keys := []string{"location", "nbytes"}
	vals := []any{p.loc.String(), p.n}
	if p.hasPadding {
		keys = append(keys, "padding")
		vals = append(vals, base64.StdEncoding.EncodeToString(p.padding))
	}
	return marshalCodec(PadName, keys, vals)
}
