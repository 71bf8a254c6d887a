package shuffle

import "testing"

// featureLevel is one selection of CPU features under test.
type featureLevel struct {
	name   string
	enable func()
}

// forEachLevel runs f once for every kernel level the CPU supports, as a
// subtest named after the level.
func forEachLevel(t *testing.T, f func(t *testing.T)) {
	levels, restore := featureLevels()
	defer restore()
	for _, l := range levels {
		l.enable()
		t.Run(l.name, f)
	}
}
