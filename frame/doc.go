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
// remote frame is read the same way.
//
// By default chunks are decoded one after the other (package blosc splits
// the blocks of a large chunk across goroutines). With Frame.SetWorkers(n)
// a read of many chunks decodes up to n at once, each into its place in
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
// Every size and offset read from a file is checked, in 64-bit arithmetic,
// against the file size and the other header fields before use: malformed
// input gives an error wrapping ErrCorrupt or ErrUnsupported (usually a
// *FormatError telling where), never a panic or an allocation the input
// cannot justify. Frames of a newer format version than MaxVersion are
// refused with ErrUnsupported.
//
// # Writing
//
// NewWriter streams a frame: chunks are appended (AppendChunk for chunks
// already compressed, AppendData to compress through Params.Compress,
// AppendSpecial for zero/NaN/uninitialized chunks) without knowing their
// number in advance, and Close writes the index and trailer and rewrites
// the header, whose fields match what C-Blosc2 writes for the same
// parameters. Any io.Writer will do: one that cannot seek back to the
// header (a pipe, a socket, a bytes.Buffer) gets the same bytes at Close,
// the chunks having waited in a temporary file. NewSparseWriter writes a sparse frame, NewArrayWriter and
// WriteArray a b2nd array. Edit changes an existing frame file (append,
// insert, update, delete or reorder chunks, change metalayers) by writing a
// new file next to it and renaming it into place.
package frame
