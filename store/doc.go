// Package store reads and writes python-blosc2's stores: EmbedStore
// (.b2e), DictStore and TreeStore as a directory (.b2d) or a zip (.b2z).
//
// # Format
//
// The layout below is python-blosc2's (src/blosc2/embed_store.py,
// dict_store.py, tree_store.py, batch_array.py, msgpack_utils.py and
// schunk.py in https://github.com/Blosc/python-blosc2; 4.x); the frames
// themselves are C-Blosc2's contiguous frames
// (https://github.com/Blosc/c-blosc2/blob/main/README_CFRAME_FORMAT.rst).
//
// An embed store is one contiguous frame of typesize 1 (a super-chunk of
// 8 KiB chunks) with a fixed metalayer telling the class that wrote it —
// "b2embed" (EmbedStore), "b2dict" (DictStore) or "b2tree" (TreeStore),
// each msgpack {"version": 1} — and a vlmetalayer "estore_metadata":
// msgpack {"embed_map": {key: {"offset": o, "length": n} or {"urlbase": u,
// "path": p}}, "current_offset": end}. The frame's decoded byte stream
// holds the members one after another, each a complete frame (python's
// to_cframe(): a b2nd array, a super-chunk, a BatchArray...) at [o, o+n).
// A {"urlbase", "path"} entry is a C2Array: a reference to an array on a
// Caterva2 server, with no bytes. Deleting a key drops it from the map and
// leaves its bytes in the stream; adding appends at current_offset.
//
// A .b2d directory holds embed.b2e (flavor "b2dict" or "b2tree") and the
// external leaves: key /dir/x is dir/x.b2nd for a b2nd array, dir/x.b2f
// for a super-chunk, dir/x.b2b for a BatchArray. DictStore puts a value
// in embed.b2e when its uncompressed size is below the store's threshold
// (default 0: everything goes external) and a C2Array always there; an
// external leaf wins over an embedded member of the same key. A .b2z is
// that directory in a zip whose members are all STORED, the leaves
// largest first and embed.b2e last; python-blosc2 reads each member in
// place, at the data offset its local header gives.
//
// A TreeStore is a DictStore whose keys form a tree: a key holding data
// has no children. Its per-subtree metadata lives in super-chunks under
// keys ending in "/__vlmeta__", which it hides (so does Keys here); CTable
// objects are subtrees with a "_meta" member, registered in the embed
// store's vlmetalayer "_object_registry" (listed here as their raw keys).
//
// A BatchArray is a super-chunk with the metalayer "batcharray" (msgpack
// {"version", "serializer", "items_per_block", "arrow_schema"}) whose
// every chunk is one batch: a VL-block chunk (Blosc2 chunk format 6)
// whose blocks are msgpack arrays of items. Items use python-blosc2's
// msgpack extensions: 42 for a Blosc2 object as a cframe (CFrame), 43 for
// a structured reference (Reference); tuples are arrays tagged
// "__tuple__". The vlmetalayer "_batch_array_metadata" records the batch
// lengths.
//
// Persisted computations are b2nd carriers: the metalayer "b2o" ({"kind":
// "lazyexpr" | "lazyudf" | "c2array", "version": 1}) or, before it, the
// metalayer "LazyArray" (0 an expression, 1 a UDF). This package reports
// them by kind and refuses to open them (ErrUnsupported): their values
// exist only once evaluated.
//
// # Reading
//
// Open, OpenReaderAt and OpenFS tell the form from the content (a
// directory, a zip, a frame), read the zip's central directory and the
// embed store's header, index, trailer and key map, and nothing else.
// Stat, Entries and the Open methods read a member when asked: OpenFrame
// and OpenArray return package frame's types reading the member where it
// lies (a window of the .b2z, the leaf file, or a window of the embed
// store's decoded stream, decoding only the embed store chunks a read
// touches), so a store served over HTTP range requests (frame/httpra) is
// read a member at a time.
//
// Every offset and size read from a store is checked before use: a zip
// member outside the archive or overlapping another, a compressed or
// encrypted member, a member name or key with a ".." segment, an absolute
// path or a backslash, two leaves for one key, an embed_map window
// outside the embed store or overlapping another, a symbolic link among a
// .b2d's leaves: each gives an error wrapping ErrCorrupt or ErrUnsupported
// (usually a *FormatError saying where), never a panic, a read outside
// the store or an allocation the input does not justify.
//
// # Writing
//
// Create and Update return a Writer: members are added (AddArray,
// AddSChunk, AddFrame, AddC2Array) and deleted, and Close writes a store
// python-blosc2 opens, replacing the previous one only when everything was
// written (see Writer).
//
// # Where this package decides
//
// The source leaves these open; the choices are:
//
//   - Keys a Writer accepts follow EmbedStore's rules (the strictest:
//     leading '/', no trailing '/', no "//", none of ':', NUL, '\n', '\r',
//     '\t') plus no '\\' and no "." or ".." segment, so that a leaf never
//     lands outside its directory. Keys read are refused only for what can
//     escape or break the tree (".", "..", '\\', NUL, empty segments).
//   - python-blosc2 probes files of a .b2d/.b2z with other suffixes and
//     takes those that open as Blosc2 objects; this package takes the
//     .b2nd, .b2f and .b2b files only and ignores the rest.
//   - A deflated .b2z member is an error here (python-blosc2 refuses a
//     deflated embed.b2e and silently skips deflated leaves).
//   - Overlapping embed_map windows and zip members are errors: python-
//     blosc2 never writes them.
//   - Adding an existing key is an error (ErrExist): Delete it first.
//     python-blosc2 replaces it.
//   - Update rewrites the embed store with only the live members, so
//     bytes left by deletions are dropped; leaves are kept as they are.
//   - The zip order is python-blosc2's (largest leaf first, embed.b2e
//     last), with ties broken by path; members carry MS-DOS times and no
//     extra fields, as Python's zipfile writes them.
//   - Writer's default flavor for .b2d and .b2z is TreeStore, whose key
//     rules it then enforces.
//   - BatchArrays are read (msgpack serializer); the Arrow serializer is
//     reported as ErrUnsupported. ObjectArray, ListArray and Proxy members
//     are recognized and reported, not read.
package store
