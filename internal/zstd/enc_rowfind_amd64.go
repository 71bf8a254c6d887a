//go:build !purego

package zstd

// useRowFindAsm selects rowFindAsm over rowFindGeneric in rowFind (tests
// turn it off so that rowScanGeneric, which searches with rowFind, is an
// oracle independent of the assembly).
var useRowFindAsm = true

// rowFind is the search of the row match finder: rowFindAsm, or
// rowFindGeneric with the assembly off. rowScan's assembly does not call
// it: it runs the same search (enc_rowfind_amd64.h) in its own loop.
func rowFind(f *rowFinder, ip, end int) (int, int) {
	if useRowFindAsm {
		return rowFindAsm(f, ip, end)
	}
	return rowFindGeneric(f, ip, end)
}

// rowFindAsm is rowFindGeneric in assembly (SSE2, the baseline of amd64):
// the positions since the last search are entered, the position hashed,
// the tags of its row compared 16 at a time, the candidates checked and
// extended, and the position entered, without leaving registers. On
// Blosc's streams most searches find one candidate or none, so the Go
// version's overhead was most of the work: with this, whole frames at
// level 9 take 10-40% less CPU time (BenchmarkEncoderBlosc against -tags
// purego).
//
//go:noescape
func rowFindAsm(f *rowFinder, ip, end int) (int, int)
