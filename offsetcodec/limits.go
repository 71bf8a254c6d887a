package offsetcodec

// MaxDecodedSize is the largest chunk that Decode of the compressors of this
// package (blosc, blosc2, gzip, zlib, zstd, lz4) produces: 1 GiB. A few
// bytes of compressed input can stand for gigabytes, so a decoder of
// untrusted chunks needs a limit; a Zarr library that knows the decoded
// chunk size passes it to DecodeLimit instead.
const MaxDecodedSize = 1 << 30

// LimitDecoder is implemented by codecs whose output can be much larger than
// their input (the compressors). DecodeLimit fails, before allocating when
// the format records the size, rather than produce more than limit bytes.
type LimitDecoder interface {
	DecodeLimit(dst, src []byte, limit int) ([]byte, error)
}
