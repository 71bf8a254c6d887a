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

// winMasks are the tables of decodeFast's second mode, in which X14 holds
// the window, the 16 output bytes before the output pointer; 16 bytes an
// entry, in four sections (SHB, PAT, NEXT, MEM in decode_amd64.s):
//
//   - for n = 0 to 16, entries n and 17+n are the byte-shuffle (PSHUFB)
//     indices that take bytes n to n+15 of two registers side by side
//     (indices into the first, into the second; 0x80 gives a zero);
//   - for off = 1 to 16, entry 34+off repeats the window's last off bytes
//     over 16, and entry 34+17 (which is entry 51, NEXT's unused 0) gives
//     zeros: no pattern from distance 17 on;
//   - for off = 1 to 16, entry 51+off, (i+16) % off, turns one 16-byte
//     piece of a pattern into the next;
//   - entry 69+off masks the 16 bytes loaded at a match of distance off:
//     zeros up to 16 (the pattern holds the match), ones at 17 (min(off,
//     17): the load holds it).
var winMasks [87][16]byte

func init() {
	for n := 0; n <= 16; n++ {
		for i := 0; i < 16; i++ {
			winMasks[n][i], winMasks[17+n][i] = 0x80, 0x80
			if i+n < 16 {
				winMasks[n][i] = byte(i + n)
			} else {
				winMasks[17+n][i] = byte(i + n - 16)
			}
		}
	}
	for off := 1; off <= 16; off++ {
		for i := 0; i < 16; i++ {
			winMasks[34+off][i] = byte(16 - off + i%off)
			winMasks[51+off][i] = byte((i + 16) % off)
		}
	}
	for i := 0; i < 16; i++ {
		winMasks[34+17][i] = 0x80
		winMasks[69+17][i] = 0xff
	}
}
