//go:build (!amd64 && !arm64) || purego

package zstd

// haveSeqAsm reports whether this build has an assembly sequence loop.
const haveSeqAsm = false

// useSeqAsm selects the assembly sequence loop (never here).
var useSeqAsm = false

// decodeSeqsAsm is the assembly loop's stand-in: it decodes nothing.
func decodeSeqsAsm(st *seqState, dst, lits, b []byte) int { return seqStop }
