package blosc_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// TestFillSpecialMatchesDecoder fills whole special chunks and ranges of
// them with FillSpecial and compares with what the decoder gives for the
// chunk AppendZeros/AppendNaNs/AppendRepeat/AppendUninit build.
func TestFillSpecialMatchesDecoder(t *testing.T) {
	type kind struct {
		sp    blosc.SpecialValue
		build func(nbytes, typesize int) ([]byte, error)
	}
	repeatValue := func(typesize int) []byte {
		v := make([]byte, typesize)
		for i := range v {
			v[i] = byte(0x11 * (i + 1))
		}
		return v
	}
	kinds := []kind{
		{blosc.SpecialZeros, func(n, ts int) ([]byte, error) { return blosc.AppendZeros(nil, n, ts) }},
		{blosc.SpecialNaN, func(n, ts int) ([]byte, error) { return blosc.AppendNaNs(nil, n, ts) }},
		{blosc.SpecialUninit, func(n, ts int) ([]byte, error) { return blosc.AppendUninit(nil, n, ts) }},
		{blosc.SpecialRepeat, func(n, ts int) ([]byte, error) { return blosc.AppendRepeat(nil, repeatValue(ts), n) }},
	}
	tests := []struct {
		typesize, nbytes int
		ranges           [][2]int // [start, end) in decoded bytes
	}{
		{1, 1, [][2]int{{0, 1}, {1, 1}}},
		{2, 4000, [][2]int{{0, 4000}, {3, 17}, {1, 3999}, {3999, 4000}}},
		{3, 999, [][2]int{{0, 999}, {1, 2}, {2, 7}, {500, 998}}},
		{4, 4000, [][2]int{{0, 4000}, {3, 17}, {1, 3999}, {4, 8}, {3995, 4000}, {7, 7}}},
		{8, 4096, [][2]int{{0, 4096}, {5, 6}, {13, 4091}, {8, 16}, {4090, 4096}}},
		{16, 160, [][2]int{{0, 160}, {15, 33}, {159, 160}}},
	}
	for _, k := range kinds {
		for _, tc := range tests {
			if k.sp == blosc.SpecialNaN && tc.typesize != 4 && tc.typesize != 8 {
				continue // AppendNaNs refuses these; see TestFillSpecialErrors
			}
			chunk, err := k.build(tc.nbytes, tc.typesize)
			if err != nil {
				t.Fatalf("%v typesize %d: %v", k.sp, tc.typesize, err)
			}
			h, err := blosc.ReadHeader(chunk)
			if err != nil {
				t.Fatal(err)
			}
			if h.Special() != k.sp {
				t.Fatalf("built chunk is %v, want %v", h.Special(), k.sp)
			}
			var value []byte
			if k.sp == blosc.SpecialRepeat {
				value = chunk[blosc.ExtendedHeaderLen:h.Cbytes]
			}
			for _, r := range tc.ranges {
				want, err := blosc.DecompressRange(nil, chunk, r[0], r[1]-r[0])
				if err != nil {
					t.Fatalf("%v typesize %d range %v: %v", k.sp, tc.typesize, r, err)
				}
				if r == [2]int{0, tc.nbytes} {
					all, err := blosc.Decompress(nil, chunk)
					if err != nil || !bytes.Equal(all, want) {
						t.Fatalf("%v typesize %d: Decompress and DecompressRange disagree (%v)", k.sp, tc.typesize, err)
					}
				}
				got := bytes.Repeat([]byte{0xAA}, r[1]-r[0])
				if err := blosc.FillSpecial(got, k.sp, tc.typesize, value, int64(r[0])); err != nil {
					t.Fatalf("%v typesize %d range %v: %v", k.sp, tc.typesize, r, err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%v typesize %d bytes [%d,%d): % x, decoder gives % x",
						k.sp, tc.typesize, r[0], r[1], head16(got), head16(want))
				}
			}
		}
	}
}

func head16(b []byte) []byte {
	if len(b) > 16 {
		return b[:16]
	}
	return b
}

// TestFillSpecialNaNBits checks the exact NaN bits C-Blosc2 writes.
func TestFillSpecialNaNBits(t *testing.T) {
	for _, tc := range []struct {
		typesize int
		want     []byte
	}{
		{4, []byte{0x00, 0x00, 0xc0, 0x7f}},
		{8, []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f}},
	} {
		got := make([]byte, 3*tc.typesize)
		if err := blosc.FillSpecial(got, blosc.SpecialNaN, tc.typesize, nil, 0); err != nil {
			t.Fatal(err)
		}
		if want := bytes.Repeat(tc.want, 3); !bytes.Equal(got, want) {
			t.Errorf("typesize %d: % x, want % x", tc.typesize, got, want)
		}
	}
}

// TestFillSpecialErrors: arguments that describe no special content are
// refused with ErrInvalidOptions and leave dst untouched.
func TestFillSpecialErrors(t *testing.T) {
	tests := []struct {
		name     string
		sp       blosc.SpecialValue
		typesize int
		value    []byte
		off      int64
	}{
		{"none", blosc.SpecialNone, 4, nil, 0},
		{"unknown", blosc.SpecialValue(5), 4, nil, 0},
		{"unknown 7", blosc.SpecialValue(7), 1, []byte{1}, 0},
		{"nan typesize 2", blosc.SpecialNaN, 2, nil, 0},
		{"nan typesize 0", blosc.SpecialNaN, 0, nil, 0},
		{"repeat without value", blosc.SpecialRepeat, 4, nil, 0},
		{"negative offset", blosc.SpecialZeros, 4, nil, -1},
		{"negative offset nan", blosc.SpecialNaN, 8, nil, -8},
	}
	for _, tc := range tests {
		dst := []byte{1, 2, 3, 4, 5, 6, 7, 8}
		err := blosc.FillSpecial(dst, tc.sp, tc.typesize, tc.value, tc.off)
		if !errors.Is(err, blosc.ErrInvalidOptions) {
			t.Errorf("%s: error %v, want ErrInvalidOptions", tc.name, err)
		}
		if !bytes.Equal(dst, []byte{1, 2, 3, 4, 5, 6, 7, 8}) {
			t.Errorf("%s: dst changed to % x", tc.name, dst)
		}
	}
	// An empty destination is filled without error.
	if err := blosc.FillSpecial(nil, blosc.SpecialRepeat, 1, []byte{9}, 1<<40); err != nil {
		t.Errorf("empty dst: %v", err)
	}
}

// FillSpecial gives the content of a special-value chunk without a chunk,
// e.g. for a frame index entry marked NaN, or a range of a repeated value.
func ExampleFillSpecial() {
	nan := make([]byte, 8)
	if err := blosc.FillSpecial(nan, blosc.SpecialNaN, 4, nil, 0); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", nan)

	// Bytes 2..7 of the value 0x01 0x02 0x03 repeated.
	part := make([]byte, 6)
	if err := blosc.FillSpecial(part, blosc.SpecialRepeat, 3, []byte{1, 2, 3}, 2); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(part)

	fmt.Println(blosc.FillSpecial(nan, blosc.SpecialNaN, 2, nil, 0))
	// Output:
	// 00 00 c0 7f 00 00 c0 7f
	// [3 1 2 3 1 2]
	// blosc: invalid option typesize: a NaN chunk needs typesize 4 or 8, not 2
}
