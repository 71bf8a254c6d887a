package offsetcodec

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"sync"

	"github.com/blosc2go/blosc2/internal/lz4dec"
	"github.com/blosc2go/blosc2/internal/lz4enc"
)

// LZ4Name is the name of numcodecs' lz4 codec.
const LZ4Name = "lz4"

// LZ4 is numcodecs' "lz4" codec: each chunk is the uncompressed size as a
// 4-byte little-endian integer followed by one LZ4 block (not an LZ4 frame),
// as numcodecs.lz4 writes with LZ4_compress_fast. Its configuration is
// {"acceleration": 1} (1 or more; numcodecs' default 1). It is a Zarr v2
// compressor and, named "numcodecs.lz4", a Zarr v3 codec of numcodecs.zarr3.
// An LZ4 is safe for concurrent use.
type LZ4 struct{ acceleration int }

// LZ4Config is the configuration of the lz4 codec.
type LZ4Config struct {
	// Acceleration ("acceleration") trades ratio for speed: 1 (lz4's
	// default and numcodecs') or more.
	Acceleration int
}

// NewLZ4 checks c and returns the lz4 codec.
func NewLZ4(c LZ4Config) (*LZ4, error) {
	acceleration := c.Acceleration
	if acceleration < 1 || acceleration > lz4enc.MaxAcceleration {
		return nil, configErr(LZ4Name, "acceleration", "%d is out of range [1, %d]", acceleration, lz4enc.MaxAcceleration)
	}
	return &LZ4{acceleration: acceleration}, nil
}

func newLZ4FromConfig(conf json.RawMessage) (Codec, error) {
	c, err := ParseConfig(LZ4Name, conf, "acceleration")
	if err != nil {
		return nil, err
	}
	// numcodecs treats accelerations below 1 as 1, as lz4 does.
	a, err := c.Int("acceleration", 1, math.MinInt32, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	return NewLZ4(LZ4Config{Acceleration: int(max(1, min(a, lz4enc.MaxAcceleration)))})
}

// Config returns the codec's configuration.
func (l *LZ4) Config() LZ4Config { return LZ4Config{Acceleration: l.acceleration} }

// Name returns "lz4".
func (l *LZ4) Name() string { return LZ4Name }

// MarshalJSON returns {"name":"lz4","configuration":{"acceleration":...}}.
func (l *LZ4) MarshalJSON() ([]byte, error) {
	return marshalCodec(LZ4Name, []string{"acceleration"}, []any{l.acceleration})
}

var lz4Compressors = sync.Pool{New: func() any { return new(lz4enc.Compressor) }}

// Encode appends the 4-byte size and the LZ4 block of src to dst.
func (l *LZ4) Encode(dst, src []byte) ([]byte, error) {
	if len(src) > lz4enc.MaxInputSize {
		return dst, fmt.Errorf("%w: lz4: %d bytes, at most %d", ErrEncode, len(src), lz4enc.MaxInputSize)
	}
	n0 := len(dst)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(src)))
	bound := lz4enc.CompressBound(len(src))
	dst = append(dst, make([]byte, bound)...)
	c := lz4Compressors.Get().(*lz4enc.Compressor)
	n := c.Compress(dst[n0+4:], src, l.acceleration)
	lz4Compressors.Put(c)
	if n == 0 && len(src) > 0 {
		return dst[:n0], fmt.Errorf("%w: lz4 block did not fit its bound", ErrEncode)
	}
	return dst[:n0+4+n], nil
}

// Decode appends the decompressed src to dst, at most MaxDecodedSize bytes.
func (l *LZ4) Decode(dst, src []byte) ([]byte, error) {
	return l.DecodeLimit(dst, src, MaxDecodedSize)
}

// DecodeLimit decompresses src, failing before any allocation when its
// header records more than limit bytes.
func (l *LZ4) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	if len(src) < 4 {
		return dst, &DecodeError{Codec: LZ4Name, Offset: int64(len(src)), Reason: "shorter than its 4-byte size header"}
	}
	size := binary.LittleEndian.Uint32(src)
	if int64(size) > int64(limit) || int64(size) > math.MaxInt32 {
		return dst, &DecodeError{Codec: LZ4Name, Reason: fmt.Sprintf("header records %d bytes, at most %d expected", size, limit)}
	}
	n := int(size)
	if n == 0 {
		return dst, nil
	}
	// An LZ4 block expands its input at most 255 times.
	if int64(n) > 255*int64(len(src)-4)+16 {
		return dst, &DecodeError{Codec: LZ4Name, Reason: fmt.Sprintf("header records %d bytes, more than %d compressed bytes can hold", n, len(src)-4)}
	}
	n0 := len(dst)
	dst = append(dst, make([]byte, n)...)
	got, err := lz4dec.Decompress(dst[n0:], src[4:], nil)
	if err != nil {
		return dst[:n0], &DecodeError{Codec: LZ4Name, Offset: 4, Reason: err.Error()}
	}
	if got != n {
		return dst[:n0], &DecodeError{Codec: LZ4Name, Offset: 4, Reason: fmt.Sprintf("block holds %d bytes, header says %d", got, n)}
	}
	return dst, nil
}
