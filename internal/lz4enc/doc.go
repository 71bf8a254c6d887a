// Package lz4enc is an LZ4 block compressor whose output is byte-identical
// to LZ4_compress_fast of the lz4 library 1.10.0 (lz4.c), the version
// C-Blosc2 3.3 bundles and calls for its LZ4 codec with acceleration
// 10 - clevel. It is also byte-identical to pierrec/lz4's
// CompressorCCompat, a Go port of the same function, which the tests use as
// their oracle.
//
// The algorithm is lz4.c's single-table greedy search: a hash of the 4
// (inputs below 64 KiB + 11 bytes, lz4's byU16 table of 8192 16-bit
// positions) or 5 bytes (larger inputs, the byU32 table of 4096 32-bit
// positions) at each position points to the last position with that hash;
// when no match is found the search steps ahead faster and faster
// (acceleration, then one more every 64 misses).
//
// A Compressor holds the hash tables (24 KiB) and is reused from call to
// call; it is not safe for concurrent use (use one per goroutine). The code
// is portable Go, correct on big-endian hosts, with the block loops
// (compress16Block, compress32Block) in amd64 assembly; their
// Go twins are always compiled as the tests' oracles and are the code on
// other architectures and with the purego build tag.
//
// CompressDict compresses a block that may refer to a dictionary, as
// LZ4_loadDict then LZ4_compress_fast_continue do for C-Blosc2's chunks with
// a dictionary; its output decodes with LZ4_decompress_safe_usingDict.
//
// The package is internal to the module: the blosc package uses it.
package lz4enc
