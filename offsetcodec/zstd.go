package offsetcodec

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
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

	once sync.Once
	enc  *zstd.Encoder
	err  error
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

// Encode appends src compressed as one zstd frame to dst.
func (z *Zstd) Encode(dst, src []byte) ([]byte, error) {
	z.once.Do(func() {
		level := z.level
		if level == 0 {
			level = 3
		}
		z.enc, z.err = zstd.NewWriter(nil,
			zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(level)),
			zstd.WithEncoderCRC(z.checksum),
			zstd.WithEncoderConcurrency(1),
			zstd.WithZeroFrames(true))
	})
	if z.err != nil {
		return dst, fmt.Errorf("%w: %v", ErrEncode, z.err)
	}
	return z.enc.EncodeAll(src, dst), nil
}

var (
	zstdDecOnce sync.Once
	zstdDec     *zstd.Decoder // DecodeAll stops at cap(dst)
	zstdAnyDec  *zstd.Decoder // DecodeAll grows dst up to MaxDecodedSize
	zstdDecErr  error
)

func initZstdDecoders() error {
	zstdDecOnce.Do(func() {
		zstdDec, zstdDecErr = zstd.NewReader(nil,
			zstd.WithDecoderMaxMemory(2*MaxDecodedSize),
			zstd.WithDecodeAllCapLimit(true))
		if zstdDecErr == nil {
			zstdAnyDec, zstdDecErr = zstd.NewReader(nil, zstd.WithDecoderMaxMemory(MaxDecodedSize))
		}
	})
	return zstdDecErr
}

// Decode appends the decompressed src to dst, at most MaxDecodedSize bytes.
func (z *Zstd) Decode(dst, src []byte) ([]byte, error) {
	if err := initZstdDecoders(); err != nil {
		return dst, err
	}
	out, err := zstdAnyDec.DecodeAll(src, dst)
	if err != nil {
		return dst, &DecodeError{Codec: ZstdName, Reason: err.Error()}
	}
	return out, nil
}

// DecodeLimit decompresses src, failing when the result exceeds limit bytes.
func (z *Zstd) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	if err := initZstdDecoders(); err != nil {
		return dst, err
	}
	// With the cap limit, DecodeAll stops at cap(out): give it room for
	// limit bytes and one more to tell an exact fit from an overflow.
	out := make([]byte, len(dst), len(dst)+limit+1)
	copy(out, dst)
	out, err := zstdDec.DecodeAll(src, out)
	if err != nil {
		return dst, &DecodeError{Codec: ZstdName, Reason: err.Error()}
	}
	if len(out)-len(dst) > limit {
		return dst, &DecodeError{Codec: ZstdName, Reason: fmt.Sprintf("decompresses to more than %d bytes", limit)}
	}
	return out, nil
}
