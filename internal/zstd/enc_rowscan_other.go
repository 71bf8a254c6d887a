//go:build purego || !amd64

package zstd

// useRowScanAsm is false where rowScan has no assembly twin.
var useRowScanAsm = false

// rowScan is rowScanGeneric where there is no assembly twin.
func rowScan(f *rowFinder, rep, anchor, ip, limit, end, depth int) (nip, ml, off, start int) {
	return rowScanGeneric(f, rep, anchor, ip, limit, end, depth)
}
