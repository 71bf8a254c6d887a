package lz4enc

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/pierrec/lz4/v4"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// oracle compresses with pierrec/lz4's port of LZ4_compress_fast.
func oracle(dst, src []byte, acceleration int) int {
	c := lz4.CompressorCCompat{Acceleration: acceleration}
	n, err := c.CompressBlock(src, dst)
	if err != nil {
		panic(err)
	}
	return n
}

// sentinel fills the bytes past a dst with it, to see that Compress does
// not write there.
const sentinel = 0xA5

// checkSame compresses src into a dst of dstLen bytes with both the oracle
// and c, and reports any difference in the result, the bytes, or a write
// past dstLen.
func checkSame(t *testing.T, c *Compressor, src []byte, acceleration, dstLen int) {
	t.Helper()
	want := make([]byte, dstLen)
	wn := oracle(want, src, acceleration)
	buf := bytes.Repeat([]byte{sentinel}, dstLen+32)
	gn := c.Compress(buf[:dstLen], src, acceleration)
	if gn != wn {
		t.Fatalf("len(src)=%d accel=%d len(dst)=%d: Compress = %d, oracle %d", len(src), acceleration, dstLen, gn, wn)
	}
	if !bytes.Equal(buf[:gn], want[:wn]) {
		i := 0
		for i < gn && buf[i] == want[i] {
			i++
		}
		t.Fatalf("len(src)=%d accel=%d len(dst)=%d: output differs from the oracle at byte %d of %d", len(src), acceleration, dstLen, i, gn)
	}
	for i, b := range buf[dstLen:] {
		if b != sentinel {
			t.Fatalf("len(src)=%d accel=%d len(dst)=%d: wrote past dst at %d", len(src), acceleration, dstLen, dstLen+i)
		}
	}
}

func testSizes() []int {
	sizes := []int{}
	for n := 0; n <= 40; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 64, 255, 256, 300, 1000, 4096, 32<<10,
		u16Limit-2, u16Limit-1, u16Limit, u16Limit+1, 100000, 256<<10)
	if !testing.Short() {
		sizes = append(sizes, 1<<20+3, 4<<20)
	}
	return sizes
}

var testAccelerations = []int{-5, 0, 1, 2, 5, 9, 100, MaxAcceleration, MaxAcceleration + 1}

// TestCompressMatchesOracle compares whole blocks, dst being
// CompressBound long, for every data set, size and acceleration.
func TestCompressMatchesOracle(t *testing.T) {
	c := new(Compressor)
	for _, ds := range datasets {
		for _, n := range testSizes() {
			src := ds.gen(n)
			for _, a := range testAccelerations {
				checkSame(t, c, src, a, CompressBound(n))
			}
		}
	}
}

// TestCompressLimitedOutput compares the results with dst shorter than
// CompressBound, around the compressed size and where lz4's conservative
// checks fail.
func TestCompressLimitedOutput(t *testing.T) {
	c := new(Compressor)
	for _, ds := range datasets {
		for _, n := range testSizes() {
			src := ds.gen(n)
			accs := []int{1, 9}
			if n > 100000 {
				accs = accs[:1]
			}
			for _, a := range accs {
				full := make([]byte, CompressBound(n))
				m := oracle(full, src, a)
				lens := map[int]bool{0: true, 1: true, 2: true, n: true, n + 1: true, CompressBound(n) - 1: true, n / 2: true}
				near, sweep := 12, 64
				if n > 300000 {
					near, sweep = 2, 8
				}
				for d := -near; d <= near; d++ {
					lens[m+d] = true
				}
				if n > 300 {
					// A sweep where the checks fail at every kind of step.
					for l := m / 2; l < m; l += 1 + m/sweep {
						lens[l] = true
					}
				} else {
					for l := 0; l < CompressBound(n); l++ {
						lens[l] = true
					}
				}
				for l := range lens {
					if l >= 0 && l < CompressBound(n) {
						checkSame(t, c, src, a, l)
					}
				}
			}
		}
	}
}

// TestCompressReuse checks that a Compressor gives the same output for an
// input after compressing others, of both table kinds.
func TestCompressReuse(t *testing.T) {
	c := new(Compressor)
	inputs := [][]byte{testgen.Text(1000, 7), testgen.RampNoise(200000), testgen.Text(70000, 8), testgen.Sine(5000), testgen.Text(1000, 7)}
	for i, src := range inputs {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			checkSame(t, c, src, 1, CompressBound(len(src)))
			checkSame(t, c, src, 3, len(src)/2)
		})
	}
}

// TestCompressRoundTrip decodes the output with pierrec/lz4, independently
// of the oracle comparison.
func TestCompressRoundTrip(t *testing.T) {
	c := new(Compressor)
	for _, ds := range datasets {
		for _, n := range []int{0, 13, 1000, u16Limit, 300000} {
			src := ds.gen(n)
			dst := make([]byte, CompressBound(n))
			m := c.Compress(dst, src, 1)
			if m == 0 {
				t.Fatalf("%s/%d: Compress = 0 with a CompressBound dst", ds.name, n)
			}
			out := make([]byte, n)
			k, err := lz4.UncompressBlock(dst[:m], out)
			if err != nil || k != n || !bytes.Equal(out, src) {
				t.Fatalf("%s/%d: round trip: n=%d err=%v", ds.name, n, k, err)
			}
		}
	}
}

// TestCompressEmpty checks the empty input's block and the too-large
// input's 0.
func TestCompressEmpty(t *testing.T) {
	c := new(Compressor)
	if n := c.Compress(nil, nil, 1); n != 0 {
		t.Errorf("Compress(nil, nil) = %d, want 0", n)
	}
	dst := []byte{9}
	if n := c.Compress(dst, nil, 1); n != 1 || dst[0] != 0 {
		t.Errorf("Compress(dst, nil) = %d, %v; want 1, [0]", n, dst)
	}
}

func TestCompressBound(t *testing.T) {
	for _, n := range []int{0, 1, 254, 255, 1 << 20, MaxInputSize} {
		if got, want := CompressBound(n), lz4.CompressBlockBound(n); got != want {
			t.Errorf("CompressBound(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestCompressEveryDstLen tries every dst length up to CompressBound on
// medium inputs of both table kinds, where lz4's limitedOutput checks
// fail at each kind of sequence.
func TestCompressEveryDstLen(t *testing.T) {
	c := new(Compressor)
	sizes := []int{3000}
	if !testing.Short() {
		sizes = append(sizes, u16Limit+500)
	}
	for _, ds := range datasets {
		for _, n := range sizes {
			src := ds.gen(n)
			step := 1
			if n > 10000 {
				step = 97
			}
			for l := 0; l < CompressBound(n); l += step {
				checkSame(t, c, src, 2, l)
			}
		}
	}
}
