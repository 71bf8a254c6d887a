// Package zstd decodes Zstandard (RFC 8878), the way Blosc uses it: whole
// frames decoded at once into a buffer the caller sizes from the container
// (a Blosc chunk knows each stream's decoded size).
//
// The decoder implements the format completely: frame headers of every
// form (window, dictionary ID, content size, content checksum, verified
// with XXH64), skippable frames and concatenated frames; raw, RLE and
// compressed blocks; literals stored raw, as a run, or Huffman-coded in one
// or four streams, with a new or the previous table; sequences with
// predefined, RLE, FSE-compressed or repeated tables, and repeat offsets;
// dictionaries in zstd's format (ID, entropy tables, repeat offsets,
// content) and raw content dictionaries.
//
// It is shaped for many small frames: matches copy from the destination
// itself (and the dictionary's content), with no history buffer; a Decoder
// keeps its tables and scratch space from call to call and does not
// allocate once warm; and a table described again the same way is not
// rebuilt.
//
// Four-stream Huffman literals of 4 KiB or more are decoded with
// double-symbol tables (two symbols per lookup when both codes fit in 11
// bits), by an assembly loop on amd64 with BMI2 (huffman_amd64.s) and by
// its Go twin elsewhere; smaller ones with single-symbol tables.
//
// On amd64 with BMI2 and SSSE3, sequences are decoded and executed by an
// assembly loop (sequences_amd64.s) while the bitstream, the literals and
// the output leave it room; it hands the rest (the last sequences of a
// block, matches into a dictionary, anything near a buffer's end, corrupt
// values) to the Go loop, which is the portable code, the assembly's
// oracle in the tests, and what the purego build tag selects everywhere.
//
// Hostile input gets an *Error wrapping ErrCorrupt (or ErrShortDst,
// ErrDict, ErrUnsupported) with the offset of the problem: every size,
// offset, table description and bit count is checked, nothing is allocated
// beyond a Decoder's fixed scratch, and no loop runs without progress.
//
// The package also has an encoder (NewEncoder, EncodeAll): standard frames
// with Huffman literals, FSE sequence tables chosen by cost and repeat
// offsets, from zstd's "fast", "dfast", greedy, lazy and lazy2 match
// finders with zstd's parameters for small inputs (levels 1-9; higher
// levels use lazy2 with their search depth, where zstd has binary trees
// and optimal parsers). Greedy, lazy and lazy2 use zstd's row match
// finder, whose search (hashing, tag matching of a whole row, candidate
// checks) is one assembly call on amd64 (enc_rowfind_amd64.s; the generic
// twin, enc_rowfind_generic.go, is the reference and serves purego and
// other architectures). It compresses within a few percent of the zstd
// tool at the same level (on Blosc's streams within 0.1%), and package
// blosc encodes with it at clevels 1-5 (zstd levels 1-9), at C-Blosc2's
// sizes and, on most rows, still below C-Blosc2's speed (see the README's
// side-by-side figures); above that, and as this package's test oracle,
// klauspost/compress serves.
//
// TrainDict (dict_train.go) trains dictionaries from samples with our
// implementation of zstd's fast cover algorithm (ZDICT_trainFromBuffer's):
// dmers of 8 (or 6) bytes counted in a hash table, the dictionary filled
// from its end with the best-scoring segment of each epoch, a few segment
// lengths tried and judged on held-out samples. It returns raw content
// (every zstd decoder, the zstd tool with -D and C-Blosc2 read it), with
// the held-out sizes with and without it; package blosc trains chunks'
// dictionaries with it (Options.UseDict).
package zstd
