//go:build purego || !amd64

package zstd

// hufStreamLoop is hufStreamGeneric where there is no assembly twin.
func hufStreamLoop(elt *[256]uint64, maxLen int, buf []byte, pos int, src []byte) (int, uint64, uint64) {
	return hufStreamGeneric(elt, buf, pos, src, 0, 0)
}
