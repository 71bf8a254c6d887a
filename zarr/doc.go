// Package zarr reads and writes Zarr v3 and Zarr v2 arrays and groups with
// the codecs of this module: enough of the specifications to open the data
// others write (zarr-python, zarrita, numcodecs, ocf_blosc2) and to write
// data they read.
//
// Zarr v3: zarr.json for arrays and groups (unknown members are accepted
// only with "must_understand": false); the regular chunk grid; the "default"
// and "v2" chunk key encodings; data types bool, int8..int64, uint8..uint64,
// float32 and float64 with the fill_value rules of the specification (JSON
// integers in range, booleans, floats as numbers, "NaN", "Infinity",
// "-Infinity" or "0x" hexadecimal bits); the codecs transpose (array ->
// array), bytes with either endianness and sharding_indexed (array ->
// bytes), and gzip, zstd, crc32c, blosc, offset and pad (bytes -> bytes),
// applied in the order of the specification, plus this module's blosc2 codec
// (which also reads ocf_blosc2's configuration) and numcodecs.zarr3's
// numcodecs.* codecs (see package offsetcodec; as zarr-python, a blosc codec
// without typesize or shuffle gets them from the data type, and the
// metadata records them).
//
// Zarr v2 (CreateArrayV2, OpenArrayV2, or OpenArray when there is no
// zarr.json): .zarray, .zattrs and .zgroup; dimension_separator "." or "/";
// C and F order; big- and little-endian NumPy types of the data types above;
// fill_value null, numbers, booleans, "NaN", "Infinity" and "-Infinity";
// the numcodecs compressors blosc (Blosc1 chunks, by package blosc), zstd,
// zlib, gzip, lz4 and ocf_blosc2's blosc2, and the filters delta and shuffle.
//
// Sharding (ShardingIndexed): inner chunk shape, inner codecs, index codecs
// (bytes and crc32c, or any of fixed size), the index at the start or the
// end, empty inner chunks. Reading a region from a RangeStore (MemStore,
// FSStore and the read-only HTTPStore are) reads only the shard indexes and
// the inner chunks the region needs; other stores give whole shards. Writing
// rewrites whole shards and leaves out inner chunks of fill values.
//
// Stores: a file system store (FSStore) and an in-memory one (MemStore);
// reading and writing the whole array or any box-shaped region. Chunks
// missing from the store read as the fill value.
//
// Not supported: nested sharding, codecs around a sharding_indexed codec,
// storage transformers, float16, complex, string, raw and structured data
// types (so neither the base64 fill values of v2 byte strings), other chunk
// grids. More bytes -> bytes codecs plug in with offsetcodec.Register,
// whose registry this package parses metadata with (Zarr v2 finds a codec
// registered as "numcodecs.<id>" by its id).
//
// # Data layout
//
// ReadRegion and WriteRegion exchange little-endian elements in C order,
// whatever the byte order of the host or of the stored chunks; ReadValues and
// WriteValues convert to and from Go slices such as []uint16. A region is a
// box given by start and stop per dimension, start[d] <= i < stop[d], as in
// C-Blosc2, python-blosc2 and package frame.
//
// Codecs are values of package offsetcodec, built from their configuration
// struct (offsetcodec.NewZstd(offsetcodec.ZstdConfig{Level: 5})); stores and
// codecs take behaviour as functional options (NewHTTPStore(url,
// WithHTTPClient(c), WithContext(ctx))).
//
// # The offset codec in practice
//
// The proposal's Example 1 (a valid TIFF per chunk) works as written:
// codecs bytes(little) + offset(110, prefix). Its Example 2 lists only gzip
// and offset; a Zarr v3 codec list needs an array -> bytes codec, so the
// working list is bytes + gzip + offset. Its Example 3 (reading an N5
// dataset) needs one more codec the proposal omits: N5 stores blocks in
// Fortran order, so with shape and chunk_shape copied from the N5 attributes
// (and "v2" keys with separator "/"), the codecs must be
// transpose(order [n-1, ..., 0]) + bytes(big) + the compressor +
// offset(4 + 4n). Without the transpose each chunk reads transposed. The
// tests read an N5 dataset written by zarr-python's N5Store this way.
package zarr
