// Package offsetcodec implements the bytes-to-bytes codecs of this module
// for Zarr: the Zarr v3 "offset", "pad", "blosc", "gzip", "zstd" and "crc32c"
// codecs, this module's "blosc2" codec (which also reads ocf_blosc2's
// configuration), the numcodecs codecs blosc, zstd, zlib, gzip, lz4, delta,
// shuffle and crc32c under their numcodecs.zarr3 names ("numcodecs.blosc",
// ...) and as Zarr v2 compressors and filters ([Numcodecs]), a small codec
// interface any Go Zarr library can adopt, and the one registry that builds
// codecs from their Zarr metadata JSON, shared with the zarr package.
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
// block), give a Go function with the option [WithHeaderFunc] to [NewOffset]
// or [NewPad]: it computes the header of each chunk at encode time
// while the metadata keeps only offset (or location and nbytes). Decoding never
// needs the function.
//
// # The blosc codecs
//
// "blosc" is the core Zarr v3 codec (zarr-specs codecs/blosc v1.0):
//
//	{"name": "blosc", "configuration": {"cname": "lz4", "clevel": 1,
//	  "shuffle": "shuffle", "typesize": 4, "blocksize": 0}}
//
// cname is "lz4", "lz4hc", "blosclz", "zstd", "zlib" or "snappy" (the names
// of package blosc; Snappy chunks, which zarrita and C-Blosc 1.x write,
// decode, but encoding with "snappy" is an error wrapping ErrEncode and
// blosc.ErrUnsupported, as C-Blosc2 no longer writes it); clevel
// 0..9; shuffle "noshuffle", "shuffle" or "bitshuffle"; typesize a positive
// integer; blocksize 0 (automatic) or a size in bytes. Missing cname, clevel
// and blocksize default to zstd, 5 and 0, as in zarr-python. The
// specification requires typesize unless shuffle is "noshuffle" but lets an
// implementation choose it from the data type and record it: a codec whose
// shuffle or typesize is missing implements [ItemSizeResolver], and the
// companion zarr package fills them in from the array's data type as
// zarr-python does (bitshuffle for one-byte types, shuffle otherwise), then
// writes them to zarr.json. Encoding writes Blosc1-format chunks (16-byte
// header, format version 2), the format C-Blosc 1.x, numcodecs, zarr-python
// and numcodecs.js (zarrita) read; decoding accepts Blosc1 and Blosc2 chunks.
//
// "blosc2" is not (yet) a standard Zarr codec: its name and configuration
// are defined here, and other Zarr implementations do not read it. It writes
// Blosc2-format chunks (32-byte header) with C-Blosc2's filter pipeline:
//
//	{"name": "blosc2", "configuration": {"cname": "zstd", "clevel": 5,
//	  "typesize": 4, "filters": [{"id": "trunc_prec", "meta": 10}, {"id": "shuffle"}],
//	  "blocksize": 0, "splitmode": "auto"}}
//
// filters lists up to six filters applied in order ("shuffle",
// "bitshuffle", "delta", "trunc_prec", "bytedelta", "int_trunc", each with
// an optional integer "meta"); splitmode is "always", "never", "auto" or
// "forward_compat". Defaults: zstd, 5, [{"id": "shuffle"}], 0 and "auto"
// (python-blosc2's); typesize (1..255) comes from the data type when absent.
// See [Blosc2Config] for the meaning of each meta.
//
// ocf_blosc2 (Open Climate Fix's numcodecs codec, id "blosc2") writes
// {"cname": "zstd" | "blosc2", "clevel": 5}, each chunk one blosc2.compress
// chunk: a configuration with only those keys is read as ocf_blosc2's, cname
// "blosc2" meaning BloscLZ, and is written back in the same form (see
// [Blosc2]).
//
// The compressors decode with a limit: DecodeLimit refuses a chunk that
// claims more than the expected size before allocating, and Decode caps
// chunks at [MaxDecodedSize].
//
// # numcodecs
//
// numcodecs.zarr3 names its codecs "numcodecs." and the numcodecs id, with
// the numcodecs configuration (without "id"); Zarr v2 lists the same
// configurations with their "id". [NewNumcodecs], [ParseNumcodecs] and the
// registry build a [Numcodecs] from either form; the work is done by
// [Blosc], [Blosc2], [Zstd], [Zlib], [Gzip], [LZ4] (numcodecs' format: a
// 4-byte little-endian size and an LZ4 block), [Delta], [Shuffle] or
// [CRC32C]. The configuration is kept as given, so the metadata written back
// is the metadata read.
//
// # Building codecs, and adding your own
//
// Each codec is built from its configuration struct, used as a value and
// mirroring its JSON "configuration" ([OffsetConfig], [PadConfig],
// [BloscConfig], [Blosc2Config], [ZstdConfig], [GzipConfig], [ZlibConfig],
// [LZ4Config], [DeltaConfig], [ShuffleConfig]); behaviour that is not
// written to the metadata is a functional option ([WithHeaderFunc]):
//
//	z, err := offsetcodec.NewZstd(offsetcodec.ZstdConfig{Level: 5, Checksum: true})
//	o, err := offsetcodec.NewOffset(offsetcodec.OffsetConfig{Offset: 4}, offsetcodec.WithHeaderFunc(fn))
//
// The codec's Config method returns the struct back. From metadata, [New]
// (or a [Registry]) builds any codec by name. This package owns the one
// registry of bytes -> bytes codecs: a codec added once with [Register] is
// known to [New] and to package zarr, which opens Zarr v3 arrays naming it;
// registered as "numcodecs.<id>", it is also the Zarr v2 compressor or filter
// {"id": "<id>", ...} (see [NewNumcodecs]).
//
// # Plugging the codecs into a Go Zarr library
//
// A library whose bytes-to-bytes codecs have the shape of [Codec] (append the
// result to dst, report the Zarr name, marshal {"name", "configuration"})
// registers the two factories, or uses a [Registry] directly:
//
//	reg := offsetcodec.NewRegistry() // knows every codec of this package
//	reg.Register("my.codec", myFactory)
//	c, err := reg.New([]byte(`{"name":"offset","configuration":{"offset":12}}`))
//	stored, err := c.Encode(nil, compressed)
//	compressed, err = c.Decode(nil, stored)
//
// Libraries with their own codec interface wrap a [Codec] in a few lines: the
// codec kind is always bytes -> bytes, and the encoded size of a chunk of n
// bytes is n + offset (see [Sizer]). The companion package zarr of this module
// does exactly that, and the package example "goZarr" adapts the codecs to
// the BytesBytes interface of mentatxx/go-zarr.
//
// # Errors
//
// Invalid configurations return an error wrapping [ErrInvalidConfig] (a
// *[ConfigError] naming the codec, the key and the reason); a stored chunk that
// cannot be decoded returns an error wrapping [ErrCorrupt] (a *[DecodeError],
// or for the blosc codecs an error that also wraps the error of package blosc,
// such as blosc.ErrUnsupported or blosc.ErrTooLarge).
// No input makes the codecs panic or allocate more than the input justifies.
package offsetcodec
