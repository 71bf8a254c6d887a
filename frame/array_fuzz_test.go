package frame

import (
	"bytes"
	"testing"
)

// FuzzTypedRead opens arbitrary bytes as a b2nd array and reads a region
// chosen by the fuzzer through the typed API and the byte-level one: the
// two agree, and nothing panics or allocates beyond the region.
func FuzzTypedRead(f *testing.F) {
	addFrameSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := OpenBytes(data)
		if err != nil {
			return
		}
		a, err := OpenArray(fr)
		if err != nil || a.Nbytes() > 16<<20 {
			return
		}
		// The region: from the last bytes of the input.
		tail := data[max(0, len(data)-3*len(a.Shape())):]
		reg := make([]Range, len(a.Shape()))
		for i := range reg {
			var s, e, st int64
			if 3*i+2 < len(tail) {
				s, e, st = int64(int8(tail[3*i])), int64(int8(tail[3*i+1])), int64(tail[3*i+2]%4)
			}
			reg[i] = Range{s, e, st}
			if e == 0 {
				reg[i].Stop = End
			}
		}
		raw, rerr := a.ReadRegion(nil, reg...)
		if a.Check() != nil {
			return
		}
		typed, terr := readTypedRegion(a, reg)
		if (rerr == nil) != (terr == nil) {
			t.Fatalf("ReadRegion: %v, typed: %v", rerr, terr)
		}
		if rerr == nil && !bytes.Equal(raw, typed) {
			t.Fatal("typed read differs from ReadRegion")
		}
	})
}

// readTypedRegion reads reg as float64, int32 or uint8 (by item size) and
// returns the items re-encoded.
func readTypedRegion(a *Array, reg []Range) ([]byte, error) {
	bo := orderOf(a.Dtype())
	switch d := a.Dtype(); {
	case matchesElem[float64](d):
		v, err := Read[float64](a, reg...)
		return encodeElems(nil, v, bo), err
	case matchesElem[int32](d):
		v, err := Read[int32](a, reg...)
		return encodeElems(nil, v, bo), err
	case matchesElem[uint8](d):
		v, err := Read[uint8](a, reg...)
		return encodeElems(nil, v, bo), err
	}
	return a.ReadRegion(nil, reg...)
}
