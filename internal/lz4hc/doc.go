// Package lz4hc is an LZ4 block compressor whose output is byte-identical to
// LZ4_compress_HC of the lz4 library 1.10.0, the version C-Blosc2 3.3 bundles
// and calls for its LZ4HC codec with the Blosc clevel as the LZ4HC level.
//
// Levels 1 and 2 use lz4 1.10's "lz4mid" strategy (two hash tables, one of
// 4-byte and one of 8-byte sequences, no chains); levels 3 to 9 use the
// hash-chain search with 4, 8, ..., 256 attempts per position, level 9 adding
// the detection of runs of one byte ("pattern analysis"). Levels 10 to 12
// (lz4's optimal parser) are not implemented: a level above 9 compresses as
// level 9, and a level below 1 as level 9 too (lz4's default). Blosc clevels
// are 1 to 9.
//
// A Compressor holds the hash and chain tables (256 KiB) and is reused from
// call to call without clearing them; it is not safe for concurrent use (use
// one per goroutine). Compress returns 0, as LZ4_compress_HC does, when the
// output does not fit in len(dst): when len(dst) is below CompressBound it
// applies lz4's conservative "limitedOutput" checks, so it may give up a
// little before dst is really full, exactly where lz4 gives up.
//
// CompressDict compresses a block that may refer to a dictionary, as
// LZ4_loadDictHC then LZ4_compress_HC_continue do for C-Blosc2's chunks
// with a dictionary; its output decodes with LZ4_decompress_safe_usingDict.
//
// The package is internal to the module: the blosc package uses it.
package lz4hc
