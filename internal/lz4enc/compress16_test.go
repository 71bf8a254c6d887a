package lz4enc

import (
	"bytes"
	"math"
	"testing"
)

// check16 compresses src into a dst of dstLen bytes with compress16 and
// with compress16Generic, from cleared tables, and fails unless the
// results, the bytes written and the tables agree, and neither wrote past
// dstLen.
func check16(t *testing.T, name string, src []byte, acc, dstLen int) {
	t.Helper()
	olimit := olimitFor(dstLen, len(src))
	ta, tg := new([table16Size]uint16), new([table16Size]uint16)
	da := bytes.Repeat([]byte{sentinel}, dstLen+32)
	dg := bytes.Repeat([]byte{sentinel}, dstLen+32)
	na := compress16(ta, da[:dstLen], src, acc, olimit)
	ng := compress16Generic(tg, dg[:dstLen], src, acc, olimit)
	if na != ng {
		t.Fatalf("%s: len(src)=%d accel=%d len(dst)=%d: compress16 = %d, compress16Generic %d", name, len(src), acc, dstLen, na, ng)
	}
	if !bytes.Equal(da[:na], dg[:ng]) {
		i := 0
		for da[i] == dg[i] {
			i++
		}
		t.Fatalf("%s: len(src)=%d accel=%d len(dst)=%d: output differs at byte %d of %d", name, len(src), acc, dstLen, i, na)
	}
	for i := dstLen; i < len(da); i++ {
		if da[i] != sentinel {
			t.Fatalf("%s: len(src)=%d accel=%d len(dst)=%d: wrote past dst at %d", name, len(src), acc, dstLen, i)
		}
	}
	if na > 0 && *ta != *tg {
		t.Fatalf("%s: len(src)=%d accel=%d len(dst)=%d: tables differ", name, len(src), acc, dstLen)
	}
}

// TestCompress16MatchesGeneric cross-checks compress16 (its assembly loop
// where the build has one) with compress16Generic: every data set at sizes
// 13 to 300 with every dst length up to CompressBound, larger sizes up to
// u16Limit-1 at dst lengths around the output's and CompressBound's, every
// acceleration.
func TestCompress16MatchesGeneric(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly compress16 on this build")
	}
	accs := []int{1, 2, 5, 9, 100, MaxAcceleration}
	for _, ds := range datasets32() {
		for n := minLength; n <= 300; n++ {
			src := ds.gen(n)
			for _, a := range accs {
				check16(t, ds.name, src, a, CompressBound(n))
			}
			for l := 0; l < CompressBound(n); l++ {
				check16(t, ds.name, src, 1+l%6, l)
			}
		}
		for _, n := range []int{1000, 4096, 32 << 10, 64 << 10, u16Limit - 2, u16Limit - 1} {
			src := ds.gen(n)
			for _, a := range accs {
				bound := CompressBound(n)
				check16(t, ds.name, src, a, bound)
				if a != 1 && a != 5 {
					continue
				}
				m := compress16Generic(new([table16Size]uint16), make([]byte, bound), src, a, math.MaxInt)
				for _, l := range []int{0, 1, m / 2, m - 8, m - 7, m - 6, m - 1, m, m + 1, bound - 1} {
					if l >= 0 {
						check16(t, ds.name, src, a, l)
					}
				}
			}
		}
	}
}
