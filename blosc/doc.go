// Package blosc reads and writes Blosc chunks: the 16-byte-header chunks
// written by C-Blosc 1.x (and by numcodecs / Zarr's "blosc" codec) and the
// 32-byte extended-header chunks written by C-Blosc2 3.x, including VL-block
// chunks (format version 6), chunk-level special values and lazy chunks.
//
// The chunk format is described in
// https://github.com/Blosc/c-blosc2/blob/main/README_CHUNK_FORMAT.rst.
// Decoding follows C-Blosc2's reading of that format: every chunk C-Blosc2
// decodes gives the same bytes here.
//
// # API
//
// ReadHeader parses and checks a header without decoding. Decompress and
// DecompressInto decode a whole chunk; DecompressRange, DecompressItems,
// GetItems and DecompressBlock decode part of one, touching only the blocks
// that hold it. DecompressLazy and DecompressLazyRange decode lazy chunks
// (header, bstarts and a trailer, as C-Blosc2 builds them for chunks of
// frames on disk), reading block bytes through an io.ReaderAt. A Decoder
// (NewDecoder) holds the options: goroutines per chunk (WithWorkers) and the
// limit on the decoded size (WithMaxDecodedSize); the package-level
// functions use a default Decoder. A Decoder is safe for concurrent use and
// reuses its scratch buffers and codec state: in steady state a decode
// allocates nothing but its output.
//
// # Encoding
//
// Compress and a reusable Encoder (NewEncoder, safe for concurrent use) write
// chunks from Options, whose defaults (DefaultOptions) are python-blosc2's:
// Zstd at clevel 5, SHUFFLE in the last filter slot, split mode AUTO,
// typesize 8. FormatBlosc2 writes the 32-byte header chunk C-Blosc2 writes;
// FormatBlosc1 writes the 16-byte version-2 chunk that C-Blosc 1.x, numcodecs
// and Zarr's blosc codec read (options Blosc1 cannot express are an error).
// The encoder makes C-Blosc2's choices where they shape the output: the
// automatic blocksize, the split into streams, zero and run streams, the
// memcpy fallback when compression does not pay (the chunk would be larger
// than the input plus its header), and an all-zero input becoming a 32-byte
// zeros special chunk. BloscLZ, LZ4 and LZ4HC are C's algorithms
// (internal/blosclz, internal/lz4enc, internal/lz4hc) and give C-Blosc2's
// bytes; Zstd at every Clevel and Zlib at Clevel 2-9 are our own encoders
// (internal/zstd, internal/deflate) at the level C-Blosc2 passes, with
// C-Blosc2's sizes; Zlib at Clevel 1 comes from klauspost/compress (see
// Options.Clevel). AppendZeros, AppendNaNs,
// AppendRepeat and AppendUninit build special-value chunks.
//
// # Dictionaries
//
// Options.Dict stores a dictionary given by the caller in every chunk;
// Options.UseDict (C-Blosc2's use_dict) trains one from each chunk's own
// filtered data and stores it in that chunk (the 4-byte size and the bytes
// after the block starts, flag 0x01 of blosc2_flags), where every stream of
// the chunk may refer to it; C-Blosc2 and this package read both. Both need
// Zstd, LZ4 or LZ4HC and FormatBlosc2. UseDict follows C-Blosc2's bounds:
// nothing at clevel 0, below 32 bytes, or when the dictionary could not
// hold 256 bytes (at most min(32 KiB, nbytes/20); so no chunk below 5120
// bytes gets one), and samples of nbytes/n/16 bytes for n streams (at least
// 8). It differs from C-Blosc2 (blosc2_compress_ctx) on purpose:
//
//   - The samples are spread over the filtered chunk, one at the start of
//     each stream, where C takes them all from the chunk's first bytes (one
//     byte plane of the first block, for shuffled data).
//   - Zstd dictionaries are trained by our fast cover (internal/zstd's
//     TrainDict; C calls ZDICT_trainFromBuffer) and are raw content, not
//     zstd's dictionary format, of at most 4 times the stream size (our
//     encoder loads the dictionary for every stream: on 2 KiB blocks of
//     text an 8 KiB dictionary gives smaller chunks than 32 KiB, in a
//     third of the time); streams are compressed at the clevel's zstd
//     level (C compresses every stream with a dictionary at level 1,
//     ZSTD_createCDict(..., 1), whatever the clevel), by our encoder at
//     every clevel.
//   - LZ4 and LZ4HC dictionaries are pieces of the data from spread
//     training positions (C: the chunk's first min(32 KiB, nbytes/20)
//     bytes), without C's stray bytes: C writes the dictionary's size into
//     its output buffer, which its samples overlap, before copying them, so
//     its dictionary holds those 4 bytes at offset 4*nblocks (the corpus
//     chunk G_007 has 15000 there).
//   - A dictionary is kept only when it pays: a quarter of the samples is
//     held out, and a few streams spread over the chunk are compressed
//     with and without it (Zstd: their first 2x-the-dictionary bytes); the
//     saving, scaled to all streams, must exceed the dictionary's size by
//     a quarter. C-Blosc2 always stores its dictionary, which on the corpus
//     chunks it wrote with use_dict costs more than it saves: ours are
//     smaller there, with no dictionary. The judgement samples the chunk and
//     can be wrong by a little either way.
//
// Dictionaries pay for chunks of many small blocks of similar content
// (records, text in blocks of a few KiB), where a block has little history
// of its own. A dictionary costs time: the samples (a sixteenth of the
// chunk), the training (Zstd), the judgement (a few streams compressed
// twice), and, with Zstd, loading the dictionary into the match finder for
// every stream (C-Blosc2 digests it once per chunk), which makes Zstd with
// a dictionary on blocks of 2-8 KiB two to four times slower than without.
//
// Two C-Blosc2 quirks are not copied: an explicit blocksize is rounded down to
// a multiple of the typesize (C writes chunks it cannot decode otherwise),
// and DELTA's trailing bytes that do not form a whole element are stored
// unchanged (C leaves them unwritten).
//
// # Supported features
//
// Codecs: BloscLZ, LZ4, LZ4HC, Zlib and Zstd, with the dictionaries
// C-Blosc2 writes for LZ4, LZ4HC and Zstd; Snappy, which C-Blosc 1.x
// writes, is decoded but not written. Filters: SHUFFLE (with its
// filters_meta byte-group size), BITSHUFFLE, DELTA, TRUNC_PREC, BYTEDELTA
// (the fixed filter 35 and the buggy filter 34) and INT_TRUNC. Chunks that
// need a plugin codec (NDLZ, ZFP, J2K, ...), a plugin filter this package
// does not implement (NDCELL, NDMEAN, user filters) or an unknown format
// version give an error wrapping ErrUnsupported that names what is missing.
//
// # Decisions where C leaves a choice
//
//   - Uninitialized special chunks (SpecialUninit) decode as zeros: C-Blosc2
//     leaves the destination as it was.
//   - Bytes that some writers never encoded (the tail of a BYTEDELTA block
//     whose size is not a multiple of the typesize before C-Blosc2 3.3.2, and
//     with the buggy filter 34) are copied from the stored bytes rather than
//     left unwritten. Whole elements decode exactly.
//   - The buggy BYTEDELTA (34) is decoded as C-Blosc2's SIMD builds (x86
//     SSSE3, ARM NEON) wrote it: the running sum restarts after the last
//     whole group of 16 bytes of each stream. (Builds without SIMD wrote
//     streams without the restart; such data cannot be told apart.)
//   - Chunks of format version 2 (C-Blosc 1.x) follow C-Blosc 1.x's rules: a
//     block is split into streams only when typesize <= 16 and it holds at
//     least 128 elements (the rule from before the split flag existed), and
//     BITSHUFFLE leaves blocks whose element count is not a multiple of 8
//     untransposed. Later versions use C-Blosc2's rules.
//   - DELTA blocks other than block 0 are XORed with the decoded block 0, as
//     C-Blosc2 does when decoding serially; partial decodes decode block 0
//     first (C-Blosc2's getitem passes every block to the DELTA decoder as if
//     it were block 0).
//   - Lazy chunks passed to Decompress give ErrUnsupported: they need a
//     reader (DecompressLazy).
//   - An Encoder with several Workers stores the blocks of a chunk in block
//     order, so a chunk's bytes do not depend on the number of workers.
//     C-Blosc2's threads store each block where the output ends when it is
//     done, so its chunks vary from run to run; both orders read the same
//     (C-Blosc2 sorts the block starts where it needs block extents).
//
// # Hostile input
//
// Every size, offset and count read from a chunk is checked before use, with
// overflow-safe arithmetic, so malformed input gives an error wrapping
// ErrCorrupt (a *CorruptError with the offending offset), never a panic, an
// out-of-range access or an endless loop. The only allocation that can
// exceed the input's size is the output, nbytes bytes, after nbytes has been
// checked against the Decoder's limit (ErrTooLarge): a few bytes can
// legitimately decode to gigabytes (zero streams, special values), so
// callers that decode untrusted chunks should lower the limit with
// WithMaxDecodedSize.
package blosc

