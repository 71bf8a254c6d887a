//go:build purego || !amd64

package zstd

// hufStreamLoop is hufStreamGeneric where there is no assembly twin.
func hufStreamLoop(h *hufEnc, buf []byte, pos int, src []byte) (int, uint64, uint64) {
	return hufStreamGeneric(&h.elt, buf, pos, src, 0, 0)
}
