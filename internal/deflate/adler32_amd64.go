//go:build !purego

package deflate

import "golang.org/x/sys/cpu"

// useAVX2 selects the AVX2 kernel; the tests turn it off to check the
// portable code.
var useAVX2 = cpu.X86.HasAVX2

// adler32AVX2 sums p (len(p) a multiple of 32, at most 1<<18): s is the sum
// of the bytes, w the sum over each 32-byte block of (32-j)*p[j], prefix the
// sum over the blocks of the bytes before them.
//
//go:noescape
func adler32AVX2(p []byte) (s, w, prefix uint64)

// adlerSIMD folds the longest prefix of p that is a multiple of 32 bytes
// into the sums and returns the rest of p.
func adlerSIMD(s1, s2 uint32, p []byte) (uint32, uint32, []byte) {
	if !useAVX2 {
		return s1, s2, p
	}
	for len(p) >= 32 {
		n := len(p) &^ 31
		if n > 1<<18 {
			n = 1 << 18
		}
		s, w, prefix := adler32AVX2(p[:n])
		t2 := uint64(s2) + uint64(n)*uint64(s1) + 32*prefix + w
		s1 = uint32((uint64(s1) + s) % adlerMod)
		s2 = uint32(t2 % adlerMod)
		p = p[n:]
	}
	return s1, s2, p
}
