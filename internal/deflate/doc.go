// Package deflate decodes whole deflate (RFC 1951) and zlib (RFC 1950)
// streams into a caller's buffer whose size is known in advance, as Blosc
// chunks need: one call per stream, no io.Reader, no window copies, no
// allocation.
//
// The decoder follows the approach of libdeflate: a 64-bit bit buffer
// refilled by one 8-byte load while 8 input bytes remain, Huffman decode
// tables whose entries hold the symbol's value, its extra-bit count and its
// code length so that one lookup decodes a literal or a length or distance
// base, entries of two literals where both codes fit the main table,
// subtables for codes longer than the main table, and a fast loop while
// the input and the output have room for the largest symbol (up to four
// literal entries per refill, the next entry looked up before a match is
// copied, matches copied in words past their end, distances below 16 as
// a repeated pattern: in amd64 assembly one PSHUFB of the 16 bytes at the
// match's source, stored every multiple of the distance), then a careful
// loop for the tail. An entry's low byte is the number of bits it
// consumes, so that the bit buffer's shift waits on the table load alone.
// On amd64 with BMI2 and SSSE3 the fast loop is in assembly
// (decode_amd64.s); the Go loop is its twin, used elsewhere and with the
// purego build tag, and the tests check that both give the same results.
//
// Every code, length and distance is checked: a malformed stream (bad block
// type, oversubscribed or incomplete Huffman code, over-long repeat,
// distance before the start of the output, output longer than dst,
// truncated input, bad checksum) gives an error wrapping ErrCorrupt that
// names the input offset, never a panic or a write past len(dst). Bytes of
// dst past the decoded length may be overwritten.
//
// An incomplete Huffman code is accepted only where zlib accepts it: a
// literal/length or distance code made of a single code of length one, and
// a distance code with no codes at all (a block of literals only).
//
// Compressor (and CompressZlib) encodes whole buffers: zlib's lazy
// matching with 3-byte matches where they pay (levels 1-5 searching every
// other position in long runs without a match, levels 1 and 2 hashing only
// the positions of short matches), and per block the shortest of stored,
// fixed-code and dynamic-code blocks (enc_*.go, encode.go).
//
// The package is internal to the module: the blosc package uses it (and
// klauspost/compress's zlib for Zlib at Blosc clevels 1-4, where its fast
// levels beat this encoder); klauspost/compress/flate and the standard
// library's compress/flate serve as the tests' oracles.
package deflate
