// Package lz4dec decodes LZ4 blocks (the raw block format of lz4.c's
// LZ4_decompress_safe, no frame) into the caller's buffer, with an optional
// dictionary: the bytes that precede the output, which matches may reach
// into, as LZ4_decompress_safe_usingDict reads them. C-Blosc2 writes such
// blocks for its LZ4 and LZ4HC codecs (with a dictionary from 3.0 on).
//
// Every length and offset is checked against the input, the output and the
// dictionary: a malformed block gives an error wrapping ErrCorrupt that
// names the input offset, never a panic or a write past len(dst). Bytes of
// dst past the decoded length may be overwritten (the decoder copies 8 or
// 16 bytes at a time where dst has room for it).
//
// It accepts what pierrec/lz4's UncompressBlock accepts, which the tests use
// as their oracle: a block may end after a match as well as after literals,
// and the empty block decodes to nothing.
//
// The portable Go code (no unsafe, correct on big-endian and 32-bit hosts)
// decodes every block. On amd64 (with SSSE3) and arm64 an assembly loop
// takes over the sequences that need no check beyond two margins (32 bytes
// before the end of the input and of the output, no match into the
// dictionary) and hands every other sequence back to the Go code, which
// also reports the errors; the purego build tag leaves the assembly out.
//
// The package is internal to the module: the blosc package uses it.
package lz4dec
