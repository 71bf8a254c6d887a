package blosc

import "strconv"

// Filter identifies a filter of the pipeline (a byte of the filters array).
type Filter uint8

// Filters of the Blosc format. IDs 32 and up are registered plugin filters,
// 160 and up user-defined ones.
const (
	NoFilter   Filter = 0
	Shuffle    Filter = 1
	BitShuffle Filter = 2
	Delta      Filter = 3
	TruncPrec  Filter = 4

	NDCell         Filter = 32
	NDMean         Filter = 33
	ByteDeltaBuggy Filter = 34
	ByteDelta      Filter = 35
	IntTrunc       Filter = 36
)

var filterNames = map[Filter]string{
	NoFilter:       "nofilter",
	Shuffle:        "shuffle",
	BitShuffle:     "bitshuffle",
	Delta:          "delta",
	TruncPrec:      "trunc_prec",
	NDCell:         "ndcell",
	NDMean:         "ndmean",
	ByteDeltaBuggy: "bytedelta_buggy",
	ByteDelta:      "bytedelta",
	IntTrunc:       "int_trunc",
}

// String returns the name C-Blosc2 uses for the filter ("shuffle",
// "bytedelta", ...), or "filter(N)" for an unknown ID.
func (f Filter) String() string {
	if s, ok := filterNames[f]; ok {
		return s
	}
	if f >= 160 {
		return "user-filter(" + strconv.Itoa(int(f)) + ")"
	}
	return "filter(" + strconv.Itoa(int(f)) + ")"
}

// Decodable reports whether this package can undo the filter.
func (f Filter) Decodable() bool {
	switch f {
	case NoFilter, Shuffle, BitShuffle, Delta, TruncPrec, ByteDeltaBuggy, ByteDelta, IntTrunc:
		return true
	}
	return false
}

// noopOnDecode reports whether the filter needs no work when decoding.
func (f Filter) noopOnDecode() bool {
	return f == NoFilter || f == TruncPrec || f == IntTrunc
}
