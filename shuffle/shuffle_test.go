package shuffle

import (
	"bytes"
	"runtime/debug"
	"testing"
)

// kernel names one public function and the generic oracle it must match.
type kernel struct {
	name   string
	public func(dst, src []byte, typesize int)
	oracle func(dst, src []byte, typesize int)
}

// kernels lists the four public functions with their oracles. The oracles
// take the whole buffer, as the public functions do, including the parts
// the public functions copy unchanged.
var kernels = []kernel{
	{"Shuffle", Shuffle, shuffleGeneric},
	{"Unshuffle", Unshuffle, unshuffleGeneric},
	{"BitShuffle", BitShuffle, bitshuffleOracle},
	{"BitUnshuffle", BitUnshuffle, bitunshuffleOracle},
}

// bitshuffleOracle applies bitshuffleGeneric to the transposed part of src
// and copies the rest, as BitShuffle documents.
func bitshuffleOracle(dst, src []byte, typesize int) {
	m := bitShuffled(len(src), typesize)
	bitshuffleGeneric(dst[:m], src[:m], typesize)
	copy(dst[m:len(src)], src[m:])
}

// bitunshuffleOracle is bitshuffleOracle for BitUnshuffle.
func bitunshuffleOracle(dst, src []byte, typesize int) {
	m := bitShuffled(len(src), typesize)
	bitunshuffleGeneric(dst[:m], src[:m], typesize)
	copy(dst[m:len(src)], src[m:])
}

// testTypesizes are the element sizes every cross-check covers.
func testTypesizes() []int {
	var ts []int
	for i := 1; i <= 32; i++ {
		ts = append(ts, i)
	}
	return append(ts, 64, 128, 255)
}

// testElementCounts returns the element counts worth testing: every small
// count, and counts around multiples of the block sizes the vector kernels
// use (16, 32 and 64 elements for byte shuffle, 8 elements and rows of 16,
// 32 and 64 bytes for bit shuffle), up to three 64-element blocks and a bit.
func testElementCounts(short bool) []int {
	limit, step := 3*64+1, 8
	if short {
		limit, step = 2*64+1, 16
	}
	seen := map[int]bool{}
	var counts []int
	add := func(n int) {
		if n >= 0 && n <= limit && !seen[n] {
			seen[n] = true
			counts = append(counts, n)
		}
	}
	small := 40
	if short {
		small = 20
	}
	for n := 0; n <= small; n++ {
		add(n)
	}
	for n := step; n <= limit; n += step {
		add(n - 1)
		add(n)
		add(n + 1)
	}
	add(limit)
	return counts
}

// testLengths returns the buffer lengths for typesize: the element counts
// times typesize, plus 0, 1 and typesize-1 trailing bytes.
func testLengths(typesize int, short bool) []int {
	var lengths []int
	// Large typesizes go through the same code at every count: fewer.
	for _, n := range testElementCounts(short || typesize > 32) {
		tails := []int{0}
		if typesize > 1 {
			tails = append(tails, 1)
		}
		if typesize > 2 {
			tails = append(tails, typesize-1)
		}
		if short && n%3 != 0 {
			tails = tails[:1]
		}
		for _, r := range tails {
			lengths = append(lengths, n*typesize+r)
		}
	}
	return lengths
}

// guardLen is the number of guard bytes kept on both sides of dst.
const guardLen = 32

// guardByte fills the guard zones; no kernel writes it by chance often
// enough to hide a bug, since the input is pseudo-random.
const guardByte = 0xA5

// fillRandom fills b with a deterministic pseudo-random sequence (xorshift).
func fillRandom(b []byte, seed uint64) {
	x := seed*0x9E3779B97F4A7C15 | 1
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = byte(x >> 32)
	}
}

