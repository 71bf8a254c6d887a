//go:build !amd64 || purego

package deflate

// useAVX2 is false: no assembly on this platform or with purego.
var useAVX2 = false

// adlerSIMD leaves p to the portable code.
func adlerSIMD(s1, s2 uint32, p []byte) (uint32, uint32, []byte) { return s1, s2, p }
