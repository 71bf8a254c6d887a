package offsetcodec

import (
	"errors"
	"fmt"
	"sort"
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

// parseCname reads a cname value with package blosc's names: a codec that
// package blosc decodes ("blosclz", "lz4", "lz4hc", "snappy", "zlib",
// "zstd"), spelled as blosc.Codec.String spells it. Snappy, which the Zarr
// specification lists, decodes; encoding with it is an error (see
// bloscEncode).
func parseCname(codec, cname string) (blosc.Codec, error) {
	c, err := blosc.ParseCodec(cname)
	if err != nil || c.String() != cname || !c.Builtin() {
		return 0, configErr(codec, "cname", "%q is not one of %s", clip(cname), quotedList(bloscCnames()))
	}
	return c, nil
}

// bloscCnames lists, for error messages, the cnames parseCname accepts.
func bloscCnames() []string {
	var names []string
	for i := 0; i < 256; i++ {
		if c := blosc.Codec(i); c.Builtin() {
			names = append(names, c.String())
		}
	}
	sort.Strings(names)
	return names
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
// typesize or shuffle was left to the array's data type and never resolved,
// and encErr is why the options cannot encode although they decode (cname
// "snappy"). It goes through blosc.Compress, whose cache shares one Encoder
// (and its codec state, tens of MB for zstd) between all codecs with the
// same options.
func bloscEncode(codec string, opts *blosc.Options, ready bool, encErr error, dst, src []byte) ([]byte, error) {
	if !ready {
		return dst, &bloscError{codec: codec, op: "encode", err: errors.New(
			"typesize (or shuffle) is not set: set it in the configuration, or resolve it from the array's data type (ResolveItemSize)")}
	}
	if encErr != nil {
		return dst, &bloscError{codec: codec, op: "encode", err: encErr}
	}
	out, err := blosc.Compress(dst, src, *opts)
	if err != nil {
		return dst, &bloscError{codec: codec, op: "encode", err: err}
	}
	return out, nil
}

// checkBloscOptions validates opts as an Encoder would. Options that package
// blosc decodes but does not write (Codec Snappy) are a valid configuration:
// their error is returned as encErr, for Encode to report.
func checkBloscOptions(codec string, opts *blosc.Options) (encErr, err error) {
	if _, err := blosc.NewEncoder(*opts); err != nil {
		if errors.Is(err, blosc.ErrUnsupported) {
			return err, nil
		}
		return nil, configErr(codec, "", "%v", err)
	}
	return nil, nil
}
