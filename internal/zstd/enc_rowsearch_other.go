//go:build purego || !amd64

package zstd

// rowSearch is rowSearchGeneric where there is no assembly twin.
func rowSearch(b, row []byte, pos []uint32, ip, end, head int, tag uint8, attempts int, base uint32) (int, int) {
	return rowSearchGeneric(b, row, pos, ip, end, head, tag, attempts, base)
}
