//go:build !purego

package zstd

// haveSeqAsm reports whether this build has an assembly sequence loop.
const haveSeqAsm = true

// useSeqAsm selects the assembly sequence loop (it needs nothing beyond
// the base arm64 instruction set: NEON's TBL builds the pattern of matches
// at offsets below 16). Tests turn it off to compare with the Go loop.
var useSeqAsm = true
