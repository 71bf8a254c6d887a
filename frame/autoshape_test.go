package frame

import (
	"reflect"
	"testing"
)

// TestAutoShapes checks AutoShapes against python-blosc2's
// compute_chunks_blocks run (in Python) with the same fixed inputs
// (128 KiB block target, chunks of 32 blocks and at least 4 MiB).
func TestAutoShapes(t *testing.T) {
	cases := []struct {
		shape, chunks, blocks []int64
		itemsize              int
		wantC, wantB          []int64
	}{
		{[]int64{300, 1000}, nil, nil, 8, []int64{300, 1000}, []int64{15, 1000}},
		{[]int64{10000000}, nil, nil, 4, []int64{1000000}, []int64{31250}},
		{[]int64{1, 1, 5}, nil, nil, 8, []int64{1, 1, 5}, []int64{1, 1, 5}},
		{[]int64{0, 5}, nil, nil, 8, []int64{1, 5}, []int64{1, 5}},
		{[]int64{1000, 1000}, []int64{100, 100}, nil, 1, []int64{100, 100}, []int64{100, 100}},
		{[]int64{1000, 1000}, nil, []int64{3, 7}, 8, []int64{501, 1000}, []int64{3, 7}},
		{[]int64{5}, nil, nil, 1 << 20, []int64{5}, []int64{1}},
		{[]int64{123, 45}, nil, nil, 8, []int64{123, 45}, []int64{123, 45}},
		{[]int64{7919, 13, 17}, nil, nil, 2, []int64{7919, 13, 17}, []int64{296, 13, 17}},
		{[]int64{100, 200, 300}, nil, nil, 4, []int64{10, 200, 300}, []int64{1, 100, 300}},
		{[]int64{1000003}, nil, nil, 8, []int64{524288}, []int64{16384}},
		{[]int64{}, nil, nil, 8, []int64{}, []int64{}},
	}
	for _, c := range cases {
		gc, gb, err := AutoShapes(c.shape, c.chunks, c.blocks, c.itemsize)
		if err != nil {
			t.Errorf("%v: %v", c.shape, err)
			continue
		}
		if !reflect.DeepEqual(gc, c.wantC) || !reflect.DeepEqual(gb, c.wantB) {
			t.Errorf("AutoShapes(%v, %v, %v, %d) = %v, %v; want %v, %v", c.shape, c.chunks, c.blocks, c.itemsize, gc, gb, c.wantC, c.wantB)
		}
	}
	for _, bad := range []struct {
		shape, chunks, blocks []int64
	}{
		{[]int64{10}, []int64{5, 5}, nil},
		{[]int64{10, 10}, []int64{5, 5}, []int64{6, 5}},
		{[]int64{-1}, nil, nil},
		{[]int64{10}, []int64{0}, nil},
	} {
		if _, _, err := AutoShapes(bad.shape, bad.chunks, bad.blocks, 8); err == nil {
			t.Errorf("AutoShapes(%v, %v, %v) accepted", bad.shape, bad.chunks, bad.blocks)
		}
	}
}

func TestDtypeString(t *testing.T) {
	for in, want := range map[string]string{
		"f8": "<f8", "=i4": "<i4", "<f8": "<f8", ">f8": ">f8", "|u1": "|u1", "u1": "|u1", "<u1": "|u1", "i1": "|i1",
		"b1": "|b1", "S10": "|S10", "<S10": "|S10", "U5": "<U5", ">U5": ">U5", "<M8[ns]": "<M8[ns]", "m8[s]": "<m8[s]",
		"V16": "|V16", "c16": "<c16",
	} {
		d, err := ParseDtype(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got := d.String(); got != want {
			t.Errorf("ParseDtype(%q).String() = %q, want %q", in, got, want)
		}
		txt, _ := d.MarshalText()
		var back Dtype
		if err := back.UnmarshalText(txt); err != nil || back.String() != want {
			t.Errorf("%s: text round trip %q: %v", in, back, err)
		}
	}
	for _, bad := range []string{"", "float32", "<q8", "f", "<f0"} {
		if _, err := ParseDtype(bad); err == nil {
			t.Errorf("ParseDtype(%q) accepted", bad)
		}
	}
}
