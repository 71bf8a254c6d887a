package deflate

import (
	"hash/adler32"
	"math/rand"
	"testing"
)

func TestAdler32(t *testing.T) {
	defer func(v bool) { useAVX2 = v }(useAVX2)
	for _, simd := range []bool{false, useAVX2} {
		useAVX2 = simd
		testAdler32(t)
	}
}

func testAdler32(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	big := make([]byte, 600000)
	for _, fill := range []func(i int) byte{
		func(int) byte { return 0xff },
		func(int) byte { return 0 },
		func(int) byte { return byte(r.Intn(256)) },
	} {
		for i := range big {
			big[i] = fill(i)
		}
		for _, n := range []int{0, 1, 15, 16, 17, 31, 5551, 5552, 5553, 5568, 11104, 65536, 70000, 1<<18 + 31, 1<<18 + 32, 600000} {
			p := big[:n]
			if got, want := Adler32(1, p), adler32.Checksum(p); got != want {
				t.Fatalf("n=%d: Adler32 %08x, hash/adler32 %08x", n, got, want)
			}
			for _, start := range []uint32{1, 0xfff0fff0, 0x12345678 % (65521 << 16)} {
				start = start%65521 | (start>>16%65521)<<16
				if got, want := Adler32(start, p), adler32Generic(start, p); got != want {
					t.Fatalf("n=%d start %08x: Adler32 %08x, generic %08x", n, start, got, want)
				}
			}
		}
	}
}
