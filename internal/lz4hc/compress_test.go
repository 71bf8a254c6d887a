package lz4hc

import (
	"bytes"
	"testing"

	"github.com/pierrec/lz4/v4"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// roundTrip compresses src at level into a dst of capacity dcap (plus a
// guard zone that must stay untouched) and, when it fits, checks that the
// block decodes to src. It returns the compressed size.
func roundTrip(t *testing.T, c *Compressor, name string, src []byte, level, dcap int) int {
	t.Helper()
	const guard = 16
	dst := make([]byte, dcap+guard)
	for i := range dst {
		dst[i] = 0xA5
	}
	n := c.Compress(dst[:dcap], src, level)
	for i := dcap; i < len(dst); i++ {
		if dst[i] != 0xA5 {
			t.Fatalf("%s level %d cap %d: wrote past len(dst)", name, level, dcap)
		}
	}
	if n < 0 || n > dcap {
		t.Fatalf("%s level %d cap %d: size %d", name, level, dcap, n)
	}
	if n == 0 {
		return 0
	}
	out := make([]byte, len(src))
	m, err := lz4.UncompressBlock(dst[:n], out)
	if err != nil || m != len(src) || !bytes.Equal(out, src) {
		t.Fatalf("%s level %d cap %d: round trip failed: %d bytes, %v", name, level, dcap, m, err)
	}
	return n
}

func TestRoundTrip(t *testing.T) {
	max := 4 << 20
	if testing.Short() {
		max = 256 << 10
	}
	c := NewCompressor()
	for _, d := range testInputs(max) {
		for l := MinLevel; l <= MaxLevel; l++ {
			if len(d.data) > 256<<10 && l != 1 && l != 5 && l != 9 {
				continue
			}
			n := roundTrip(t, c, d.name, d.data, l, CompressBound(len(d.data)))
			if n == 0 {
				t.Fatalf("%s level %d: 0 with a dst of CompressBound bytes", d.name, l)
			}
		}
	}
}

// TestSmallDst checks the limited output: with less room than the block
// needs the result is 0, never a partial block, and nothing is written past
// len(dst); with just enough room lz4's checks may still give up, but the
// result never changes size otherwise.
func TestSmallDst(t *testing.T) {
	c := NewCompressor()
	for _, d := range testInputs(64<<10 + 11) {
		for _, l := range []int{1, 2, 3, 5, 9} {
			full := roundTrip(t, c, d.name, d.data, l, CompressBound(len(d.data)))
			for _, dcap := range []int{0, 1, full / 2, full - 1, full, full + 8, len(d.data)} {
				if dcap < 0 {
					continue
				}
				n := roundTrip(t, c, d.name, d.data, l, dcap)
				if n != 0 && n != full {
					t.Errorf("%s level %d cap %d: %d bytes, %d with room", d.name, l, dcap, n, full)
				}
				if dcap < full && n != 0 {
					t.Errorf("%s level %d cap %d: %d bytes in less room than the block needs", d.name, l, dcap, n)
				}
			}
		}
	}
}

// TestLevels checks the level mapping: below 1 is level 9 (lz4's default),
// above 9 is 9, and the higher levels compress better.
func TestLevels(t *testing.T) {
	src := testgen.Shuffle(testgen.Sine(64<<10), 8)
	c := NewCompressor()
	size := func(level int) []byte {
		dst := make([]byte, CompressBound(len(src)))
		return dst[:c.Compress(dst, src, level)]
	}
	l9 := size(9)
	for _, l := range []int{-3, 0, 10, 12, 100} {
		if !bytes.Equal(size(l), l9) {
			t.Errorf("level %d differs from level 9", l)
		}
	}
	if l1, l5 := size(1), size(5); len(l1) <= len(l5) || len(l5) < len(l9) {
		t.Errorf("sizes at levels 1, 5, 9: %d, %d, %d: want 1 > 5 >= 9", len(l1), len(l5), len(l9))
	}
}

// TestReuse checks that a Compressor gives the same bytes as a new one
// whatever it compressed before, also across the renumbering of indices.
func TestReuse(t *testing.T) {
	inputs := testInputs(64<<10 + 11)
	fresh := func(src []byte, l int) []byte {
		dst := make([]byte, CompressBound(len(src)))
		return dst[:NewCompressor().Compress(dst, src, l)]
	}
	c := NewCompressor()
	for i, d := range inputs {
		if i%7 == 3 {
			c.end = resetIndex - uint32(i) // force the renumbering at the next call
		}
		l := 1 + i%MaxLevel
		dst := make([]byte, CompressBound(len(d.data)))
		got := dst[:c.Compress(dst, d.data, l)]
		if want := fresh(d.data, l); !bytes.Equal(got, want) {
			t.Fatalf("%s level %d: reused Compressor differs from a new one", d.name, l)
		}
	}
}

func TestCompressBound(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{-1, 0}, {0, 16}, {255, 272}, {1 << 20, 1<<20 + 4112 + 16}, {MaxInputSize, MaxInputSize + MaxInputSize/255 + 16}, {MaxInputSize + 1, 0}} {
		if got := CompressBound(tc.n); got != tc.want {
			t.Errorf("CompressBound(%d) = %d, want %d", tc.n, got, tc.want)
		}
		if tc.n >= 0 && tc.n <= MaxInputSize {
			if pb := lz4.CompressBlockBound(tc.n); pb != tc.want {
				t.Errorf("CompressBound(%d) = %d, pierrec/lz4 %d", tc.n, tc.want, pb)
			}
		}
	}
}