// checkKernel runs k on a pseudo-random src of length n placed at offset
// soff of its buffer, writing to a dst at offset doff of its buffer that is
// extra bytes longer than src, and compares with the oracle. It checks that
// src is unchanged and that no byte outside dst[:n] is written.
func checkKernel(t *testing.T, k kernel, typesize, n, soff, doff, extra int) {
	t.Helper()
	srcBuf := make([]byte, soff+n+guardLen)
	fillRandom(srcBuf, uint64(n*263+typesize*7+soff))
	src := srcBuf[soff : soff+n]
	srcCopy := append([]byte(nil), src...)

	dstBuf := make([]byte, guardLen+doff+n+extra+guardLen)
	for i := range dstBuf {
		dstBuf[i] = guardByte
	}
	start := guardLen + doff
	dst := dstBuf[start : start+n+extra]
	k.public(dst, src, typesize)

	want := make([]byte, n)
	k.oracle(want, srcCopy, typesize)

	if !bytes.Equal(src, srcCopy) {
		t.Fatalf("%s(typesize %d, len %d): src modified", k.name, typesize, n)
	}
	if !bytes.Equal(dst[:n], want) {
		i := firstDiff(dst[:n], want)
		t.Fatalf("%s(typesize %d, len %d, src offset %d, dst offset %d): byte %d = %#02x, want %#02x",
			k.name, typesize, n, soff, doff, i, dst[i], want[i])
	}
	for i, c := range dstBuf {
		if (i < start || i >= start+n) && c != guardByte {
			t.Fatalf("%s(typesize %d, len %d, src offset %d, dst offset %d): wrote byte %d outside dst[:len(src)]",
				k.name, typesize, n, soff, doff, i-start)
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return len(a)
}

// TestKernelsMatchGeneric compares the four public functions at every CPU
// feature level with the generic oracles, for many typesizes and lengths,
// with src and dst at varying misalignments.
func TestKernelsMatchGeneric(t *testing.T) {
	short := testing.Short()
	forEachLevel(t, func(t *testing.T) {
		for _, k := range kernels {
			k := k
			t.Run(k.name, func(t *testing.T) {
				for _, ts := range testTypesizes() {
					if short && ts > 18 && ts%8 != 0 && ts != 255 && ts != 31 {
						continue
					}
					for i, n := range testLengths(ts, short) {
						// Vary the alignments of src and dst and the
						// slack after dst deterministically.
						soff := (i*7 + ts) % 16
						doff := (i*5 + 3*ts) % 16
						extra := (i % 3) * 5
						checkKernel(t, k, ts, n, soff, doff, extra)
					}
				}
			})
		}
	})
}

// TestKernelsAlignments runs every src and dst offset from 0 to 15 for a few
// lengths that fill several vectors and leave a tail.
func TestKernelsAlignments(t *testing.T) {
	typesizes := []int{2, 3, 4, 7, 8, 16, 24}
	if testing.Short() {
		typesizes = []int{2, 4, 7, 8, 16}
	}
	forEachLevel(t, func(t *testing.T) {
		for _, k := range kernels {
			for _, ts := range typesizes {
				n := (2*64+8)*ts + 1
				for soff := 0; soff < 16; soff++ {
					for doff := 0; doff < 16; doff++ {
						checkKernel(t, k, ts, n, soff, doff, 0)
					}
				}
			}
		}
	})
}

// TestKernelsLarge checks large buffers, bigger than any cache-blocking a
// kernel might do, with a tail.
func TestKernelsLarge(t *testing.T) {
	typesizes := []int{1, 2, 3, 4, 5, 8, 12, 16, 32, 255}
	sizes := []int{256<<10 + 5, 1<<20 + 3}
	if testing.Short() {
		typesizes = []int{2, 4, 8, 16, 7}
		sizes = sizes[:1]
	}
	forEachLevel(t, func(t *testing.T) {
		for _, k := range kernels {
			for _, ts := range typesizes {
				for _, n := range sizes {
					checkKernel(t, k, ts, n, 3, 9, 1)
				}
			}
		}
	})
}

// TestRoundTrip checks Unshuffle(Shuffle(x)) == x and
// BitUnshuffle(BitShuffle(x)) == x at every level.
func TestRoundTrip(t *testing.T) {
	pairs := []struct {
		name     string
		fwd, inv func(dst, src []byte, typesize int)
	}{
		{"Shuffle", Shuffle, Unshuffle},
		{"BitShuffle", BitShuffle, BitUnshuffle},
	}
	short := testing.Short()
	forEachLevel(t, func(t *testing.T) {
		for _, p := range pairs {
			for _, ts := range testTypesizes() {
				lengths := testLengths(ts, true)
				if !short {
					lengths = append(lengths, 64<<10+ts/2)
				}
				for _, n := range lengths {
					src := make([]byte, n)
					fillRandom(src, uint64(n+ts))
					mid := make([]byte, n)
					back := make([]byte, n)
					p.fwd(mid, src, ts)
					p.inv(back, mid, ts)
					if !bytes.Equal(back, src) {
						t.Fatalf("%s round trip (typesize %d, len %d): byte %d differs",
							p.name, ts, n, firstDiff(back, src))
					}
				}
			}
		}
	})
}

// refShuffle is the byte shuffle written straight from its definition,
// dst[j*n+i] = src[i*typesize+j], to check the generic kernels themselves.
func refShuffle(src []byte, typesize int) []byte {
	n := len(src) / typesize
	dst := append([]byte(nil), src...)
	for i := 0; i < n; i++ {
		for j := 0; j < typesize; j++ {
			dst[j*n+i] = src[i*typesize+j]
		}
	}
	return dst
}

// refBitShuffle is the bit shuffle written bit by bit from its definition:
// bit i%8 of byte (j*8+k)*(m/8) + i/8 of dst is bit k of byte j of element
// i, for the first m = 8*floor(n/8) elements; the rest is copied.
func refBitShuffle(src []byte, typesize int) []byte {
	m := len(src) / typesize / 8 * 8
	dst := append([]byte(nil), src...)
	for i := 0; i < m*typesize; i++ {
		dst[i] = 0
	}
	for i := 0; i < m; i++ {
		for j := 0; j < typesize; j++ {
			b := src[i*typesize+j]
			for k := 0; k < 8; k++ {
				bit := b >> k & 1
				dst[(j*8+k)*(m/8)+i/8] |= bit << (i % 8)
			}
		}
	}
	return dst
}

// TestGenericMatchesDefinition checks the generic oracles against the
// straightforward definitions.
func TestGenericMatchesDefinition(t *testing.T) {
	for _, ts := range testTypesizes() {
		for _, n := range testLengths(ts, true) {
			src := make([]byte, n)
			fillRandom(src, uint64(3*n+ts))
			got := make([]byte, n)

			shuffleGeneric(got, src, ts)
			if want := refShuffle(src, ts); !bytes.Equal(got, want) {
				t.Fatalf("shuffleGeneric(typesize %d, len %d) differs from definition at byte %d",
					ts, n, firstDiff(got, want))
			}
			back := make([]byte, n)
			unshuffleGeneric(back, got, ts)
			if !bytes.Equal(back, src) {
				t.Fatalf("unshuffleGeneric(typesize %d, len %d) does not invert shuffleGeneric", ts, n)
			}

			bitshuffleOracle(got, src, ts)
			if want := refBitShuffle(src, ts); !bytes.Equal(got, want) {
				t.Fatalf("bitshuffleGeneric(typesize %d, len %d) differs from definition at byte %d",
					ts, n, firstDiff(got, want))
			}
			bitunshuffleOracle(back, got, ts)
			if !bytes.Equal(back, src) {
				t.Fatalf("bitunshuffleGeneric(typesize %d, len %d) does not invert bitshuffleGeneric", ts, n)
			}
		}
	}
}

// TestGenericFrom checks that shuffleGenericFrom and unshuffleGenericFrom
// complete a result whose first start elements are already in place, and
// touch nothing of those elements.
func TestGenericFrom(t *testing.T) {
	for _, ts := range []int{2, 3, 4, 8, 16, 17} {
		const n = 50
		size := n*ts + ts/2
		src := make([]byte, size)
		fillRandom(src, uint64(ts))
		full := make([]byte, size)
		shuffleGeneric(full, src, ts)
		fullInv := make([]byte, size)
		unshuffleGeneric(fullInv, src, ts)
		for _, start := range []int{0, 1, 16, 32, 49, 50} {
			// Shuffle: element i lands at dst[j*n+i] for every j.
			dst := make([]byte, size)
			for j := 0; j < ts; j++ {
				for i := 0; i < start; i++ {
					dst[j*n+i] = full[j*n+i]
				}
			}
			shuffleGenericFrom(dst, src, ts, start)
			if !bytes.Equal(dst, full) {
				t.Errorf("shuffleGenericFrom(typesize %d, start %d) differs at byte %d", ts, start, firstDiff(dst, full))
			}
			// Unshuffle: element i is dst[i*ts : (i+1)*ts].
			dst = make([]byte, size)
			copy(dst[:start*ts], fullInv[:start*ts])
			unshuffleGenericFrom(dst, src, ts, start)
			if !bytes.Equal(dst, fullInv) {
				t.Errorf("unshuffleGenericFrom(typesize %d, start %d) differs at byte %d", ts, start, firstDiff(dst, fullInv))
			}
		}
	}
}

// TestGolden checks hand-derived results of C-Blosc2's definitions.
func TestGolden(t *testing.T) {
	seq := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i)
		}
		return b
	}
	tests := []struct {
		name     string
		fn       func(dst, src []byte, typesize int)
		typesize int
		src      []byte
		want     []byte
	}{
		{
			// Eight 16-bit elements: all low bytes, then all high bytes.
			name: "Shuffle/ts2", fn: Shuffle, typesize: 2, src: seq(16),
			want: []byte{0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15},
		},
		{
			// Three 4-byte elements and 2 trailing bytes copied as they are.
			name: "Shuffle/ts4/tail", fn: Shuffle, typesize: 4, src: seq(14),
			want: []byte{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13},
		},
		{
			name: "Unshuffle/ts4/tail", fn: Unshuffle, typesize: 4,
			src:  []byte{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13},
			want: seq(14),
		},
		{
			// Fewer than two elements: nothing moves.
			name: "Shuffle/ts8/short", fn: Shuffle, typesize: 8, src: seq(15), want: seq(15),
		},
		{
			// Typesize 1, element 0 has every bit set: bit k of element 0
			// is bit 0 of row k, so every row byte is 0x01.
			name: "BitShuffle/ts1/allbits", fn: BitShuffle, typesize: 1,
			src:  []byte{0xFF, 0, 0, 0, 0, 0, 0, 0},
			want: []byte{1, 1, 1, 1, 1, 1, 1, 1},
		},
		{
			// Typesize 1, every element has bit 0 set: row 0 is 0xFF.
			name: "BitShuffle/ts1/bit0", fn: BitShuffle, typesize: 1,
			src:  []byte{1, 1, 1, 1, 1, 1, 1, 1},
			want: []byte{0xFF, 0, 0, 0, 0, 0, 0, 0},
		},
		{
			// Eight 16-bit elements, element 3 = 0x8001 (bytes 01 80):
			// bit 0 of byte 0 goes to row 0, bit 7 of byte 1 to row
			// 1*8+7 = 15, each at bit 3 of the row's single byte.
			name: "BitShuffle/ts2", fn: BitShuffle, typesize: 2,
			src:  []byte{0, 0, 0, 0, 0, 0, 0x01, 0x80, 0, 0, 0, 0, 0, 0, 0, 0},
			want: []byte{0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x08},
		},
		{
			// Sixteen 16-bit elements, rows of 2 bytes. Element 9 = 0x0001:
			// row 0, byte 9/8 = 1, bit 9%8 = 1. Element 0 = 0x4000: row
			// 1*8+6 = 14, byte 0, bit 0. Then 3 trailing bytes (one whole
			// element past the groups of 8 and a partial one) are copied.
			name: "BitShuffle/ts2/rows", fn: BitShuffle, typesize: 2,
			src: []byte{
				0x00, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
				0, 0, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
				0xAB, 0xCD, 0xEF,
			},
			want: []byte{
				0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
				0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x00, 0, 0,
				0xAB, 0xCD, 0xEF,
			},
		},
		{
			name: "BitUnshuffle/ts2", fn: BitUnshuffle, typesize: 2,
			src:  []byte{0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x08},
			want: []byte{0, 0, 0, 0, 0, 0, 0x01, 0x80, 0, 0, 0, 0, 0, 0, 0, 0},
		},
		{
			// Seven elements: no group of 8, everything is copied.
			name: "BitShuffle/ts1/short", fn: BitShuffle, typesize: 1,
			src: []byte{1, 2, 3, 4, 5, 6, 7}, want: []byte{1, 2, 3, 4, 5, 6, 7},
		},
	}
	forEachLevel(t, func(t *testing.T) {
		for _, tc := range tests {
			dst := make([]byte, len(tc.src))
			tc.fn(dst, tc.src, tc.typesize)
			if !bytes.Equal(dst, tc.want) {
				t.Errorf("%s: got % x, want % x", tc.name, dst, tc.want)
			}
		}
	})
}

