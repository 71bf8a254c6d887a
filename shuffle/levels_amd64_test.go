//go:build !purego

package shuffle

// featureLevels lists every kernel level this CPU can run, best first, each
// with a function that selects it by switching the features above it off.
// The returned restore function puts the detected features back.
func featureLevels() (levels []featureLevel, restore func()) {
	sse2, avx2, gfni, avx512 := useSSE2, useAVX2, useGFNI, useAVX512
	restore = func() { useSSE2, useAVX2, useGFNI, useAVX512 = sse2, avx2, gfni, avx512 }
	set := func(s, a, g, z bool) func() {
		return func() { useSSE2, useAVX2, useGFNI, useAVX512 = s, a, g, z }
	}
	if avx2 && avx512 {
		// The byte shuffle's AVX-512 kernels need no GFNI; the bit
		// shuffle's do, and fall back to AVX2 without it.
		levels = append(levels, featureLevel{"avx512", set(sse2, true, gfni, true)})
	}
	if avx2 && gfni {
		levels = append(levels, featureLevel{"gfni", set(sse2, true, true, false)})
	}
	if avx2 {
		levels = append(levels, featureLevel{"avx2", set(sse2, true, false, false)})
	}
	if sse2 {
		levels = append(levels, featureLevel{"sse2", set(true, false, false, false)})
	}
	levels = append(levels, featureLevel{"generic", set(false, false, false, false)})
	return levels, restore
}
