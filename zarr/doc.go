// Package zarr reads and writes Zarr v3 arrays and groups: just enough of the
// specification to store chunked N-dimensional arrays interoperably and to
// exercise the offset and pad codecs of package offsetcodec with real Zarr
// clients.
//
// Supported: zarr.json for arrays and groups (unknown members are accepted only
// with "must_understand": false); the regular chunk grid; the "default" and
// "v2" chunk key encodings; data types bool, int8..int64, uint8..uint64,
// float32 and float64 with the fill_value rules of the specification (JSON
// integers in range, booleans, floats as numbers, "NaN", "Infinity",
// "-Infinity" or "0x" hexadecimal bits); the codecs transpose (array ->
// array), bytes with either endianness (array -> bytes), and gzip, zstd,
// crc32c, blosc, offset and pad (bytes -> bytes), applied in the order of the
// specification, plus this module's non-standard blosc2 codec (see package
// offsetcodec; as zarr-python, a blosc codec without typesize or shuffle gets
// them from the data type, and the metadata records them); a file system store (FSStore) and an in-memory one
// (MemStore); reading and writing the whole array or any box-shaped region.
// Chunks missing from the store read as the fill value.
//
// Not supported: sharding, storage transformers, float16, complex and raw
// data types, other chunk grids. More bytes -> bytes codecs plug in with
// RegisterCodec.
//
// # Data layout
//
// ReadRegion and WriteRegion exchange little-endian elements in C order,
// whatever the byte order of the host or of the stored chunks; ReadValues and
// WriteValues convert to and from Go slices such as []uint16.
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
