//go:build !purego

package shuffle

// Placeholder dispatch until the amd64 byte shuffle kernels land.

func shuffleArch(dst, src []byte, typesize int)   { shuffleGeneric(dst, src, typesize) }
func unshuffleArch(dst, src []byte, typesize int) { unshuffleGeneric(dst, src, typesize) }
