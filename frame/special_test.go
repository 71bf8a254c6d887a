package frame

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// TestFillSpecialMatchesBlosc checks frame's special-value bytes (frame's
// blosc.SpecialValue passed on to blosc.FillSpecial) against what package blosc
// decodes from the special chunk C-Blosc2 would build for the same index
// entry, for whole chunks and for ranges.
func TestFillSpecialMatchesBlosc(t *testing.T) {
	const n = 4000
	kinds := []struct {
		k      blosc.SpecialValue
		encode func(dst []byte, nbytes, typesize int) ([]byte, error)
	}{
		{blosc.SpecialZeros, blosc.AppendZeros},
		{blosc.SpecialNaN, blosc.AppendNaNs},
		{blosc.SpecialUninit, blosc.AppendUninit},
	}
	for _, kind := range kinds {
		if h, err := blosc.ReadHeader(mustChunk(kind.encode(nil, 8, 8))); err != nil || h.Special() != blosc.SpecialValue(kind.k) {
			t.Fatalf("frame's %v is not blosc's special value %d (%v)", kind.k, h.Special(), err)
		}
		for _, ts := range []int{1, 2, 4, 8} {
			chunk, err := kind.encode(nil, n, ts)
			if err != nil {
				if kind.k == blosc.SpecialNaN && ts != 4 && ts != 8 {
					continue
				}
				t.Fatal(err)
			}
			for _, r := range [][2]int{{0, n}, {3, 17}, {1, n - 1}, {4, 8}, {n - 5, n}, {7, 7}} {
				want, err := blosc.DecompressRange(nil, chunk, r[0], r[1]-r[0])
				must(t, err)
				got := bytes.Repeat([]byte{0xAA}, r[1]-r[0])
				must(t, fillSpecial(got, kind.k, int32(ts), int64(r[0])))
				if !bytes.Equal(got, want) {
					t.Errorf("%v typesize %d bytes [%d,%d): % x, blosc gives % x", kind.k, ts, r[0], r[1], head(got), head(want))
				}
			}
		}
	}
}

func mustChunk(c []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return c
}

func head(b []byte) []byte {
	if len(b) > 16 {
		return b[:16]
	}
	return b
}

// TestNaNChunkBits reads a NaN special chunk through every path (Decode,
// ReadAt at odd offsets, ReadSlab of a b2nd array) and checks the exact
// bits C-Blosc2 gives: 0x7FF8000000000000 for float64, 0x7FC00000 for float32.
func TestNaNChunkBits(t *testing.T) {
	for _, ts := range []int32{4, 8} {
		m := NDMeta{Shape: []int64{10, 12}, ChunkShape: []int32{5, 12}, BlockShape: []int32{5, 4}, Dtype: "<f" + itoa(int64(ts))}
		p := DefaultParams()
		p.Typesize = int(ts)
		var buf bytes.Buffer
		w, err := NewArrayWriter(&buf, m, p)
		must(t, err)
		must(t, w.AppendSpecial(blosc.SpecialNaN))
		must(t, w.AppendSpecial(blosc.SpecialNaN))
		must(t, w.Close())
		f, err := OpenBytes(buf.Bytes())
		must(t, err)
		a, err := OpenArray(f)
		must(t, err)
		check := func(what string, b []byte, phase int) {
			t.Helper()
			full := make([]byte, len(b)+phase+int(ts))
			must(t, fillSpecial(full, blosc.SpecialNaN, ts, 0))
			for j := 0; j+int(ts) <= len(full); j += int(ts) {
				if ts == 4 && binary.LittleEndian.Uint32(full[j:]) != 0x7FC00000 ||
					ts == 8 && binary.LittleEndian.Uint64(full[j:]) != 0x7FF8000000000000 {
					t.Fatalf("fillSpecial typesize %d: % x", ts, full[j:j+int(ts)])
				}
			}
			if !bytes.Equal(b, full[phase:phase+len(b)]) {
				t.Errorf("typesize %d %s: % x", ts, what, head(b))
			}
		}
		all, err := f.Decode(nil)
		must(t, err)
		check("Decode", all, 0)
		p3 := make([]byte, 29)
		_, err = f.ReadAt(p3, 3)
		must(t, err)
		check("ReadAt", p3, 3)
		s, err := a.ReadSlab(nil, []int64{2, 1}, []int64{9, 7})
		must(t, err)
		check("ReadSlab", s, 0)
	}
}
