//go:build purego || !amd64

package zstd

// rowFind is rowFindGeneric where there is no assembly twin.
func rowFind(f *rowFinder, ip, end int) (int, int) { return rowFindGeneric(f, ip, end) }
