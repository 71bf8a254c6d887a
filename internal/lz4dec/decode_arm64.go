//go:build !purego

package lz4dec

// useFast selects the assembly loop (NEON is always there on arm64). Tests
// turn it off to compare with the portable code.
var useFast = true

// fastMargin is how many bytes the assembly loop leaves at the end of src
// and dst: it copies 16 or 32 bytes at a time and stops where that could
// reach past either.
const fastMargin = 32
