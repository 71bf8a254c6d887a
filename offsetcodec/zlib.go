package offsetcodec

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/klauspost/compress/zlib"
)

// ZlibName is the name of the zlib codec (numcodecs' "zlib", RFC 1950).
const ZlibName = "zlib"

// Zlib is numcodecs' "zlib" codec: one zlib stream (RFC 1950) per chunk, as
// Python's zlib.compress writes it. Its configuration is {"level": 1}
// (0 to 9; numcodecs' default 1). It is a Zarr v2 compressor and, named
// "numcodecs.zlib", a Zarr v3 codec of numcodecs.zarr3.
type Zlib struct{ level int }

// ZlibConfig is the configuration of the zlib codec.
type ZlibConfig struct {
	// Level is the compression level ("level"), 0 (stored) to 9.
	Level int
}

// NewZlib checks c and returns the zlib codec.
func NewZlib(c ZlibConfig) (*Zlib, error) {
	level := c.Level
	if level < 0 || level > 9 {
		return nil, configErr(ZlibName, "level", "%d is out of range [0, 9]", level)
	}
	return &Zlib{level: level}, nil
}

// newZlibFromConfig is the factory for numcodecs' "zlib".
func newZlibFromConfig(conf json.RawMessage) (Codec, error) {
	level, err := levelFromConfig(ZlibName, 1, conf)
	if err != nil {
		return nil, err
	}
	return NewZlib(ZlibConfig{Level: level})
}

// Config returns the codec's configuration.
func (z *Zlib) Config() ZlibConfig { return ZlibConfig{Level: z.level} }

// Name returns "zlib".
func (z *Zlib) Name() string { return ZlibName }

// MarshalJSON returns {"name":"zlib","configuration":{"level":...}}.
func (z *Zlib) MarshalJSON() ([]byte, error) {
	return marshalCodec(ZlibName, []string{"level"}, []any{z.level})
}

// Encode appends src compressed as one zlib stream to dst.
func (z *Zlib) Encode(dst, src []byte) ([]byte, error) {
	return encodeStream(dst, src, func(w io.Writer) (io.WriteCloser, error) {
		return zlib.NewWriterLevel(w, z.level)
	})
}

// Decode appends the decompressed src to dst, at most MaxDecodedSize bytes.
func (z *Zlib) Decode(dst, src []byte) ([]byte, error) {
	return z.DecodeLimit(dst, src, MaxDecodedSize)
}

// DecodeLimit decompresses src, failing when the result exceeds limit bytes.
func (z *Zlib) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	r, err := zlib.NewReader(bytes.NewReader(src))
	if err != nil {
		return dst, &DecodeError{Codec: ZlibName, Reason: err.Error()}
	}
	return readLimited(ZlibName, dst, r, limit)
}
