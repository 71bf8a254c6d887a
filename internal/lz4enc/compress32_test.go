package lz4enc

import (
	"bytes"
	"math"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// set32 sets t up as Compress and CompressDict do for the block src[start:]:
// cleared, then every third position of the dictionary src[:start] and
// start itself entered.
func set32(t *[table32Size]uint32, src []byte, start int) {
	*t = [table32Size]uint32{}
	for p := 0; p+8 <= start; p += 3 {
		t[hash5(load64(src, p))&(table32Size-1)] = uint32(p)
	}
	t[hash5(load64(src, start))&(table32Size-1)] = uint32(start)
}

// olimitFor is the olimit Compress passes with a dst of n bytes for a block
// of size bytes.
func olimitFor(n, size int) int {
	if n < CompressBound(size) {
		return n
	}
	return math.MaxInt
}

// check32 compresses src[start:] into a dst of dstLen bytes with compress32
// and with compress32Generic, and fails unless the results, the bytes
// written and the tables agree, and neither wrote past dstLen.
func check32(t *testing.T, name string, src []byte, start, acc, dstLen int) {
	t.Helper()
	olimit := olimitFor(dstLen, len(src)-start)
	ta, tg := new([table32Size]uint32), new([table32Size]uint32)
	set32(ta, src, start)
	*tg = *ta
	da := bytes.Repeat([]byte{sentinel}, dstLen+32)
	dg := bytes.Repeat([]byte{sentinel}, dstLen+32)
	na := compress32(ta, da[:dstLen], src, start, acc, olimit)
	ng := compress32Generic(tg, dg[:dstLen], src, start, acc, olimit)
	if na != ng {
		t.Fatalf("%s: len(src)=%d start=%d accel=%d len(dst)=%d: compress32 = %d, compress32Generic %d", name, len(src), start, acc, dstLen, na, ng)
	}
	if !bytes.Equal(da[:na], dg[:ng]) {
		i := 0
		for da[i] == dg[i] {
			i++
		}
		t.Fatalf("%s: len(src)=%d start=%d accel=%d len(dst)=%d: output differs at byte %d of %d", name, len(src), start, acc, dstLen, i, na)
	}
	for i := dstLen; i < len(da); i++ {
		if da[i] != sentinel {
			t.Fatalf("%s: len(src)=%d start=%d accel=%d len(dst)=%d: wrote past dst at %d", name, len(src), start, acc, dstLen, i)
		}
	}
	if na > 0 && *ta != *tg {
		t.Fatalf("%s: len(src)=%d start=%d accel=%d len(dst)=%d: tables differ", name, len(src), start, acc, dstLen)
	}
}

// datasets32 are the test inputs plus ones with long literal runs next to
// long matches, to reach the multi-byte lengths of both.
func datasets32() []dataset {
	return append(datasets[:len(datasets):len(datasets)],
		dataset{"mixed", func(n int) []byte { return testgen.Mixed(n, 6) }},
		dataset{"zero-random", func(n int) []byte {
			b := testgen.Random(n, 7)
			for i := 0; i < n; i += 1200 {
				clear(b[i:min(n, i+600)])
			}
			return b
		}},
	)
}

// TestCompress32MatchesGeneric cross-checks compress32 (its assembly loop
// where the build has one) with compress32Generic: every data set at sizes
// 13 to 300 with every dst length up to CompressBound, larger sizes at
// dst lengths around the output's and CompressBound's, every acceleration,
// with and without a dictionary before the block.
func TestCompress32MatchesGeneric(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly compress32 on this build")
	}
	accs := []int{1, 2, 5, 9, 100, MaxAcceleration}
	for _, ds := range datasets32() {
		for n := minLength; n <= 300; n++ {
			src := ds.gen(n)
			for _, a := range accs {
				check32(t, ds.name, src, 0, a, CompressBound(n))
			}
			for l := 0; l < CompressBound(n); l++ {
				check32(t, ds.name, src, 0, 1+l%6, l)
			}
		}
		sizes := []int{1000, 4096, u16Limit - 1, u16Limit, 100000, 128 << 10, 256<<10 + 7}
		if !testing.Short() {
			sizes = append(sizes, 1<<20+3)
		}
		for _, n := range sizes {
			for _, start := range []int{0, 1, 3000, maxDistance + 1} {
				src := ds.gen(start + n)
				for _, a := range accs {
					bound := CompressBound(n)
					check32(t, ds.name, src, start, a, bound)
					if a != 1 && a != 5 {
						continue
					}
					tab := new([table32Size]uint32)
					set32(tab, src, start)
					full := make([]byte, bound)
					m := compress32Generic(tab, full, src, start, a, math.MaxInt)
					for _, l := range []int{0, 1, m / 2, m - 8, m - 7, m - 6, m - 1, m, m + 1, bound - 1} {
						if l >= 0 {
							check32(t, ds.name, src, start, a, l)
						}
					}
				}
			}
		}
	}
}

// TestCompressAsmMatchesGo compresses every test input with Compress and
// CompressDict with and without the assembly loops (compress16Block and
// compress32Block): the same bytes.
func TestCompressAsmMatchesGo(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly compress32 on this build")
	}
	defer func() { useAsm = true }()
	c := new(Compressor)
	for _, ds := range datasets32() {
		for _, n := range testSizes() {
			src := ds.gen(n)
			dict := ds.gen(n + 5000)[n:]
			for _, a := range []int{1, 5, 9} {
				for _, l := range []int{CompressBound(n), n, n / 2} {
					var out [2][2][]byte // [Go, assembly][Compress, CompressDict]
					for k, asm := range []bool{false, true} {
						useAsm = asm
						d, dd := make([]byte, l), make([]byte, l)
						out[k][0] = d[:c.Compress(d, src, a)]
						out[k][1] = dd[:c.CompressDict(dd, src, dict, a)]
					}
					for i, f := range []string{"Compress", "CompressDict"} {
						if !bytes.Equal(out[0][i], out[1][i]) {
							t.Fatalf("%s/%d accel=%d len(dst)=%d: %s: assembly %d bytes, Go %d, equal %v",
								ds.name, n, a, l, f, len(out[1][i]), len(out[0][i]), bytes.Equal(out[0][i], out[1][i]))
						}
					}
				}
			}
		}
	}
}
