//go:build !purego

package zstd

// rowSearch is rowSearchGeneric in SSE2 assembly (the baseline of amd64):
// the tags of the row are compared 16 at a time, and the candidates are
// checked and extended without leaving registers.
//
//go:noescape
func rowSearch(b, row []byte, pos []uint32, ip, end, head int, tag uint8, attempts int, base uint32) (int, int)
