// Package blosclz implements BloscLZ, the LZ77 codec native to C-Blosc2
// (https://github.com/Blosc/c-blosc2, file blosc/blosclz.c), in pure Go.
//
// # Stream format
//
// A BloscLZ stream is a sequence of instructions, each introduced by a
// control byte. Nothing precedes the first instruction and there is no end
// marker: the stream ends when its bytes are used up, and the decoded size is
// known from the container (a Blosc chunk).
//
//   - The first instruction is always a literal run. Its control byte carries
//     the BloscLZ marker in bit 5 (value 0x20), which decoders mask off.
//   - A control byte below 32 starts a literal run of control+1 bytes (1..32),
//     which follow it verbatim.
//   - A control byte of 32 or more starts a match (a copy of earlier output).
//     Its top three bits L (1..7) give the length and its low five bits H the
//     high part of the distance. When L is 7 the length continues in further
//     bytes, each added to it, up to and including the first byte that is not
//     255. The next byte D is the low part of the distance. The match copies
//     L+2 bytes (plus the continuation bytes) from distance H*256+D+1 back.
//     When H is 31 and D is 255 the distance is instead "far": two more bytes
//     hold a big-endian 16-bit value F and the distance is F+8192.
//   - Matches copy byte by byte, so a distance shorter than the length repeats
//     a pattern (distance 1 repeats one byte).
//
// C-Blosc2's decoder only accepts a stream that ends with a literal run and
// that fills the destination exactly; this package enforces the same rules.
//
// # Compressor
//
// Compress makes the same decisions as C-Blosc2's blosclz_compress (hash
// function, hash table size per level, minimum match length, the "shift back
// four bytes" rule, far-distance limits and the entropy probe that gives up
// on data that will not compress well enough), so that for the same input,
// level and output capacity it produces the same bytes. Those are the only
// inputs of C's decisions: Blosc's typesize and stream splitting only choose
// which bytes make up a stream, so Compress takes no further options.
//
// Errors from Decompress are *CorruptError values that match ErrCorrupt.
package blosclz
