//go:build !purego

package lz4dec

import "golang.org/x/sys/cpu"

// useFast selects the assembly loop: it needs SSSE3 (PSHUFB builds the
// pattern of matches at distances below 16). Tests turn it off to compare
// with the portable code.
var useFast = cpu.X86.HasSSSE3
