//go:build !purego

package deflate

import "golang.org/x/sys/cpu"

// useBMI2 selects the assembly fast loop (decode_amd64.s), which shifts
// and masks with BMI2's SHRX and BZHI and repeats short match periods with
// SSSE3's PSHUFB; the tests turn it off to check the Go loop.
var useBMI2 = cpu.X86.HasBMI2 && cpu.X86.HasSSSE3

// huffmanFast runs the fast loop of huffman (decode_loop.go) in assembly
// from dst[out:] and src[in:] with the bit buffer buf holding nb valid
// bits (nb < 64): while 8 input bytes remain from in and fastOut bytes of
// room from out, it decodes literals and matches with the tables ll and
// dt. It returns the new state and why it stopped: fastMore (the room ran
// out, at a symbol boundary), fastEOB (end of block read), fastInvalid or
// fastDistance (the stream is corrupt at the state returned). The caller
// guarantees in <= len(src)-8 and out <= len(dst)-fastOut on entry.
//
//go:noescape
func huffmanFast(dst []byte, out int, src []byte, in int, buf uint64, nb uint, ll *[litlenEnough]uint32, dt *[distEnough]uint32) (rout, rin int, rbuf uint64, rnb uint, status int)
