package zstd

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// hufEncKernel is an assembly loop of the Huffman encoder (the signature
// of hufStream4BMI2) and the longest code it takes.
type hufEncKernel struct {
	name   string
	maxLen int
	f      func(elt *[256]uint64, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64)
}

// hufEncCase is an encoding table and the symbols it codes (weighted as
// its histogram was).
type hufEncCase struct {
	name string
	h    *hufEnc
	pool []byte
}

// hufEncCases returns tables of every longest code length, from exact
// power-of-two distributions (hufLits), uniform ones over random symbol
// sets and geometric ones.
func hufEncCases(t testing.TB) []hufEncCase {
	r := rand.New(rand.NewSource(1))
	var cases []hufEncCase
	add := func(name string, pool []byte) {
		var cnt [256]uint32
		maxSym := 0
		for _, s := range pool {
			cnt[s]++
			maxSym = max(maxSym, int(s))
		}
		h := new(hufEnc)
		if !h.build(cnt[:], maxSym) {
			t.Fatalf("%s: no table", name)
		}
		cases = append(cases, hufEncCase{fmt.Sprintf("%s/max%d", name, h.maxLen), h, pool})
	}
	for maxLen := 1; maxLen <= hufMaxBits; maxLen++ {
		add(fmt.Sprintf("exact%d", maxLen), hufLits(8<<maxLen, maxLen, int64(maxLen)))
	}
	for _, m := range []int{2, 3, 5, 17, 100, 256} {
		syms := r.Perm(256)[:m]
		pool := make([]byte, 4096)
		for i := range pool {
			pool[i] = byte(syms[r.Intn(m)])
		}
		add(fmt.Sprintf("uniform%d", m), pool)
	}
	for _, q := range []float64{0.5, 0.7, 0.85, 0.95} {
		var pool []byte
		c := 30000.0
		for s := 0; s < 256 && c >= 1; s++ {
			for k := 0; k < int(c); k++ {
				pool = append(pool, byte(s))
			}
			c *= q
		}
		add(fmt.Sprintf("geometric%.2f", q), pool)
	}
	return cases
}

// hufEncLengths are the source lengths the tests encode: every length up
// to 300 and some long ones.
func hufEncLengths() []int {
	var ns []int
	for n := 0; n <= 300; n++ {
		ns = append(ns, n)
	}
	return append(ns, 1001, 4099, 70001)
}

// TestHufStreamKernels cross-checks each assembly loop of the Huffman
// encoder, continued by hufStreamGeneric as hufStreamLoop does, with
// hufStreamGeneric alone: for tables of every longest code, every source
// length up to 300 and some long ones, and unaligned output positions,
// with the output buffer only as long as hufEnc.stream makes sure it is
// and (on Linux) against an inaccessible page. Positions, bytes and
// accumulated bits must agree.
func TestHufStreamKernels(t *testing.T) {
	kernels := hufEncKernels()
	if len(kernels) == 0 {
		t.Skip("no assembly loop in this build or on this CPU")
	}
	r := rand.New(rand.NewSource(2))
	ns := hufEncLengths()
	maxN := ns[len(ns)-1]
	room := func(n int) int { return n*hufMaxBits/8 + 16 }
	mem := hufEncBuf(t, 8+room(maxN))
	src := make([]byte, maxN)
	want := make([]byte, 8+room(maxN))
	checked := map[string]int{}
	for _, c := range hufEncCases(t) {
		for _, n := range ns {
			for i := range src[:n] {
				src[i] = c.pool[r.Intn(len(c.pool))]
			}
			off := r.Intn(8)
			gpos, gacc, gnb := hufStreamGeneric(&c.h.elt, want, off, src[:n], 0, 0)
			w := bitWriter{buf: want}
			hufStreamClose(&w, gpos, gacc, gnb)
			gend := w.pos
			for _, k := range kernels {
				if c.h.maxLen > k.maxLen {
					continue
				}
				buf := mem[len(mem)-off-room(n):]
				i, pos, acc, nb := k.f(&c.h.elt, buf, off, src[:n])
				if i < 0 || i > n || pos < off || pos > len(buf) {
					t.Fatalf("%s/n%d/%s: i %d, pos %d", c.name, n, k.name, i, pos)
				}
				pos, acc, nb = hufStreamGeneric(&c.h.elt, buf, pos, src[:i], acc, nb)
				w := bitWriter{buf: buf}
				hufStreamClose(&w, pos, acc, nb)
				if w.pos != gend {
					t.Fatalf("%s/n%d/%s: %d bytes, generic %d", c.name, n, k.name, w.pos-off, gend-off)
				}
				if !bytes.Equal(buf[off:w.pos], want[off:gend]) {
					t.Fatalf("%s/n%d/%s: the streams differ", c.name, n, k.name)
				}
				checked[k.name]++
			}
		}
	}
	for _, k := range kernels {
		if checked[k.name] < 1000 {
			t.Fatalf("%s: only %d streams checked", k.name, checked[k.name])
		}
	}
}

