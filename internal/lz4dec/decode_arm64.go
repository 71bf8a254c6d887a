//go:build !purego

package lz4dec

// useFast selects the assembly loop (NEON is always there on arm64). Tests
// turn it off to compare with the portable code.
var useFast = true
