//go:build purego || !(amd64 || arm64)

package shuffle

// featureLevels has only the generic level without assembly.
func featureLevels() (levels []featureLevel, restore func()) {
	return []featureLevel{{"generic", func() {}}}, func() {}
}