// TestHufStreamAsm encodes with hufEnc.stream in each mode of the
// assembly loops and without them, into outputs with no more room than it
// asks for, placed (on Linux) against an inaccessible page, from sources
// placed (on Linux) right after and right before one: the streams must be
// the same.
func TestHufStreamAsm(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	ns := hufEncLengths()
	maxN := ns[len(ns)-1]
	room := func(n int) int { return n*hufMaxBits/8 + 16 }
	mem := hufEncBuf(t, 8+room(maxN))
	page := (maxN + 4095) / 4096 * 4096
	srcMem := hufEncBuf(t, page)
	modes := hufEncModes()
	for _, c := range hufEncCases(t) {
		for _, n := range ns {
			if n > 300 && r.Intn(2) == 0 {
				continue
			}
			src := srcMem[:n]
			if r.Intn(2) == 0 {
				src = srcMem[page-n:]
			}
			for i := range src {
				src[i] = c.pool[r.Intn(len(c.pool))]
			}
			off := r.Intn(8)
			var want []byte
			withHufEnc("generic", func() { want = c.h.stream(make([]byte, off), src) })
			for _, mode := range modes[1:] {
				var got []byte
				out := mem[len(mem)-off-room(n):][:off]
				clear(out)
				withHufEnc(mode, func() { got = c.h.stream(out, src) })
				if &got[0] != &out[:1][0] {
					t.Fatalf("%s/n%d/%s: the stream did not go into the output", c.name, n, mode)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("%s/n%d/%s: the streams differ:\n%x\n%x", c.name, n, mode, got, want)
				}
			}
		}
	}
}

// TestHufStreamJunkTable runs the assembly loops with tables of random
// elts (not Huffman codes): the output is junk, but they must neither
// write past the output buffer (placed against an inaccessible page on
// Linux) nor report more symbols than there are. (The position they
// report may then be past the buffer's end.)
func TestHufStreamJunkTable(t *testing.T) {
	kernels := hufEncKernels()
	if len(kernels) == 0 {
		t.Skip("no assembly loop in this build or on this CPU")
	}
	r := rand.New(rand.NewSource(4))
	mem := hufEncBuf(t, 8+4099*hufMaxBits/8+16)
	src := make([]byte, 4099)
	r.Read(src)
	var elt [256]uint64
	for trial := 0; trial < 50; trial++ {
		for s := range elt {
			elt[s] = r.Uint64()
		}
		for _, n := range []int{0, 9, 10, 40, 300, 4099} {
			for _, k := range kernels {
				sizes := []int{0, 8, 39, 40, 41, 100, n*hufMaxBits/8 + 16}
				if trial < 4 && n == 300 {
					// Every size up to past what 300 symbols of
					// the longest codes take: blocks of any loop
					// end at every distance from the end.
					sizes = sizes[:0]
					for size := 0; size <= 600; size++ {
						sizes = append(sizes, size)
					}
				}
				for _, size := range sizes {
					buf := mem[len(mem)-size:]
					if i, _, _, _ := k.f(&elt, buf, 0, src[:n]); i < 0 || i > n {
						t.Fatalf("%s/n%d/size%d: i %d", k.name, n, size, i)
					}
				}
			}
		}
	}
}
