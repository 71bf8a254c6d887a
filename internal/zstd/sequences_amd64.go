//go:build !purego

package zstd

import "golang.org/x/sys/cpu"

// haveSeqAsm reports whether this build has an assembly sequence loop.
const haveSeqAsm = true

// useSeqAsm selects the assembly sequence loop: it needs BMI2 (bit field
// reads) and SSSE3 (PSHUFB builds the pattern of matches at offsets below
// 16). Tests turn it off to compare with the Go loop.
var useSeqAsm = cpu.X86.HasBMI2 && cpu.X86.HasSSSE3
