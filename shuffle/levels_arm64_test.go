//go:build !purego

package shuffle

// featureLevels lists every kernel level this CPU can run, best first, each
// with a function that selects it. The returned restore function puts the
// detected features back.
func featureLevels() (levels []featureLevel, restore func()) {
	neon := useNEON
	restore = func() { useNEON = neon }
	if neon {
		levels = append(levels, featureLevel{"neon", func() { useNEON = true }})
	}
	levels = append(levels, featureLevel{"generic", func() { useNEON = false }})
	return levels, restore
}
