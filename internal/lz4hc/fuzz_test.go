package lz4hc

import (
	"bytes"
	"testing"

	"github.com/pierrec/lz4/v4"
)

// FuzzCompress compresses arbitrary input at a level (1..9) into a dst of
// CompressBound bytes, which must hold the block, and into a dst of a
// fuzzed capacity, which must get the same block or 0 and nothing past its
// end; the block must decode to the input. Seeds: the corpus streams and
// the test inputs. New inputs take long to minimize (the default
// -fuzzminimizetime is 60 s per input); run it with a short one:
//
//	go test -run XXX -fuzz FuzzCompress -fuzztime 60s -fuzzminimizetime 3s ./internal/lz4hc/
func FuzzCompress(f *testing.F) {
	// Small seeds: the fuzzer minimizes every new input, which takes long
	// for large ones.
	const seedMax = 8 << 10
	for _, s := range goldenStreams(f) {
		in := s.input
		if len(in) > seedMax {
			in = in[:seedMax]
		}
		f.Add(in, uint8(s.level), uint16(len(s.stored)))
	}
	for i, d := range testInputs(seedMax) {
		f.Add(d.data, uint8(1+i%MaxLevel), uint16(len(d.data)/2))
	}
	const inputMax = 256 << 10
	c := NewCompressor()
	full := make([]byte, CompressBound(inputMax))
	out := make([]byte, inputMax)
	f.Fuzz(func(t *testing.T, src []byte, level uint8, capacity uint16) {
		if len(src) > inputMax {
			return
		}
		l := 1 + int(level)%MaxLevel
		n := c.Compress(full[:CompressBound(len(src))], src, l)
		if n <= 0 {
			t.Fatalf("level %d: %d with CompressBound room", l, n)
		}
		m, err := lz4.UncompressBlock(full[:n], out[:len(src)])
		if err != nil || m != len(src) || !bytes.Equal(out[:m], src) {
			t.Fatalf("level %d: round trip failed: %d bytes, %v", l, m, err)
		}
		dcap := int(capacity)
		dst := make([]byte, dcap+8)
		for i := range dst {
			dst[i] = 0x5A
		}
		k := c.Compress(dst[:dcap], src, l)
		for i := dcap; i < len(dst); i++ {
			if dst[i] != 0x5A {
				t.Fatalf("level %d cap %d: wrote past len(dst)", l, dcap)
			}
		}
		if k != 0 && (k != n || !bytes.Equal(dst[:k], full[:n])) {
			t.Fatalf("level %d cap %d: %d bytes, %d with full room", l, dcap, k, n)
		}
		if k == 0 && dcap >= CompressBound(len(src)) {
			t.Fatalf("level %d cap %d: 0 with CompressBound room", l, dcap)
		}
	})
}
