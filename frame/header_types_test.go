package frame

import (
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// TestHeaderTypedParams writes headers from typed Params and checks the
// stored bytes (codec_flags, other_flags, filters, udcodec) and what the
// reader gives back, unknown codec and filter ids included.
func TestHeaderTypedParams(t *testing.T) {
	tests := []struct {
		codec      blosc.Codec
		split      blosc.SplitMode
		filters    [blosc.MaxFilters]blosc.Filter
		codecFlags byte // with clevel 5
		otherFlags byte
		codecName  string
		splitName  string
		lastFilter string
	}{
		{blosc.BloscLZ, blosc.SplitForwardCompat, [6]blosc.Filter{5: blosc.Shuffle}, 0x50, 3, "blosclz", "forward_compat", "shuffle"},
		{blosc.LZ4, blosc.SplitAlways, [6]blosc.Filter{4: blosc.Delta, 5: blosc.BitShuffle}, 0x51, 0, "lz4", "always", "bitshuffle"},
		{blosc.LZ4HC, blosc.SplitNever, [6]blosc.Filter{}, 0x52, 1, "lz4hc", "never", "nofilter"},
		{blosc.Zlib, blosc.SplitAuto, [6]blosc.Filter{5: blosc.ByteDelta}, 0x54, 2, "zlib", "auto", "bytedelta"},
		{blosc.Zstd, 0, [6]blosc.Filter{5: blosc.Filter(99)}, 0x55, 3, "zstd", "forward_compat", "filter(99)"},
		{blosc.Codec(3), blosc.SplitAuto, [6]blosc.Filter{5: blosc.Filter(200)}, 0x53, 2, "snappy", "auto", "user-filter(200)"},
		{blosc.CodecNDLZ, blosc.SplitAuto, [6]blosc.Filter{0: blosc.NDCell}, 0x56, 2, "ndlz", "auto", "nofilter"},
		{blosc.Codec(7), blosc.SplitAuto, [6]blosc.Filter{}, 0x56, 2, "codec(7)", "auto", "nofilter"},
		{blosc.Codec(200), blosc.SplitNever, [6]blosc.Filter{}, 0x56, 1, "user-codec(200)", "never", "nofilter"},
	}
	for _, tc := range tests {
		p := DefaultParams()
		p.Codec, p.SplitMode, p.Filters, p.Clevel = tc.codec, tc.split, tc.filters, 5
		must(t, p.normalize())
		b := appendHeader(nil, headerFields{p: &p, frameLen: 1 << 10, chunksize: -1})
		if b[posCodecFlags] != tc.codecFlags || b[posOtherFlags] != tc.otherFlags || b[posUDCodec] != byte(tc.codec) {
			t.Errorf("%v: codec_flags %#x other_flags %#x udcodec %d, want %#x %#x %d",
				tc.codec, b[posCodecFlags], b[posOtherFlags], b[posUDCodec], tc.codecFlags, tc.otherFlags, byte(tc.codec))
		}
		for i, f := range tc.filters {
			if b[posFilters+i] != byte(f) {
				t.Errorf("%v: filter slot %d stored %d, want %d", tc.codec, i, b[posFilters+i], byte(f))
			}
		}
		h, err := parseHeaderFixed(b)
		must(t, err)
		if h.Codec != tc.codec || h.Codec.String() != tc.codecName {
			t.Errorf("read codec %d %q, want %d %q", h.Codec, h.Codec, tc.codec, tc.codecName)
		}
		if h.SplitMode.String() != tc.splitName || h.Filters != tc.filters || h.Filters[5].String() != tc.lastFilter {
			t.Errorf("%v: read splitmode %v filters %v", tc.codec, h.SplitMode, h.Filters)
		}
		if h.Clevel != 5 {
			t.Errorf("%v: clevel %d", tc.codec, h.Clevel)
		}
	}
}

// TestParamsSplitModeRange: a split mode beyond the four C-Blosc2 defines
// is refused.
func TestParamsSplitModeRange(t *testing.T) {
	p := DefaultParams()
	p.SplitMode = blosc.SplitMode(5)
	if _, err := NewWriter(&writerAtBuffer{}, p); err == nil {
		t.Fatal("split mode 5 accepted")
	}
}
