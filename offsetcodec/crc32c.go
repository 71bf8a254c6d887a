package offsetcodec

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
)

// CRC32CName is the Zarr v3 name of the crc32c codec.
const CRC32CName = "crc32c"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// CRC32C is the Zarr v3 "crc32c" codec: the input followed by its CRC32C,
// little-endian. It takes no configuration. (numcodecs' "crc32c", named
// "numcodecs.crc32c" in Zarr v3, also takes a "location": "start" or "end";
// see NewNumcodecs.)
type CRC32C struct {
	start bool // checksum in front (numcodecs' location "start")
}

// NewCRC32C returns the crc32c codec.
func NewCRC32C() *CRC32C { return &CRC32C{} }

func newCRC32CFromConfig(conf json.RawMessage) (Codec, error) {
	if _, err := ParseConfig(CRC32CName, conf); err != nil {
		return nil, err
	}
	return NewCRC32C(), nil
}

// Name returns "crc32c".
func (c *CRC32C) Name() string { return CRC32CName }

// MarshalJSON returns {"name":"crc32c"}.
func (c *CRC32C) MarshalJSON() ([]byte, error) { return []byte(`{"name":"crc32c"}`), nil }

// EncodedSize returns n + 4.
func (c *CRC32C) EncodedSize(n int64) int64 { return n + 4 }

// Encode appends src and its checksum to dst.
func (c *CRC32C) Encode(dst, src []byte) ([]byte, error) {
	sum := crc32.Checksum(src, castagnoli)
	if c.start {
		dst = binary.LittleEndian.AppendUint32(dst, sum)
		return append(dst, src...), nil
	}
	dst = append(dst, src...)
	return binary.LittleEndian.AppendUint32(dst, sum), nil
}

// Decode checks the checksum and appends the data to dst.
func (c *CRC32C) Decode(dst, src []byte) ([]byte, error) {
	if len(src) < 4 {
		return dst, &DecodeError{Codec: CRC32CName, Offset: int64(len(src)), Reason: "shorter than its 4-byte checksum"}
	}
	data, sum, at := src[:len(src)-4], src[len(src)-4:], len(src)-4
	if c.start {
		data, sum, at = src[4:], src[:4], 0
	}
	if got, want := crc32.Checksum(data, castagnoli), binary.LittleEndian.Uint32(sum); got != want {
		return dst, &DecodeError{Codec: CRC32CName, Offset: int64(at),
			Reason: fmt.Sprintf("checksum mismatch: stored %08x, computed %08x", want, got)}
	}
	return append(dst, data...), nil
}
