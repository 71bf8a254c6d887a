package lz4dec

import (
	"bytes"
	"fmt"
	"testing"
)

// withFast runs f with the assembly loop on and then off (where the build
// has one) and returns both results.
func withFast(f func() []byte) (fast, portable []byte) {
	saved := useFast
	defer func() { useFast = saved }()
	useFast = haveFast && saved
	fast = f()
	useFast = false
	portable = f()
	return fast, portable
}

// TestFastMatchesPortable cross-checks the assembly sequence loop with the
// portable code on every input, size and encoder, with and without room
// after the output, and on blocks with a dictionary.
func TestFastMatchesPortable(t *testing.T) {
	if !haveFast || !useFast {
		t.Skip("no assembly loop in this build or on this CPU")
	}
	decode := func(src, dict []byte, n int) func() []byte {
		return func() []byte {
			dst := make([]byte, n)
			k, err := Decompress(dst, src, dict)
			// Past k, dst is unspecified (wild copies, abandoned sequences).
			return []byte(fmt.Sprint(k, err, dst[:k]))
		}
	}
	for _, in := range inputs {
		for _, n := range sizes() {
			data := in.gen(n)
			for _, e := range encoders {
				if n > 1<<20 && e.name != "lz4enc-a1" {
					continue
				}
				src := e.enc(data)
				for _, extra := range []int{0, 7, 40} {
					fast, portable := withFast(decode(src, nil, n+extra))
					if !bytes.Equal(fast, portable) {
						t.Fatalf("%s/%d/%s +%d: the assembly loop and the portable code differ", in.name, n, e.name, extra)
					}
				}
				// Damaged copies: the same error or the same bytes.
				if len(src) > 40 {
					bad := append([]byte(nil), src...)
					bad[len(bad)/2] ^= 0x5a
					bad[len(bad)/3] ^= 0xf0
					fast, portable := withFast(decode(bad, nil, n))
					if !bytes.Equal(fast, portable) {
						t.Fatalf("%s/%d/%s damaged: the assembly loop and the portable code differ", in.name, n, e.name)
					}
				}
			}
			if n >= 100 && n <= 1<<17 {
				d := n / 3
				src := compressDict(data[d:], data[:d])
				fast, portable := withFast(decode(src, data[:d], n-d))
				if !bytes.Equal(fast, portable) {
					t.Fatalf("%s/%d dict: the assembly loop and the portable code differ", in.name, n)
				}
			}
		}
	}
}
