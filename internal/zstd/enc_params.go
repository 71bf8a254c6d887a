package zstd

import "math/bits"

// Match finding strategies, zstd's names.
const (
	stratFast = iota
	stratDfast
	stratGreedy
	stratLazy
	stratLazy2
	stratBtlazy2
)

// levelParams are a level's match finder settings for one input size
// (after zstd's parameter tables, lib/compress/clevels.h): hashLog,
// chainLog (the long hash of dfast), searchLog, minMatch and strategy.
// btlazy2 is zstd's lazy2 parse on a binary tree (dubtFinder). Rows
// whose zstd strategy is btopt, btultra or btultra2 come from optTables
// (enc_opt_params.go), which also holds their target length.
type levelParams struct {
	hashLog, chainLog, searchLog, minMatch, strat uint8
}

// zstd's tables for inputs of up to 16 KB, 128 KB, 256 KB and larger,
// levels 1 to 22 (index 0 unused): hash log, chain log, search log, min
// match and strategy (the window is the input in one-shot frames).
var levelTables = [4][23]levelParams{
	{ // up to 16 KB
		{}, {15, 14, 1, 5, stratFast}, {15, 14, 1, 4, stratFast}, {15, 14, 2, 4, stratDfast},
		{14, 14, 4, 4, stratGreedy}, {14, 14, 3, 4, stratLazy}, {14, 14, 4, 4, stratLazy2},
		{14, 14, 6, 4, stratLazy2}, {14, 14, 8, 4, stratLazy2}, {14, 15, 5, 4, stratBtlazy2},
		{14, 15, 9, 4, stratBtlazy2}, {14, 15, 3, 4, stratLazy2}, {14, 15, 4, 3, stratLazy2},
		{14, 15, 5, 3, stratLazy2}, {15, 15, 6, 3, stratLazy2}, {15, 15, 7, 3, stratLazy2},
		{15, 15, 5, 3, stratLazy2}, {15, 15, 6, 3, stratLazy2}, {15, 15, 7, 3, stratLazy2},
		{15, 15, 8, 3, stratLazy2}, {15, 15, 8, 3, stratLazy2}, {15, 15, 9, 3, stratLazy2},
		{15, 15, 10, 3, stratLazy2},
	},
	{ // up to 128 KB
		{}, {13, 12, 1, 6, stratFast}, {15, 13, 1, 5, stratFast}, {16, 15, 2, 5, stratDfast},
		{17, 17, 2, 4, stratDfast}, {17, 16, 3, 4, stratGreedy}, {17, 16, 3, 4, stratLazy},
		{17, 16, 3, 4, stratLazy2}, {17, 16, 4, 4, stratLazy2}, {17, 16, 5, 4, stratLazy2},
		{17, 16, 6, 4, stratLazy2}, {17, 17, 5, 4, stratBtlazy2}, {17, 18, 7, 4, stratBtlazy2},
		{17, 18, 3, 4, stratLazy2}, {17, 18, 4, 3, stratLazy2}, {17, 18, 6, 3, stratLazy2},
		{17, 18, 6, 3, stratLazy2}, {17, 18, 8, 3, stratLazy2}, {17, 18, 10, 3, stratLazy2},
		{17, 18, 5, 3, stratLazy2}, {17, 18, 7, 3, stratLazy2}, {17, 18, 9, 3, stratLazy2},
		{17, 18, 11, 3, stratLazy2},
	},
	{ // up to 256 KB
		{}, {14, 13, 1, 6, stratFast}, {14, 14, 1, 5, stratDfast}, {16, 16, 1, 4, stratDfast},
		{17, 16, 3, 5, stratGreedy}, {18, 17, 5, 5, stratGreedy}, {19, 18, 3, 5, stratLazy},
		{19, 18, 4, 4, stratLazy}, {19, 18, 4, 4, stratLazy2}, {19, 18, 5, 4, stratLazy2},
		{19, 18, 6, 4, stratLazy2}, {19, 18, 5, 4, stratBtlazy2}, {19, 19, 7, 4, stratBtlazy2},
		{19, 18, 4, 4, stratLazy2}, {19, 18, 4, 3, stratLazy2}, {19, 18, 6, 3, stratLazy2},
		{19, 19, 6, 3, stratLazy2}, {19, 19, 8, 3, stratLazy2}, {19, 19, 6, 3, stratLazy2},
		{19, 19, 8, 3, stratLazy2}, {19, 19, 10, 3, stratLazy2}, {19, 19, 12, 3, stratLazy2},
		{19, 19, 13, 3, stratLazy2},
	},
	{ // larger
		{}, {14, 13, 1, 7, stratFast}, {16, 15, 1, 6, stratFast}, {17, 16, 1, 5, stratDfast},
		{18, 18, 1, 5, stratDfast}, {19, 18, 3, 5, stratGreedy}, {19, 18, 3, 5, stratLazy},
		{20, 19, 4, 5, stratLazy}, {20, 19, 4, 5, stratLazy2}, {21, 20, 4, 5, stratLazy2},
		{22, 21, 5, 5, stratLazy2}, {22, 21, 6, 5, stratLazy2}, {23, 22, 6, 5, stratLazy2},
		{22, 22, 4, 5, stratBtlazy2}, {23, 22, 5, 5, stratBtlazy2}, {23, 23, 6, 5, stratBtlazy2},
		{22, 22, 5, 5, stratLazy2}, {22, 23, 5, 4, stratLazy2}, {22, 23, 6, 3, stratLazy2},
		{22, 24, 7, 3, stratLazy2}, {23, 25, 7, 3, stratLazy2}, {24, 26, 7, 3, stratLazy2},
		{25, 27, 9, 3, stratLazy2},
	},
}

// paramsFor returns the settings of level for an input of n bytes
// (dictionary content included), with the hash and chain logs cut to the
// input's size as zstd cuts them (at most one more than its log2; the
// chain log of btlazy2, whose tree has two entries a node, at most two
// more). btlazy2's minimum match of 4 or 5 is zstd's.
func paramsFor(level, n int) levelParams {
	t := sizeClass(n)
	level = min(max(level, MinLevel), MaxLevel)
	if o := optTables[t][level]; o.strat >= stratBtopt {
		return o.adjust(n)
	}
	p := levelTables[t][level]
	if p.strat == stratBtlazy2 {
		// ZSTD_adjustCParams: the window is cut to the input's log (at
		// least 6), the hash log to one more, and the tree's log, one
		// less than chainLog (a node has two links), to the window's.
		src := uint8(max(bits.Len(uint(max(n, 1)-1)), 6))
		p.hashLog = min(p.hashLog, src+1)
		p.chainLog = min(p.chainLog, src+1)
		return p
	}
	src := uint8(max(bits.Len(uint(max(n, 1)-1)), 10))
	p.hashLog = min(p.hashLog, src+1)
	p.chainLog = min(p.chainLog, src)
	if p.minMatch < 4 {
		p.minMatch = 4 // no 3-byte matches: they pay only with an optimal parser
	}
	return p
}

// sizeClass returns the parameter table for inputs of n bytes: 0 up to
// 16 KB, 1 up to 128 KB, 2 up to 256 KB, else 3.
func sizeClass(n int) int {
	switch {
	case n <= 16<<10:
		return 0
	case n <= 128<<10:
		return 1
	case n <= 256<<10:
		return 2
	}
	return 3
}
