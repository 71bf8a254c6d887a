package blosc

import (
	"github.com/blosc2go/blosc2/shuffle"
)

// applyFilter runs filter slot i forward over src (a block of the input or
// the output of the previous filter) into dst, which has len(src) bytes.
// ref is the decoded block 0 for DELTA on the other blocks (nil for block 0).
// Bytes past the last whole element are copied unchanged by every filter.
func (o *Options) applyFilter(i int, dst, src, ref []byte) {
	ts := o.Typesize
	meta := o.FiltersMeta[i]
	switch o.Filters[i] {
	case Shuffle:
		g := ts
		if meta != 0 {
			g = int(meta)
		}
		shuffle.Shuffle(dst, src, g)
	case BitShuffle:
		bitShuffle(dst, src, ts, o.Format == FormatBlosc1)
	case Delta:
		deltaEncode(dst, src, ref, ts)
	case TruncPrec:
		truncPrecEncode(dst, src, ts, int8(meta))
	case IntTrunc:
		intTruncEncode(dst, src, ts, int8(meta))
	case ByteDelta:
		byteDeltaEncode(dst, src, int(meta))
	}
}
