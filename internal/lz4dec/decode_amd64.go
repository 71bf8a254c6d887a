//go:build !purego

package lz4dec

import "golang.org/x/sys/cpu"

// useFast selects the assembly loop: it needs SSSE3 (PSHUFB builds the
// pattern of matches at distances below 16). Tests turn it off to compare
// with the portable code.
var useFast = cpu.X86.HasSSSE3

// fastMargin is how many bytes the assembly loop needs at the end of src
// and dst: it copies 16 or 32 bytes at a time, and a short sequence writes
// up to 46 bytes past its start, so it stops with 32 bytes of src or 48 of
// dst left (decode_amd64.s).
const fastMargin = 48
