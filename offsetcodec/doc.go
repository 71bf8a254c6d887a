// Package offsetcodec implements the Zarr v3 "offset" and "pad" bytes-to-bytes
// codecs, a small codec interface any Go Zarr library can adopt, and a
// registry that builds codecs from their Zarr metadata JSON.
//
// # The codecs
//
// "offset" (proposal 0.1.0, zarr-extensions codecs/offset) handles a
// fixed-size header in front of every stored chunk:
//
//	{"name": "offset", "configuration": {"offset": 12, "prefix": "AAAAAgAAAEAAAABA"}}
//
// On encode it prepends prefix (offset zero bytes when prefix is absent); on
// decode it drops the first offset bytes. A stored chunk shorter than offset
// is an error.
//
// "pad" (proposal 0.1.0, zarr-extensions codecs/pad) is the later form of the
// same idea, with padding at either end:
//
//	{"name": "pad", "configuration": {"location": "end", "nbytes": 4, "padding": "3q2+7w=="}}
//
// Both keep the JSON static. When a header depends on the encoded data (the
// byte count of a compressed TIFF strip, the element count of a varlength N5
// block), set a Go function with [Offset.SetPrefixFunc] or
// [Pad.SetPaddingFunc]: it computes the header of each chunk at encode time
// while the metadata keeps only offset (or location and nbytes). Decoding never
// needs the function.
//
// # Plugging the codecs into a Go Zarr library
//
// A library whose bytes-to-bytes codecs have the shape of [Codec] (append the
// result to dst, report the Zarr name, marshal {"name", "configuration"})
// registers the two factories, or uses a [Registry] directly:
//
//	reg := offsetcodec.NewRegistry() // knows "offset" and "pad"
//	reg.Register("gzip", myGzipFactory)
//	c, err := reg.New([]byte(`{"name":"offset","configuration":{"offset":12}}`))
//	stored, err := c.Encode(nil, compressed)
//	compressed, err = c.Decode(nil, stored)
//
// Libraries with their own codec interface wrap a [Codec] in a few lines: the
// codec kind is always bytes -> bytes, and the encoded size of a chunk of n
// bytes is n + offset (see [Sizer]). The companion package zarr of this module
// does exactly that.
//
// # Errors
//
// Invalid configurations return an error wrapping [ErrInvalidConfig] (a
// *[ConfigError] naming the codec, the key and the reason); a stored chunk that
// cannot be decoded returns an error wrapping [ErrCorrupt] (a *[DecodeError]).
// No input makes the codecs panic or allocate more than the input justifies.
package offsetcodec
