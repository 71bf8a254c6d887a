//go:build purego || !amd64

package zstd

// useRowFindAsm is false where rowFind has no assembly twin.
var useRowFindAsm = false

// rowFind is rowFindGeneric where there is no assembly twin.
func rowFind(f *rowFinder, ip, end int) (int, int) { return rowFindGeneric(f, ip, end) }
