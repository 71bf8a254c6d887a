//go:build (amd64 || arm64) && !purego

package lz4dec

// haveFast reports whether this build has an assembly sequence loop.
const haveFast = true

// decodeFast decodes the sequences of src from si, writing dst from di,
// while every copy fits in the margins, and returns where it stopped: at
// the start of a sequence it leaves to the portable code (one that reaches
// into the dictionary, a malformed one, or one near the end of src or dst).
// The caller guarantees len(src)-si and len(dst)-di above fastMargin.
//
//go:noescape
func decodeFast(dst, src []byte, si, di int) (nsi, ndi int)

// patMasks[off] are the byte-shuffle (PSHUFB, TBL) indices i % off: they
// repeat the first off bytes of a match over 16 bytes. nextMasks[off],
// (i+16) % off, turn one 16-byte piece of the pattern into the next.
var patMasks, nextMasks [16][16]byte

func init() {
	for off := 1; off < 16; off++ {
		for i := 0; i < 16; i++ {
			patMasks[off][i] = byte(i % off)
			nextMasks[off][i] = byte((i + 16) % off)
		}
	}
}
