//go:build !purego

package zstd

// rowFind is rowFindGeneric in assembly (SSE2, the baseline of amd64):
// the positions since the last search are entered, the position hashed,
// the tags of its row compared 16 at a time, the candidates checked and
// extended, and the position entered, without leaving registers. On Blosc's streams most searches find one candidate
// or none, so the Go version's overhead was most of the work: with this,
// whole frames at level 9 take 10-40% less CPU time
// (BenchmarkEncoderBlosc against -tags purego).
//
//go:noescape
func rowFind(f *rowFinder, ip, end int) (int, int)
