package zstd

import "math/bits"

// The optimal parsers' strategies, zstd's numbering (stratLazy2+1 is
// btlazy2, the lazily sorted binary tree).
const (
	stratBtopt    = stratLazy2 + 2 // optimal parser, whole-bit prices
	stratBtultra  = stratLazy2 + 3 // fractional-bit prices
	stratBtultra2 = stratLazy2 + 4 // btultra after a first pass over the first block
)

// optRow is a row of zstd's parameter tables for the optimal parsers:
// the window log, the levelParams fields and the target length, the match length from
// which a match is taken without further search.
type optRow struct {
	windowLog, hashLog, chainLog, searchLog, minMatch, strat uint8
	targetLength                                             uint16
}

// optTables are the rows of zstd v1.5.6's parameter tables
// (lib/compress/clevels.h) whose strategy is btopt, btultra or btultra2,
// for inputs of up to 16 KB, 128 KB, 256 KB and larger; the other rows
// are zero and come from levelTables.
var optTables = [4][23]optRow{
	{ // up to 16 KB
		11: {14, 14, 15, 3, 4, stratBtopt, 12},
		12: {14, 14, 15, 4, 3, stratBtopt, 24},
		13: {14, 14, 15, 5, 3, stratBtultra, 32},
		14: {14, 15, 15, 6, 3, stratBtultra, 64},
		15: {14, 15, 15, 7, 3, stratBtultra, 256},
		16: {14, 15, 15, 5, 3, stratBtultra2, 48},
		17: {14, 15, 15, 6, 3, stratBtultra2, 128},
		18: {14, 15, 15, 7, 3, stratBtultra2, 256},
		19: {14, 15, 15, 8, 3, stratBtultra2, 256},
		20: {14, 15, 15, 8, 3, stratBtultra2, 512},
		21: {14, 15, 15, 9, 3, stratBtultra2, 512},
		22: {14, 15, 15, 10, 3, stratBtultra2, 999},
	},
	{ // up to 128 KB
		13: {17, 17, 18, 3, 4, stratBtopt, 12},
		14: {17, 17, 18, 4, 3, stratBtopt, 32},
		15: {17, 17, 18, 6, 3, stratBtopt, 256},
		16: {17, 17, 18, 6, 3, stratBtultra, 128},
		17: {17, 17, 18, 8, 3, stratBtultra, 256},
		18: {17, 17, 18, 10, 3, stratBtultra, 512},
		19: {17, 17, 18, 5, 3, stratBtultra2, 256},
		20: {17, 17, 18, 7, 3, stratBtultra2, 512},
		21: {17, 17, 18, 9, 3, stratBtultra2, 512},
		22: {17, 17, 18, 11, 3, stratBtultra2, 999},
	},
	{ // up to 256 KB
		13: {18, 19, 18, 4, 4, stratBtopt, 16},
		14: {18, 19, 18, 4, 3, stratBtopt, 32},
		15: {18, 19, 18, 6, 3, stratBtopt, 128},
		16: {18, 19, 19, 6, 3, stratBtultra, 128},
		17: {18, 19, 19, 8, 3, stratBtultra, 256},
		18: {18, 19, 19, 6, 3, stratBtultra2, 128},
		19: {18, 19, 19, 8, 3, stratBtultra2, 256},
		20: {18, 19, 19, 10, 3, stratBtultra2, 512},
		21: {18, 19, 19, 12, 3, stratBtultra2, 512},
		22: {18, 19, 19, 13, 3, stratBtultra2, 999},
	},
	{ // larger
		16: {22, 22, 22, 5, 5, stratBtopt, 48},
		17: {23, 22, 23, 5, 4, stratBtopt, 64},
		18: {23, 22, 23, 6, 3, stratBtultra, 64},
		19: {23, 22, 24, 7, 3, stratBtultra2, 256},
		20: {25, 23, 25, 7, 3, stratBtultra2, 256},
		21: {26, 24, 26, 7, 3, stratBtultra2, 512},
		22: {27, 25, 27, 9, 3, stratBtultra2, 999},
	},
}

// adjust returns the row's settings for an input of n bytes (dictionary
// content included), as zstd's
// ZSTD_adjustCParams_internal makes them for a binary tree strategy: the
// window is cut to the input, the hash log to one more than the window
// log, and the tree, whose log is the chain log less one, to the window.
// minMatch stays 3 where the table says so: the optimal parsers price
// 3-byte matches (zstd's hash3 table finds them).
func (o optRow) adjust(n int) levelParams {
	p := levelParams{hashLog: o.hashLog, chainLog: o.chainLog, searchLog: o.searchLog, minMatch: o.minMatch, strat: o.strat}
	w := o.window(n)
	p.hashLog = min(p.hashLog, w+1)
	p.chainLog = min(p.chainLog, w+1)
	return p
}

// optTarget returns the target length of level for an input of n bytes
// (0 if level's strategy is not an optimal parser).
func optTarget(level, n int) int {
	return int(optTables[sizeClass(n)][min(max(level, MinLevel), MaxLevel)].targetLength)
}

// window returns the window log for an input of n bytes before zstd's
// floor of 10: the row's, cut to the input (at least 6).
func (o optRow) window(n int) uint8 {
	return min(o.windowLog, uint8(max(bits.Len(uint(max(n, 1)-1)), 6)))
}

// optHash3Log returns the log of the hash3 table of level for an input
// of n bytes: the window log (at least 10), at most hash3MaxLg.
func optHash3Log(level, n int) uint8 {
	o := optTables[sizeClass(n)][min(max(level, MinLevel), MaxLevel)]
	return min(hash3MaxLg, max(o.window(n), 10))
}
