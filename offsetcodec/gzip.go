package offsetcodec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
)

// GzipName is the Zarr v3 name of the gzip codec.
const GzipName = "gzip"

// Gzip is the Zarr v3 "gzip" codec (RFC 1952):
//
//	{"name": "gzip", "configuration": {"level": 5}}
//
// level is 0 (stored) to 9 and defaults to 5, as in zarr-python. Decoding
// accepts concatenated members, as Python's gzip module does.
type Gzip struct{ level int }

// GzipConfig is the configuration of the gzip codec, its JSON
// "configuration" object.
type GzipConfig struct {
	// Level is the compression level ("level"), 0 (stored) to 9.
	Level int
}

// NewGzip checks c and returns the gzip codec.
func NewGzip(c GzipConfig) (*Gzip, error) {
	level := c.Level
	if level < 0 || level > 9 {
		return nil, configErr(GzipName, "level", "%d is out of range [0, 9]", level)
	}
	return &Gzip{level: level}, nil
}

// newGzipFromConfig is the registry factory for "gzip".
func newGzipFromConfig(conf json.RawMessage) (Codec, error) {
	return gzipFromConfig(GzipName, 5, conf)
}

// gzipFromConfig reads the configuration of the gzip codec named codec
// ("gzip", level 5 by default, or numcodecs', level 1 by default).
func gzipFromConfig(codec string, defLevel int64, conf json.RawMessage) (Codec, error) {
	level, err := levelFromConfig(codec, defLevel, conf)
	if err != nil {
		return nil, err
	}
	return NewGzip(GzipConfig{Level: level})
}

// levelFromConfig reads a configuration whose only key is a deflate
// "level", 0 to 9 (gzip, zlib).
func levelFromConfig(codec string, defLevel int64, conf json.RawMessage) (int, error) {
	c, err := ParseConfig(codec, conf, "level")
	if err != nil {
		return 0, err
	}
	level, err := c.Int("level", defLevel, 0, 9)
	return int(level), err
}

// Name returns "gzip".
func (g *Gzip) Name() string { return GzipName }

// Config returns the codec's configuration.
func (g *Gzip) Config() GzipConfig { return GzipConfig{Level: g.level} }

// MarshalJSON returns {"name":"gzip","configuration":{"level":...}}.
func (g *Gzip) MarshalJSON() ([]byte, error) {
	return marshalCodec(GzipName, []string{"level"}, []any{g.level})
}

// Encode appends src compressed as one gzip member to dst.
func (g *Gzip) Encode(dst, src []byte) ([]byte, error) {
	return encodeStream(dst, src, func(w io.Writer) (io.WriteCloser, error) {
		return gzip.NewWriterLevel(w, g.level)
	})
}

// Decode appends the decompressed src to dst, at most MaxDecodedSize bytes.
func (g *Gzip) Decode(dst, src []byte) ([]byte, error) {
	return g.DecodeLimit(dst, src, MaxDecodedSize)
}

// DecodeLimit decompresses src, failing when the result exceeds limit bytes.
func (g *Gzip) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(src))
	if err != nil {
		return dst, &DecodeError{Codec: GzipName, Reason: err.Error()}
	}
	return readLimited(GzipName, dst, r, limit)
}

// readLimited appends what r produces to dst, failing beyond limit bytes.
func readLimited(codec string, dst []byte, r io.Reader, limit int) ([]byte, error) {
	buf := bytes.NewBuffer(dst)
	n, err := io.Copy(buf, io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return dst, &DecodeError{Codec: codec, Reason: err.Error()}
	}
	if n > int64(limit) {
		return dst, &DecodeError{Codec: codec, Reason: fmt.Sprintf("decompresses to more than %d bytes", limit)}
	}
	return buf.Bytes(), nil
}

// encodeStream appends to dst src written through the compressing writer
// open makes (gzip, zlib).
func encodeStream(dst, src []byte, open func(io.Writer) (io.WriteCloser, error)) ([]byte, error) {
	buf := bytes.NewBuffer(dst)
	w, err := open(buf)
	if err != nil {
		return dst, fmt.Errorf("%w: %v", ErrEncode, err)
	}
	if _, err := w.Write(src); err != nil {
		return dst, fmt.Errorf("%w: %v", ErrEncode, err)
	}
	if err := w.Close(); err != nil {
		return dst, fmt.Errorf("%w: %v", ErrEncode, err)
	}
	return buf.Bytes(), nil
}
