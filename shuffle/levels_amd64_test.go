//go:build !purego

package shuffle

// featureLevels lists every kernel level this CPU can run, best first, each
// with a function that switches the features above it off. The returned
// restore function puts the detected features back.
func featureLevels() (levels []featureLevel, restore func()) {
	sse2, avx2 := useSSE2, useAVX2
	restore = func() { useSSE2, useAVX2 = sse2, avx2 }
	if avx2 {
		levels = append(levels, featureLevel{"avx2", func() { useSSE2, useAVX2 = sse2, true }})
	}
	if sse2 {
		levels = append(levels, featureLevel{"sse2", func() { useSSE2, useAVX2 = true, false }})
	}
	levels = append(levels, featureLevel{"generic", func() { useSSE2, useAVX2 = false, false }})
	return levels, restore
}
