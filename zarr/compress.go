package zarr

import "github.com/blosc2go/blosc2/offsetcodec"

// NewGzip returns the "gzip" codec with a compression level from 0 (stored)
// to 9. It is offsetcodec.NewGzip, kept here for convenience.
func NewGzip(level int) (offsetcodec.Codec, error) { return offsetcodec.NewGzip(level) }

// NewZstd returns the "zstd" codec. level is -131072..22 (0 means the zstd
// default, 3); checksum stores a content checksum in each frame. It is
// offsetcodec.NewZstd, kept here for convenience.
func NewZstd(level int, checksum bool) (offsetcodec.Codec, error) {
	return offsetcodec.NewZstd(level, checksum)
}

// NewCRC32C returns the "crc32c" codec (offsetcodec.NewCRC32C).
func NewCRC32C() offsetcodec.Codec { return offsetcodec.NewCRC32C() }
