package zstd

import "testing"

// specDecodeOffset resolves an offset code as RFC 8878 section 3.1.1.5
// says, returning the offset and the repeat offsets after it.
func specDecodeOffset(ob, ll int, rep [3]int) (int, [3]int) {
	if ob > 3 {
		return ob - 3, [3]int{ob - 3, rep[0], rep[1]}
	}
	idx := ob - 1
	if ll == 0 {
		idx++
	}
	var off int
	switch idx {
	case 0:
		return rep[0], rep
	case 1:
		off = rep[1]
		return off, [3]int{off, rep[0], rep[2]}
	case 2:
		off = rep[2]
	default:
		off = rep[0] - 1
	}
	return off, [3]int{off, rep[0], rep[1]}
}

// TestCodeOffset checks codeOffset against the RFC's decoding rules on
// every small combination of offset, repeat offsets and literal
// presence, and that it uses a repeat code whenever one fits.
func TestCodeOffset(t *testing.T) {
	const max = 7
	for r0 := 1; r0 <= max; r0++ {
		for r1 := 1; r1 <= max; r1++ {
			for r2 := 1; r2 <= max; r2++ {
				for off := 1; off <= max+1; off++ {
					for _, ll := range []int{0, 1, 5} {
						ob, n0, n1, n2 := codeOffset(off, ll, r0, r1, r2)
						rep := [3]int{r0, r1, r2}
						got := [3]int{n0, n1, n2}
						dec, want := specDecodeOffset(ob, ll, rep)
						if dec != off || got != want {
							t.Fatalf("codeOffset(%d, ll=%d, %v) = %d %v; decodes to %d %v", off, ll, rep, ob, got, dec, want)
						}
						if ob > 3 {
							for c := 1; c <= 3; c++ {
								if o, _ := specDecodeOffset(c, ll, rep); o == off {
									t.Fatalf("codeOffset(%d, ll=%d, %v) = %d, repeat code %d fits", off, ll, rep, ob, c)
								}
							}
						}
					}
				}
			}
		}
	}
}
