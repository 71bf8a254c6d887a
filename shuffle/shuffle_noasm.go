//go:build purego || !(amd64 || arm64)

package shuffle

func shuffleArch(dst, src []byte, typesize int)      { shuffleGeneric(dst, src, typesize) }
func unshuffleArch(dst, src []byte, typesize int)    { unshuffleGeneric(dst, src, typesize) }
func bitshuffleArch(dst, src []byte, typesize int)   { bitshuffleGeneric(dst, src, typesize) }
func bitunshuffleArch(dst, src []byte, typesize int) { bitunshuffleGeneric(dst, src, typesize) }