// TestPanics checks the documented panics on bad arguments.
func TestPanics(t *testing.T) {
	for _, k := range kernels {
		for _, tc := range []struct {
			dst, src int
			typesize int
		}{
			{8, 8, 0},
			{8, 8, 256},
			{8, 8, -1},
			{7, 8, 4},
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s(dst %d, src %d, typesize %d) did not panic", k.name, tc.dst, tc.src, tc.typesize)
					}
				}()
				k.public(make([]byte, tc.dst), make([]byte, tc.src), tc.typesize)
			}()
		}
	}
}

// TestNoAllocs checks that the kernels do not allocate in steady state. The
// amd64 bit shuffle takes its tile buffer from a sync.Pool, which can miss
// now and then (a GC, or the goroutine moving to another P between Put and
// Get): the average over many calls must still round down to zero.
func TestNoAllocs(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	src := make([]byte, 64<<10+3)
	dst := make([]byte, len(src))
	fillRandom(src, 1)
	for _, k := range kernels {
		for _, ts := range []int{1, 2, 4, 7, 8, 16} {
			allocs := testing.AllocsPerRun(50, func() { k.public(dst, src, ts) })
			if allocs != 0 {
				t.Errorf("%s(typesize %d) allocates %v times", k.name, ts, allocs)
			}
		}
	}
}
