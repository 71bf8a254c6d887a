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
// Four-stream Huffman literals are decoded five symbols (or entries) per
// stream per refill by assembly loops on amd64 with BMI2 (huffman_amd64.s)
// and on arm64 (huffman_arm64.s), and by their Go twins elsewhere: with
// double-symbol tables (two symbols per lookup when both codes fit in 11
// bits) for sections of 4 KiB or more whose literals compress well, with
// single-symbol tables for the others (literals that barely compress, as
// zstd's own timing heuristic chooses: 16 times the compressed size at
// least 13 times the literals').
//
// On amd64 with BMI2 and SSSE3, and on arm64, sequences are decoded and
// executed by an assembly loop (sequences_amd64.s, sequences_arm64.s)
// while the bitstream, the literals and the output leave it room; it
// hands the rest (the last sequences of a block, matches into a
// dictionary, anything near a buffer's end, corrupt values) to the Go
// loop, which is the portable code, the assembly's oracle in the tests,
// and what the purego build tag selects everywhere.
//
// The arm64 loops follow the amd64 ones step for step (the same state,
// stopping points and limits on wild copies; every one is cross-checked
// against its Go twin), with arm64's means: RBIT+CLZ in place of BSF,
// register shifts in place of SHLX, bit-field extracts in place of BZHI,
// TBL in place of PSHUFB. Their speed has not been measured on arm64
// hardware (there is none here, only emulation); they mirror the amd64
// loops, which were measured against the Go loops before they were kept.
// Under qemu-aarch64 (its execution log, -d in_asm,exec,nochain) they run
// about half the instructions of the Go loops compiled for arm64: on
// BenchmarkDecodeBlosc's cl5/i32-noshuffle stream, 3.3 against 6.6 per
// decoded byte for Huffman literals and 6.3 against 15.1 for sequences;
// the whole decode 11.2 against 23.2.
//
// Hostile input gets an *Error wrapping ErrCorrupt (or ErrShortDst,
// ErrDict, ErrUnsupported) with the offset of the problem: every size,
// offset, table description and bit count is checked, nothing is allocated
// beyond a Decoder's fixed scratch, and no loop runs without progress.
//
// The package also has an encoder (NewEncoder, EncodeAll): standard frames
// with Huffman literals, FSE sequence tables chosen by cost and repeat
// offsets, from zstd's "fast", "dfast", greedy, lazy, lazy2 and btlazy2
// match finders and its optimal parsers btopt, btultra and btultra2, with
// zstd's parameters (lib/compress/clevels.h) for the input's size.
// Greedy, lazy and lazy2 use zstd's row match finder, whose search
// (hashing, tag matching of a whole row, candidate checks) is one assembly
// call on amd64 (enc_rowfind_amd64.s; the generic twin,
// enc_rowfind_generic.go, is the reference and serves purego and other
// architectures); btlazy2 uses zstd's lazily sorted binary tree
// (dubtFinder, enc_btlazy.go).
//
// The optimal parsers (enc_opt.go) find every longer match at each
// position with a binary tree (btFinder, enc_optbt.go), the repeat
// offsets and, with minMatch 3, a table of 3-byte hashes, and choose the
// sequences by dynamic programming over up to 4096 positions with prices
// in fractions of bits from the frame's statistics so far (enc_optprice.go:
// the block's literals and fixed code frequencies at first, or a
// dictionary's entropy tables); btultra2 parses the first block twice, the
// first time only to gather statistics. Their state is sized as zstd
// sizes it: at level 22, 2.3 MB for 128 KiB inputs, 4.8 MB for 256 KiB and
// 17 MB for 1 MiB (hash table, tree, hash3 table), plus 0.3 MB of parser
// scratch.
//
// The encoder compresses within a few percent of the zstd tool at the
// same level (on Blosc's streams within 0.1%; btlazy2 within 0.1-0.5% on
// 16 KB-1 MB inputs, the optimal parsers within 0.5% at levels 13-22), and
// package blosc encodes with it at every clevel (zstd levels 1-13, 15 and
// 22), at C-Blosc2's sizes and, on most rows, still below C-Blosc2's speed
// (see the README's side-by-side figures); klauspost/compress serves as
// this package's test oracle.
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