// Source layout (one file, one job):
//
//	format.go, header.go        chunk format constants; the header parser (ReadHeader, Header.Append)
//	codec.go, filter.go         Codec and Filter IDs; names.go: their names, Parse*, MarshalText
//	special*.go                 special-value chunks: SpecialValue, Append* (writing), FillSpecial
//	filter_*.go                 each filter, both directions (DELTA, BYTEDELTA, TRUNC_PREC/INT_TRUNC,
//	                            BITSHUFFLE; SHUFFLE is package shuffle)
//	fanout.go                   the goroutine fan-out and the per-goroutine state kept between calls
//	errors.go                   sentinel errors and the error types
//	decoder.go                  Decoder, every decoding entry point, the one internal path (decode)
//	decoder_options.go          DecoderOption, WithWorkers, WithMaxDecodedSize
//	decode_plan.go              checks a chunk's layout once per call: blocks, codec, filter steps,
//	                            dictionary, VL blocks
//	decode_source.go            where bytes come from: the chunk in memory or an io.ReaderAt (lazy)
//	decode_loop.go              the block loop: the blocks of a range, DELTA's block 0, the fan-out
//	decode_block.go             one block: its streams (runs, raw, codec), then its filters
//	decode_filters.go           the filter pipeline undone; decode_codecs.go: the codec dispatch
//	decode_zstd.go              Zstd streams (internal/zstd); lazy.go: the lazy-chunk trailer
//	options.go                  Options, Format, SplitMode and their checks
//	encode.go                   Encoder, Compress, the chunk's assembly and its block loop
//	encode_plan.go              blocksize and split choices (C-Blosc2's heuristics)
//	encode_block.go             one block: filters, then streams; encode_filters.go: the pipeline
//	encode_codecs.go            the codec dispatch; encode_zstd.go: Zstd streams
//	encode_bound.go             MaxOverhead, MaxCompressedLen
//	encode_dict.go              UseDict: the samples, the dictionary and whether it pays
