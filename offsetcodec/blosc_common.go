package offsetcodec

import (
	"errors"
	"fmt"
	"strings"

	"github.com/blosc2go/blosc2/blosc"
)

// ItemSizeResolver is implemented by codecs whose configuration may leave a
// setting to the array's data type, as the blosc codec does with typesize
// (the Zarr v3 blosc specification lets an implementation choose it from the
// data type, provided the chosen value is recorded in the metadata).
//
// A Zarr library calls ResolveItemSize once per array, with the size in bytes
// of one element of the array's data type, uses the returned codec for the
// chunks and writes the returned codec's metadata.
type ItemSizeResolver interface {
	// ResolveItemSize returns the codec with the settings left open filled
	// in for elements of itemSize bytes; it returns the receiver itself when
	// nothing was left open.
	ResolveItemSize(itemSize int) (Codec, error)
}

// MaxBloscDecodedSize is the largest chunk that Decode of the blosc and
// blosc2 codecs produces (1 GiB). A 32-byte chunk can legitimately stand for
// gigabytes of zeros, so a decoder of untrusted chunks needs a limit; a Zarr
// library that knows the decoded chunk size passes it to DecodeLimit instead.
const MaxBloscDecodedSize = 1 << 30

// bloscCnames maps the cname values of the blosc and blosc2 codecs to the
// compressors of package blosc. "snappy" is listed by the Zarr specification
// but is not implemented (C-Blosc2 removed it): it gets its own error.
var bloscCnames = map[string]blosc.Codec{
	"blosclz": blosc.BloscLZ,
	"lz4":     blosc.LZ4,
	"lz4hc":   blosc.LZ4HC,
	"zlib":    blosc.Zlib,
	"zstd":    blosc.Zstd,
}

// bloscCnameList is the list of supported cnames for error messages.
var bloscCnameList = []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"}

// parseCname checks a cname value.
func parseCname(codec, cname string) (blosc.Codec, error) {
	if c, ok := bloscCnames[cname]; ok {
		return c, nil
	}
	if cname == "snappy" {
		return 0, configErr(codec, "cname", "\"snappy\" is not supported by this implementation (use %s)",
			quotedList(bloscCnameList))
	}
	return 0, configErr(codec, "cname", "%q is not one of %s", clip(cname), quotedList(bloscCnameList))
}

func quotedList(list []string) string { return strings.Join(quoteAll(list), ", ") }

// bloscEncodeTypesize is the typesize written to a chunk for a configured
// typesize: as C-Blosc, sizes the header cannot record (over 255) compress
// as typesize 1.
func bloscEncodeTypesize(typesize int) int {
	if typesize < 1 || typesize > blosc.MaxTypesize {
		return 1
	}
	return typesize
}

// bloscDecodeLimit decodes the chunk src, failing before any allocation
// when the chunk says it holds more than limit bytes.
func bloscDecodeLimit(codec string, dst, src []byte, limit int) ([]byte, error) {
	h, err := blosc.ReadHeader(src)
	if err != nil {
		return dst, &bloscError{codec: codec, op: "decode", err: err}
	}
	if int64(h.Nbytes) > int64(limit) {
		return dst, &bloscError{codec: codec, op: "decode",
			err: fmt.Errorf("%w: chunk holds %d bytes, at most %d expected", blosc.ErrTooLarge, h.Nbytes, limit)}
	}
	out, err := blosc.Decompress(dst, src)
	if err != nil {
		return dst, &bloscError{codec: codec, op: "decode", err: err}
	}
	return out, nil
}

// bloscEncode compresses src with opts; ready false means the codec's
// typesize or shuffle was left to the array's data type and never resolved.
// It goes through blosc.Compress, whose cache shares one Encoder (and its
// codec state, tens of MB for zstd) between all codecs with the same options.
func bloscEncode(codec string, opts *blosc.Options, ready bool, dst, src []byte) ([]byte, error) {
	if !ready {
		return dst, &bloscError{codec: codec, op: "encode", err: errors.New(
			"typesize (or shuffle) is not set: set it in the configuration, or resolve it from the array's data type (ResolveItemSize)")}
	}
	out, err := blosc.Compress(dst, src, *opts)
	if err != nil {
		return dst, &bloscError{codec: codec, op: "encode", err: err}
	}
	return out, nil
}

// checkBloscOptions validates opts as an Encoder would.
func checkBloscOptions(codec string, opts *blosc.Options) error {
	if _, err := blosc.NewEncoder(*opts); err != nil {
		return configErr(codec, "", "%v", err)
	}
	return nil
}

// bloscError is an error of package blosc met by the blosc or blosc2 codec.
// A decode error wraps ErrCorrupt, an encode error ErrEncode; both also wrap
// the blosc error (blosc.ErrCorrupt, blosc.ErrUnsupported, ...).
type bloscError struct {
	codec string
	op    string // "decode" or "encode"
	err   error
}

func (e *bloscError) Error() string {
	if e.op == "decode" {
		return fmt.Sprintf("offsetcodec: codec %q: cannot decode chunk: %v", e.codec, e.err)
	}
	return fmt.Sprintf("offsetcodec: codec %q: cannot encode chunk: %v", e.codec, e.err)
}

// Unwrap returns ErrCorrupt (decoding) or ErrEncode (encoding), and the
// underlying error.
func (e *bloscError) Unwrap() []error {
	if e.op == "decode" {
		return []error{ErrCorrupt, e.err}
	}
	return []error{ErrEncode, e.err}
}
