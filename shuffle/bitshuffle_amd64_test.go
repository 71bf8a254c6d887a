//go:build !purego

package shuffle

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// TestBitKernelsLarge compares every amd64 bit shuffle kernel with the
// generic code on buffers of several tiles, with element counts that leave
// every kind of remainder (whole 256- and 128-element blocks, groups of 8
// for the generic code, a partial element), and checks that nothing outside
// dst[:len(src)] is written.
func TestBitKernelsLarge(t *testing.T) {
	levels, restore := featureLevels()
	defer restore()
	rng := rand.New(rand.NewSource(1))
	typesizes := []int{1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 64, 65, 128, 200, 255}
	// Element counts: one 128-element block, blocks of 128, 256 and 512
	// elements with and without groups of 8 past them, and (added per
	// typesize below) several tiles with a partial last tile.
	counts := []int{128, 136, 384, 1000, 4096 + 128 + 8}
	if testing.Short() {
		typesizes = []int{1, 2, 4, 8, 16, 255}
		counts = []int{128, 1000}
	}
	for _, l := range levels {
		l.enable()
		t.Run(l.name, func(t *testing.T) {
			for _, ts := range typesizes {
				for _, n := range append(counts, 2*bitTile(ts)+128+24) {
					size := n*ts + rng.Intn(ts)
					src := make([]byte, size)
					rng.Read(src)
					want := make([]byte, size)
					bitshuffleOracle(want, src, ts)
					got := make([]byte, size+64)
					for i := range got {
						got[i] = 0xA5
					}
					BitShuffle(got, src, ts)
					name := fmt.Sprintf("ts=%d n=%d", ts, n)
					if !bytes.Equal(got[:size], want) {
						t.Fatalf("BitShuffle %s: mismatch at byte %d", name, bitFirstDiff(got, want))
					}
					for i, b := range got[size:] {
						if b != 0xA5 {
							t.Fatalf("BitShuffle %s: wrote past the end at %d", name, size+i)
						}
					}
					back := make([]byte, size+64)
					for i := range back {
						back[i] = 0x5A
					}
					BitUnshuffle(back, want, ts)
					if !bytes.Equal(back[:size], src) {
						t.Fatalf("BitUnshuffle %s: mismatch at byte %d", name, bitFirstDiff(back, src))
					}
					for i, b := range back[size:] {
						if b != 0x5A {
							t.Fatalf("BitUnshuffle %s: wrote past the end at %d", name, size+i)
						}
					}
				}
			}
		})
	}
}

func bitFirstDiff(a, b []byte) int {
	for i := range b {
		if i >= len(a) || a[i] != b[i] {
			return i
		}
	}
	return -1
}
