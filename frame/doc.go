// Package frame reads and writes Blosc2 frames: contiguous frames
// (.b2frame), sparse frames (a directory of chunk files) and b2nd
// n-dimensional arrays (.b2nd), in the formats C-Blosc2 3.x writes.
//
// # Layout
//
// A contiguous frame is a msgpack header (magic "b2frame\0", sizes, codec
// and filter parameters, fixed metalayers), the chunks (Blosc2 chunks, see
// package blosc), an index chunk of int64 offsets relative to the end of
// the header (an offset with its top bit set stands for a chunk of zeros,
// NaNs or uninitialized bytes that takes no space), and a msgpack trailer
// (vlmetalayers, each stored as a Blosc2 chunk, the trailer length and a
// fingerprint). A sparse frame keeps header, index and trailer in
// chunks.b2frame and each chunk in its own %08X.chunk file; its index holds
// file numbers. A b2nd array is a frame with a "b2nd" metalayer giving the
// shape, chunk shape, block shape and NumPy dtype; each chunk holds a
// padded chunk laid out block by block.
//
// # Reading
//
// Open (any io.ReaderAt), OpenBytes and OpenFile read the header, the
// index and the trailer only. Chunk, ReadChunks and ReadAt then read just
// the bytes of the chunks they need, with one ReadAt for chunks adjacent in
// the file, and ReadAt decodes only the blocks holding the requested range.
// OpenArray interprets a frame as a b2nd Array whose ReadSlab decodes only
// the chunks, and within them the blocks, that intersect a hyper-slab.
// Package httpra supplies an io.ReaderAt over HTTP range requests, so a
// remote frame is read the same way, and package rangecache a bounded
// cache of the ranges read, for repeated and overlapping reads.
//
// On an io.ReaderAt (not in memory) a contiguous frame is opened with two
// reads, its head and everything after the chunks (index and trailer).
// A read that needs only some blocks of a chunk (ReadAt, ReadSlab) reads
// the chunk's header and block starts (kept for later reads of the same
// chunk), then only those blocks' streams: adjacent ranges with one
// ReadAt, independent ones in parallel (WithFetch). A point read of a
// remote array thus costs two round trips and one block, whatever the
// chunk size.
//
// By default chunks are decoded one after the other (package blosc splits
// the blocks of a large chunk across goroutines). With the open option
// WithWorkers(n) a read of many chunks decodes up to n at once, each into its place in
// the destination, while the next batch of chunks is read; a read of a few
// chunks shares each chunk's blocks among n goroutines.
//
// # Arrays as python-blosc2 users know them
//
// The typed functions convert between b2nd arrays and Go slices of an
// Element type (int8..int64, uint8..uint64, float32, float64, complex64,
// complex128, bool), in either byte order:
//
//	v, shape, err := frame.ReadArrayFile[float64]("temps.b2nd") // blosc2.open(p)[:]
//	a, err := frame.OpenArrayFile("temps.b2nd")
//	col, err := frame.Read[float64](a, frame.Span(10, 20), frame.Index(3)) // a[10:20, 3]
//	x, err := frame.At[float64](a, -1, 0)                                  // a[-1, 0]
//	err = frame.CreateArray("out.b2nd", data, []int64{365, 24}, nil)       // blosc2.asarray
//
// A region is one Range per dimension (Python's start:stop:step, negative
// indices from the end, End for an open stop); missing trailing ranges
// select whole dimensions. The Go type must match the dtype (ErrDtype
// otherwise); structured and string dtypes use the byte-level methods
// (ReadSlab, ReadRegion, ArrayWriter.Write). AutoShapes gives the chunk
// and block shapes python-blosc2 would choose. EditArray changes an array
// file: WriteRegion, Resize along any axis, Append along the first, each
// changed chunk recompressed with the file's own parameters, the file
// replaced at Commit. Frame.VLMeta and the SetVLMeta methods read and
// write vlmetalayer values as python-blosc2 stores them (msgpack). A
// python-blosc2 LazyExpr saved as .b2nd is recognized (Array.Lazy):
// reading its placeholder chunks fails with a *LazyError naming the
// expression and its operands.
//
// An ArrayWriter takes its shape, dtype and geometry once, at creation,
// and checks the dtype against the typesize (a NumPy typestring such as
// "<f8" is required; the typesize defaults to its item size). Its first
// error poisons it: Close returns that error, and a file or directory
// destination is replaced only when everything succeeded.
//
// A special chunk's index entry records no size: the frame's chunksize
// gives it. In a frame with variable chunk sizes (chunksize 0) C-Blosc2
// has no rule for it (its reader divides by zero); this package accepts
// one such entry, whose size is what the other chunks leave of the frame's
// uncompressed size, and refuses more than one, whose sizes cannot be told
// apart. Its own Writer stores special chunks of such frames as 32-byte
// chunks, which carry their size.
//
// # Verifying and recovering
//
// Verify (VerifyFile, VerifySparse, VerifyChunk) checks a whole file and
// lists every problem with its byte offset instead of stopping at the
// first: magic and version gates, the header fields against each other and
// the file size, the metalayers and vlmetalayers, the trailer, the index
// (offsets inside the chunk area, chunks not overlapping), every chunk
// header against the frame (sizes, typesize, block starts inside the
// chunk), the b2nd metalayer against the number of chunks, and then,
// unless StructureOnly, decodes every chunk, several at a time, one chunk
// per worker in memory. C-Blosc2 chunks carry no checksum: a changed byte
// inside a compressed stream, or a changed filter id or filter parameter
// in a chunk header (each chunk may have its own pipeline), can still
// decode, to other bytes; Verify reports everything else that changes the decoded
// bytes.
//
// Recover (RecoverFile) rebuilds a contiguous frame whose index or trailer
// is damaged or missing, or that was cut short: it scans the chunk area for
// chunks (valid header, sizes, block starts, a trial decode), uses the
// index when it is found intact, and writes a new frame with the original
// parameters and metalayers, reporting what was lost.
//
// # Versions
//
// Each versioned part has a major version, refused when newer with an
// error wrapping ErrUnsupported ("written by a newer version (N), this
// reader understands up to M", never ErrCorrupt), and may grow by minor
// changes that append entries to a msgpack array, read with the unknown
// entries ignored (Verify warns):
//
//	part            major (newest read)               minor
//	frame header    general_flags bits 0-3 (3)        header array beyond 14 entries
//	trailer         trailer version (1)               trailer array beyond 4 entries
//	b2nd metalayer  metalayer version (B2NDVersion)   metalayer array beyond 7 entries
//	chunk           header byte 0 (blosc.MaxVersion)  none: the header is binary
//
// Every size and offset read from a file is checked, in 64-bit arithmetic,
// against the file size and the other header fields before use: malformed
// input gives an error wrapping ErrCorrupt or ErrUnsupported (usually a
// *FormatError telling where), never a panic or an allocation the input
// cannot justify. Frames of a newer format version than MaxVersion are
// refused with ErrUnsupported (see Versions).
//
// # Writing
//
// NewWriter streams a frame: chunks are appended (AppendChunk for chunks
// already compressed, AppendData to compress with the frame's Params or
// the WithCompress option,
// AppendSpecial for zero/NaN/uninitialized chunks) without knowing their
// number in advance, and Close writes the index and trailer and rewrites
// the header, whose fields match what C-Blosc2 writes for the same
// parameters. Any io.Writer will do: one that cannot seek back to the
// header (a pipe, a socket, a bytes.Buffer) gets the same bytes at Close,
// the chunks having waited in a temporary file. NewSparseWriter writes a sparse frame, NewArrayWriter and
// WriteArray a b2nd array. Edit changes an existing frame file (append,
// insert, update, delete or reorder chunks, change metalayers): on a
// contiguous frame in place and crash-safe, at the cost of the change plus
// the index and trailer (see Editor); Compact reclaims the dead space.
//
// # Parameters and options
//
// What is written is given by value: Params, which embeds blosc.Options
// (the compression parameters of the chunks; DefaultParams gives
// python-blosc2's defaults) and adds what the frame header records
// besides. How a constructor behaves is given by functional options, one
// Option type for the package: WithDecoder, WithWorkers and WithFetch for
// Open, OpenBytes, OpenFile, OpenSparse and OpenArrayFile; WithCompress
// for the writers and Edit; WithLock and WithNoSync for Edit and
// EditArray.
//
// # Concurrency
//
// A Frame and an Array are safe for use by many goroutines reading at
// once (except Frame.Refresh, which must not run concurrently with
// reads). Writers and Editors are for one goroutine
// at a time. Across processes, one Editor (or C-Blosc2 writer) and many
// readers may share a file: readers see a consistent snapshot and
// Frame.Refresh shows later commits; C-Blosc2's .b2lock sidecar lock is
// taken when in use (see LockMode).
package frame
