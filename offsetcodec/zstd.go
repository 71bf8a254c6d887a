package offsetcodec

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
)

// ZstdName is the Zarr v3 name of the zstd codec.
const ZstdName = "zstd"

// Zstd is the Zarr v3 "zstd" codec (RFC 8878), one frame per chunk:
//
//	{"name": "zstd", "configuration": {"level": 0, "checksum": false}}
//
// level is -131072..22 (0, the default, means zstd's default 3); checksum
// stores a content checksum in each frame. numcodecs' "zstd" (a Zarr v2
// compressor, and "numcodecs.zstd" in Zarr v3) writes the same frames.
// A Zstd is safe for concurrent use.
type Zstd struct {
	level    int
	checksum bool
}

// ZstdConfig is the configuration of the zstd codec, its JSON
// "configuration" object.
type ZstdConfig struct {
	// Level is the compression level ("level"), -131072..22; 0 means the
	// zstd default, 3.
	Level int
	// Checksum stores a content checksum in each frame ("checksum").
	Checksum bool
}

// NewZstd checks c and returns the zstd codec.
func NewZstd(c ZstdConfig) (*Zstd, error) {
	level, checksum := c.Level, c.Checksum
	if level < -131072 || level > 22 {
		return nil, configErr(ZstdName, "level", "%d is out of range [-131072, 22]", level)
	}
	return &Zstd{level: level, checksum: checksum}, nil
}

// newZstdFromConfig is the registry factory for "zstd".
func newZstdFromConfig(conf json.RawMessage) (Codec, error) {
	return zstdFromConfig(ZstdName, 0, conf)
}

// zstdFromConfig reads the configuration of the zstd codec named codec
// ("zstd", level 0 by default, or numcodecs', level 1 by default).
func zstdFromConfig(codec string, defLevel int64, conf json.RawMessage) (Codec, error) {
	c, err := ParseConfig(codec, conf, "level", "checksum")
	if err != nil {
		return nil, err
	}
	level, err := c.Int("level", defLevel, -131072, 22)
	if err != nil {
		return nil, err
	}
	checksum, err := c.Bool("checksum", false)
	if err != nil {
		return nil, err
	}
	return NewZstd(ZstdConfig{Level: int(level), Checksum: checksum})
}

// Config returns the codec's configuration.
func (z *Zstd) Config() ZstdConfig { return ZstdConfig{Level: z.level, Checksum: z.checksum} }

// Name returns "zstd".
func (z *Zstd) Name() string { return ZstdName }

// MarshalJSON returns {"name":"zstd","configuration":{"level":...,"checksum":...}}.
func (z *Zstd) MarshalJSON() ([]byte, error) {
	return marshalCodec(ZstdName, []string{"level", "checksum"}, []any{z.level, z.checksum})
}

// zstdEncoders keeps idle encoders of our own (internal/zstd) for Encode;
// an encoder serves one goroutine at a time and keeps its tables.
var zstdEncoders = sync.Pool{New: func() any { return izstd.NewEncoder(3) }}

// Encode appends src compressed as one zstd frame to dst: our encoder
// (internal/zstd) at zstd's level, with the content size recorded and the
// checksum if configured. Levels below 1 (zstd's fast negative levels)
// compress as level 1, the fastest we have.
func (z *Zstd) Encode(dst, src []byte) ([]byte, error) {
	level := z.level
	if level == 0 {
		level = 3 // zstd's default
	}
	e := zstdEncoders.Get().(*izstd.Encoder)
	defer zstdEncoders.Put(e)
	e.SetLevel(max(level, izstd.MinLevel))
	e.SetChecksum(z.checksum)
	e.SetDict(nil)
	return e.EncodeAll(dst, src), nil
}

// zstdDecoders keeps idle decoders of our own (internal/zstd) for Decode;
// a decoder serves one goroutine at a time.
var zstdDecoders = sync.Pool{New: func() any { return izstd.NewDecoder() }}

// Decode appends the decompressed src to dst, at most MaxDecodedSize bytes.
func (z *Zstd) Decode(dst, src []byte) ([]byte, error) {
	return zstdDecode(dst, src, MaxDecodedSize)
}

// DecodeLimit decompresses src, failing when the result exceeds limit bytes.
func (z *Zstd) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	return zstdDecode(dst, src, limit)
}

// zstdDecode appends the content of the zstd frames of src to dst, or
// fails, before allocating, when it would exceed limit bytes. The output
// is sized from the frame headers: exactly when the frames record their
// content size (every one-shot encoder does), else from their blocks'
// bound, decoded into scratch space and copied.
func zstdDecode(dst, src []byte, limit int) ([]byte, error) {
	n, exact, err := izstd.DecodedSize(src)
	if err != nil {
		return dst, &DecodeError{Codec: ZstdName, Reason: err.Error()}
	}
	if exact && n > uint64(limit) {
		return dst, &DecodeError{Codec: ZstdName, Reason: fmt.Sprintf("decompresses to %d bytes, more than %d", n, limit)}
	}
	d := zstdDecoders.Get().(*izstd.Decoder)
	defer zstdDecoders.Put(d)
	if exact {
		out := slices.Grow(dst, int(n))
		m, err := d.DecodeInto(out[len(dst):len(dst)+int(n)], src)
		if err != nil {
			return dst, &DecodeError{Codec: ZstdName, Reason: err.Error()}
		}
		return out[:len(dst)+m], nil
	}
	// A bound over the limit may still hold content within it: decode
	// into limit+1 bytes to tell the two apart.
	tmp := make([]byte, min(n, uint64(limit)+1))
	m, err := d.DecodeInto(tmp, src)
	if err == nil && m > limit || errors.Is(err, izstd.ErrShortDst) {
		err = fmt.Errorf("decompresses to more than %d bytes", limit)
	}
	if err != nil {
		return dst, &DecodeError{Codec: ZstdName, Reason: err.Error()}
	}
	return append(dst, tmp[:m]...), nil
}
