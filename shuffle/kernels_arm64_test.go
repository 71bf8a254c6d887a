//go:build !purego

package shuffle

import (
	"bytes"
	"math/rand"
	"testing"
)

// kernelSizes lists the element counts the NEON kernel tests use: around
// the block sizes of every kernel (16, 32 and 128 elements), where the
// vector prefix ends and the Go tail begins, and several blocks.
func kernelSizes(short bool) []int {
	if short {
		return []int{15, 16, 17, 33, 127, 128, 136, 256 + 120, 264}
	}
	return []int{2, 3, 7, 8, 15, 16, 17, 24, 31, 32, 33, 47, 48, 63, 64, 65,
		120, 127, 128, 129, 136, 255, 256, 264, 384, 392, 1000, 1024, 1032,
		4096 + 8, 8192 + 120}
}

// kernelTypesizes lists every typesize that selects a different NEON code
// path: the specialised byte shuffles, the tile kernel below, at and above 16
// bytes, and several windows.
var kernelTypesizes = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16,
	17, 18, 23, 24, 31, 32, 33, 40, 47, 48, 63, 64, 65, 100, 127, 128, 129,
	200, 254, 255}

// guarded returns a slice of length n with random contents inside a larger
// buffer whose guard bytes around it are filled with a known pattern, and a
// function that fails the test if any guard byte changed.
func guarded(t *testing.T, rng *rand.Rand, n, offset int) ([]byte, func()) {
	t.Helper()
	const guard = 32
	buf := make([]byte, offset+n+guard+guard)
	for i := range buf {
		buf[i] = 0xA5
	}
	s := buf[guard+offset : guard+offset+n : guard+offset+n]
	rng.Read(s)
	check := func() {
		t.Helper()
		for i := 0; i < guard+offset; i++ {
			if buf[i] != 0xA5 {
				t.Fatalf("byte %d before the slice was written", guard+offset-i)
			}
		}
		for i := guard + offset + n; i < len(buf); i++ {
			if buf[i] != 0xA5 {
				t.Fatalf("byte %d after the slice was written", i-(guard+offset+n))
			}
		}
	}
	return s, check
}

// TestNEONKernels compares every NEON kernel with the generic oracle for
// every code path, lengths around the block boundaries (also with a partial
// trailing element) and unaligned buffers, and checks that nothing outside
// the slices is read into the result or written.
func TestNEONKernels(t *testing.T) {
	if !useNEON {
		t.Skip("CPU without NEON")
	}
	rng := rand.New(rand.NewSource(1))
	for _, ts := range kernelTypesizes {
		for _, elems := range kernelSizes(testing.Short()) {
			for _, extra := range []int{0, ts / 2} {
				size := elems*ts + extra
				offset := rng.Intn(16)
				src, checkSrc := guarded(t, rng, size, offset)
				want := make([]byte, size)
				back := make([]byte, size)

				if ts > 1 && size >= 2*ts {
					shuffleGeneric(want, src, ts)
					got, check := guarded(t, rng, size, 15-offset)
					shuffleArch(got, src, ts)
					check()
					if !bytes.Equal(got, want) {
						t.Fatalf("shuffle typesize %d size %d: differs from generic", ts, size)
					}
					restored, checkRestored := guarded(t, rng, size, offset)
					unshuffleArch(restored, got, ts)
					checkRestored()
					if !bytes.Equal(restored, src) {
						t.Fatalf("unshuffle typesize %d size %d: no round trip", ts, size)
					}
				}

				m := bitShuffled(size, ts)
				if m > 0 {
					bitshuffleGeneric(want[:m], src[:m], ts)
					got, check := guarded(t, rng, m, offset^5)
					bitshuffleArch(got, src[:m], ts)
					check()
					if !bytes.Equal(got, want[:m]) {
						t.Fatalf("bitshuffle typesize %d size %d: differs from generic", ts, m)
					}
					bitunshuffleGeneric(back[:m], got, ts)
					if !bytes.Equal(back[:m], src[:m]) {
						t.Fatalf("generic bitunshuffle typesize %d size %d: no round trip", ts, m)
					}
					restored, checkRestored := guarded(t, rng, m, offset^9)
					bitunshuffleArch(restored, got, ts)
					checkRestored()
					if !bytes.Equal(restored, src[:m]) {
						t.Fatalf("bitunshuffle typesize %d size %d: no round trip", ts, m)
					}
				}
				checkSrc()
			}
		}
	}
}
