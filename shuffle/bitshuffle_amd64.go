//go:build !purego

package shuffle

// Placeholder dispatch until the amd64 bit shuffle kernels land.

func bitshuffleArch(dst, src []byte, typesize int)   { bitshuffleGeneric(dst, src, typesize) }
func bitunshuffleArch(dst, src []byte, typesize int) { bitunshuffleGeneric(dst, src, typesize) }
