package zarr

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/blosc2go/blosc2/offsetcodec"
)

const (
	gzipName   = "gzip"
	zstdName   = "zstd"
	crc32cName = "crc32c"
)

// gzipCodec is the "gzip" bytes -> bytes codec (RFC 1952).
type gzipCodec struct{ level int }

// NewGzip returns the "gzip" codec with a compression level from 0 (stored)
// to 9.
func NewGzip(level int) (offsetcodec.Codec, error) {
	if level < 0 || level > 9 {
		return nil, &offsetcodec.ConfigError{Codec: gzipName, Key: "level", Reason: fmt.Sprintf("%d is out of range [0, 9]", level)}
	}
	return &gzipCodec{level: level}, nil
}

func newGzipFromConfig(conf json.RawMessage) (offsetcodec.Codec, error) {
	c, err := offsetcodec.ParseConfig(gzipName, conf, "level")
	if err != nil {
		return nil, err
	}
	// The proposal's examples write {"name": "gzip"}; zarr-python's default
	// level is 5.
	level, err := c.Int("level", 5, 0, 9)
	if err != nil {
		return nil, err
	}
	return NewGzip(int(level))
}

func (g *gzipCodec) Name() string { return gzipName }

func (g *gzipCodec) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"name":"gzip","configuration":{"level":%d}}`, g.level)), nil
}

func (g *gzipCodec) Encode(dst, src []byte) ([]byte, error) {
	buf := bytes.NewBuffer(dst)
	w, err := gzip.NewWriterLevel(buf, g.level)
	if err != nil {
		return dst, err
	}
	if _, err := w.Write(src); err != nil {
		return dst, err
	}
	if err := w.Close(); err != nil {
		return dst, err
	}
	return buf.Bytes(), nil
}

func (g *gzipCodec) Decode(dst, src []byte) ([]byte, error) {
	return g.DecodeLimit(dst, src, maxChunkBytes)
}

// DecodeLimit decompresses src, failing when the result exceeds limit bytes.
func (g *gzipCodec) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(src))
	if err != nil {
		return dst, &offsetcodec.DecodeError{Codec: gzipName, Reason: err.Error()}
	}
	buf := bytes.NewBuffer(dst)
	n, err := io.Copy(buf, io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return dst, &offsetcodec.DecodeError{Codec: gzipName, Reason: err.Error()}
	}
	if n > int64(limit) {
		return dst, &offsetcodec.DecodeError{Codec: gzipName, Reason: fmt.Sprintf("decompresses to more than %d bytes", limit)}
	}
	return buf.Bytes(), nil
}

// zstdCodec is the "zstd" bytes -> bytes codec (RFC 8878).
type zstdCodec struct {
	level    int
	checksum bool

	once sync.Once
	enc  *zstd.Encoder
	err  error
}

// NewZstd returns the "zstd" codec. level is -131072..22 (0 means the zstd
// default, 3); checksum stores a content checksum in each frame.
func NewZstd(level int, checksum bool) (offsetcodec.Codec, error) {
	if level < -131072 || level > 22 {
		return nil, &offsetcodec.ConfigError{Codec: zstdName, Key: "level", Reason: fmt.Sprintf("%d is out of range [-131072, 22]", level)}
	}
	return &zstdCodec{level: level, checksum: checksum}, nil
}

func newZstdFromConfig(conf json.RawMessage) (offsetcodec.Codec, error) {
	c, err := offsetcodec.ParseConfig(zstdName, conf, "level", "checksum")
	if err != nil {
		return nil, err
	}
	level, err := c.Int("level", 0, -131072, 22)
	if err != nil {
		return nil, err
	}
	checksum, err := c.Bool("checksum", false)
	if err != nil {
		return nil, err
	}
	return NewZstd(int(level), checksum)
}

func (z *zstdCodec) Name() string { return zstdName }

func (z *zstdCodec) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"name":"zstd","configuration":{"level":%d,"checksum":%t}}`, z.level, z.checksum)), nil
}

func (z *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
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
		return dst, z.err
	}
	return z.enc.EncodeAll(src, dst), nil
}

var (
	zstdDecOnce sync.Once
	zstdDec     *zstd.Decoder // DecodeAll stops at cap(dst)
	zstdAnyDec  *zstd.Decoder // DecodeAll grows dst up to maxChunkBytes
	zstdDecErr  error
)

func initZstdDecoders() {
	zstdDecOnce.Do(func() {
		zstdDec, zstdDecErr = zstd.NewReader(nil,
			zstd.WithDecoderMaxMemory(2*maxChunkBytes),
			zstd.WithDecodeAllCapLimit(true))
		if zstdDecErr == nil {
			zstdAnyDec, zstdDecErr = zstd.NewReader(nil, zstd.WithDecoderMaxMemory(maxChunkBytes))
		}
	})
}

// Decode decompresses src; the result may be up to maxChunkBytes long.
func (z *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	initZstdDecoders()
	if zstdDecErr != nil {
		return dst, zstdDecErr
	}
	out, err := zstdAnyDec.DecodeAll(src, dst)
	if err != nil {
		return dst, &offsetcodec.DecodeError{Codec: zstdName, Reason: err.Error()}
	}
	return out, nil
}

// DecodeLimit decompresses src, failing when the result exceeds limit bytes.
func (z *zstdCodec) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	initZstdDecoders()
	if zstdDecErr != nil {
		return dst, zstdDecErr
	}
	// With the cap limit, DecodeAll stops at cap(out): give it room for
	// limit bytes and one more to tell an exact fit from an overflow.
	out := make([]byte, len(dst), len(dst)+limit+1)
	copy(out, dst)
	out, err := zstdDec.DecodeAll(src, out)
	if err != nil {
		return dst, &offsetcodec.DecodeError{Codec: zstdName, Reason: err.Error()}
	}
	if len(out)-len(dst) > limit {
		return dst, &offsetcodec.DecodeError{Codec: zstdName, Reason: fmt.Sprintf("decompresses to more than %d bytes", limit)}
	}
	return out, nil
}

// crc32cCodec is the "crc32c" bytes -> bytes codec: the input followed by
// its CRC32C, little-endian.
type crc32cCodec struct{}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// NewCRC32C returns the "crc32c" codec.
func NewCRC32C() offsetcodec.Codec { return crc32cCodec{} }

func newCRC32CFromConfig(conf json.RawMessage) (offsetcodec.Codec, error) {
	if _, err := offsetcodec.ParseConfig(crc32cName, conf); err != nil {
		return nil, err
	}
	return crc32cCodec{}, nil
}

func (crc32cCodec) Name() string                 { return crc32cName }
func (crc32cCodec) MarshalJSON() ([]byte, error) { return []byte(`{"name":"crc32c"}`), nil }
func (crc32cCodec) EncodedSize(n int64) int64    { return n + 4 }

func (crc32cCodec) Encode(dst, src []byte) ([]byte, error) {
	dst = append(dst, src...)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(src, castagnoli)), nil
}

func (crc32cCodec) Decode(dst, src []byte) ([]byte, error) {
	if len(src) < 4 {
		return dst, &offsetcodec.DecodeError{Codec: crc32cName, Offset: int64(len(src)), Reason: "shorter than its 4-byte checksum"}
	}
	n := len(src) - 4
	if got, want := crc32.Checksum(src[:n], castagnoli), binary.LittleEndian.Uint32(src[n:]); got != want {
		return dst, &offsetcodec.DecodeError{Codec: crc32cName, Offset: int64(n),
			Reason: fmt.Sprintf("checksum mismatch: stored %08x, computed %08x", want, got)}
	}
	return append(dst, src[:n]...), nil
}
