//go:build !purego

package lz4enc

import (
	"bytes"
	"math"
	"syscall"
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestCompress32StaysInBounds runs compress32 with src and dst each placed
// against an inaccessible page, so that a read past the input or a write
// past the output crashes the test: every data set at sizes 13 to 200 with
// every dst length up to CompressBound (cross-checked with
// compress32Generic), and larger blocks at dst lengths around their
// output's.
func TestCompress32StaysInBounds(t *testing.T) {
	// dst is the end of one buffer against a guard page.
	out := guardpage.Bytes(t, CompressBound(u16Limit+100))
	for _, ds := range datasets32() {
		for n := minLength; n <= 200; n++ {
			src := guardpage.Bytes(t, n)
			copy(src, ds.gen(n))
			for l := 0; l <= CompressBound(n); l++ {
				guarded32(t, ds.name, src, 1+l%6, out[len(out)-l:])
			}
		}
		for _, n := range []int{5000, u16Limit + 100} {
			src := guardpage.Bytes(t, n)
			copy(src, ds.gen(n))
			m := compress32Generic(new([table32Size]uint32), make([]byte, CompressBound(n)), src, 0, 1, math.MaxInt)
			for l := max(0, m-20); l <= min(m+20, CompressBound(n)); l++ {
				guarded32(t, ds.name, src, 1, out[len(out)-l:])
			}
			guarded32(t, ds.name, src, 1, out[len(out)-CompressBound(n):])
		}
	}
}

// guarded32 compresses src into dst, which ends against a guard page, with
// compress32 and compares the result with compress32Generic's.
func guarded32(t *testing.T, name string, src []byte, acc int, dst []byte) {
	t.Helper()
	dstLen := len(dst)
	olimit := olimitFor(dstLen, len(src))
	n := compress32(new([table32Size]uint32), dst, src, 0, acc, olimit)
	ref := make([]byte, dstLen)
	m := compress32Generic(new([table32Size]uint32), ref, src, 0, acc, olimit)
	if n != m || string(dst[:n]) != string(ref[:m]) {
		t.Fatalf("%s: len(src)=%d accel=%d len(dst)=%d: compress32 = %d, compress32Generic %d (or other bytes)", name, len(src), acc, dstLen, n, m)
	}
}

// TestCompress32BlockHostile calls compress32Block with what its callers
// never pass, each buffer against a guard page: dst shorter than the
// output with no olimit to stop it (it must give up, not write past dst),
// tables holding any positions, and out-of-range arguments.
func TestCompress32BlockHostile(t *testing.T) {
	rng := new(testgen.SplitMix64)
	tab := new([table32Size]uint32)
	out := guardpage.Bytes(t, CompressBound(4000))
	for _, ds := range datasets32() {
		for _, n := range []int{13, 14, 20, 31, 64, 100, 300, 4000} {
			src := guardpage.Bytes(t, n)
			copy(src, ds.gen(n))
			m := compress32Generic(new([table32Size]uint32), make([]byte, CompressBound(n)), src, 0, 1, math.MaxInt)
			for l := 0; l < m; l++ {
				dst := out[len(out)-l:]
				*tab = [table32Size]uint32{}
				if di, _ := compress32Block(tab, dst, src, 0, 1, math.MaxInt); di > l {
					t.Fatalf("%s: len(src)=%d len(dst)=%d: di = %d", ds.name, n, l, di)
				}
			}
			for k := 0; k < 20; k++ {
				for i := range tab {
					tab[i] = uint32(rng.Next())
					if k%2 == 0 {
						tab[i] %= uint32(2 * n)
					}
				}
				dst := out[len(out)-CompressBound(n):]
				if di, anchor := compress32Block(tab, dst, src, 0, 1+k, math.MaxInt); di > len(dst) || anchor > n {
					t.Fatalf("%s: len(src)=%d, random table: di = %d, anchor = %d", ds.name, n, di, anchor)
				}
			}
		}
	}
	src := testgen.Text(100, 1)
	dst := make([]byte, 200)
	for _, c := range []struct{ start, acc int }{{-1, 1}, {88, 1}, {100, 1}, {math.MaxInt, 1}, {0, 0}, {0, -1}, {0, MaxAcceleration + 1}} {
		if di, _ := compress32Block(tab, dst, src, c.start, c.acc, math.MaxInt); di != -1 {
			t.Errorf("start %d acceleration %d: di = %d, want -1", c.start, c.acc, di)
		}
	}
	if di, _ := compress32Block(tab, dst, src, 87, 1, math.MaxInt); di < 0 {
		t.Errorf("start 87 (len(src)-minLength): di = %d, want a block", di)
	}
}

// TestCompress16StaysInBounds is TestCompress32StaysInBounds for
// compress16, up to u16Limit-1 bytes.
func TestCompress16StaysInBounds(t *testing.T) {
	out := guardpage.Bytes(t, CompressBound(u16Limit))
	for _, ds := range datasets32() {
		for n := minLength; n <= 200; n++ {
			src := guardpage.Bytes(t, n)
			copy(src, ds.gen(n))
			for l := 0; l <= CompressBound(n); l++ {
				guarded16(t, ds.name, src, 1+l%6, out[len(out)-l:])
			}
		}
		for _, n := range []int{5000, u16Limit - 1} {
			src := guardpage.Bytes(t, n)
			copy(src, ds.gen(n))
			m := compress16Generic(new([table16Size]uint16), make([]byte, CompressBound(n)), src, 1, math.MaxInt)
			for l := max(0, m-20); l <= min(m+20, CompressBound(n)); l++ {
				guarded16(t, ds.name, src, 1, out[len(out)-l:])
			}
		}
	}
}

// guarded16 is guarded32 for compress16.
func guarded16(t *testing.T, name string, src []byte, acc int, dst []byte) {
	t.Helper()
	olimit := olimitFor(len(dst), len(src))
	n := compress16(new([table16Size]uint16), dst, src, acc, olimit)
	ref := make([]byte, len(dst))
	m := compress16Generic(new([table16Size]uint16), ref, src, acc, olimit)
	if n != m || string(dst[:n]) != string(ref[:m]) {
		t.Fatalf("%s: len(src)=%d accel=%d len(dst)=%d: compress16 = %d, compress16Generic %d (or other bytes)", name, len(src), acc, len(dst), n, m)
	}
}

// TestCompress16BlockHostile is TestCompress32BlockHostile for
// compress16Block: dst too short with no olimit, tables holding any
// positions, out-of-range arguments.
func TestCompress16BlockHostile(t *testing.T) {
	rng := new(testgen.SplitMix64)
	tab := new([table16Size]uint16)
	out := guardpage.Bytes(t, CompressBound(4000))
	for _, ds := range datasets32() {
		for _, n := range []int{13, 14, 20, 31, 64, 100, 300, 4000} {
			src := guardpage.Bytes(t, n)
			copy(src, ds.gen(n))
			m := compress16Generic(new([table16Size]uint16), make([]byte, CompressBound(n)), src, 1, math.MaxInt)
			for l := 0; l < m; l++ {
				*tab = [table16Size]uint16{}
				if di, _ := compress16Block(tab, out[len(out)-l:], src, 1, math.MaxInt); di > l {
					t.Fatalf("%s: len(src)=%d len(dst)=%d: di = %d", ds.name, n, l, di)
				}
			}
			for k := 0; k < 20; k++ {
				for i := range tab {
					tab[i] = uint16(rng.Next())
					if k%2 == 0 {
						tab[i] %= uint16(2 * n)
					}
				}
				dst := out[len(out)-CompressBound(n):]
				if di, anchor := compress16Block(tab, dst, src, 1+k, math.MaxInt); di > len(dst) || anchor > n {
					t.Fatalf("%s: len(src)=%d, random table: di = %d, anchor = %d", ds.name, n, di, anchor)
				}
			}
		}
	}
	dst := make([]byte, CompressBound(u16Limit))
	for _, c := range []struct{ n, acc int }{{12, 1}, {u16Limit, 1}, {100, 0}, {100, -1}, {100, MaxAcceleration + 1}} {
		if di, _ := compress16Block(tab, dst, make([]byte, c.n), c.acc, math.MaxInt); di != -1 {
			t.Errorf("len(src) %d acceleration %d: di = %d, want -1", c.n, c.acc, di)
		}
	}
	for _, n := range []int{13, u16Limit - 1} {
		*tab = [table16Size]uint16{}
		if di, _ := compress16Block(tab, dst, make([]byte, n), MaxAcceleration, math.MaxInt); di < 0 {
			t.Errorf("len(src) %d: di = %d, want a block", n, di)
		}
	}
}

// TestCompressBlocksStartInBounds runs compress16 and compress32 on a
// page of input right after an inaccessible page, with a copy of bytes
// from its first 8 on further on, so that matches against the first 8 positions
// are extended backwards: a read before the input crashes the test.
func TestCompressBlocksStartInBounds(t *testing.T) {
	page := syscall.Getpagesize()
	src := guardpage.Bytes(t, page)
	rng := new(testgen.SplitMix64)
	for p := 20; p < 300; p += 3 {
		for acc := 1; acc <= 12; acc++ {
			for i := range src {
				src[i] = byte(rng.Next())
			}
			s := rng.Intn(8)
			copy(src[p:p+64], src[s:s+64])
			bound := CompressBound(page)
			a, g := make([]byte, bound), make([]byte, bound)
			if n, m := compress16(new([table16Size]uint16), a, src, acc, math.MaxInt), compress16Generic(new([table16Size]uint16), g, src, acc, math.MaxInt); n != m || !bytes.Equal(a[:n], g[:m]) {
				t.Fatalf("p=%d s=%d accel=%d: compress16 = %d, compress16Generic %d (or other bytes)", p, s, acc, n, m)
			}
			if n, m := compress32(new([table32Size]uint32), a, src, 0, acc, math.MaxInt), compress32Generic(new([table32Size]uint32), g, src, 0, acc, math.MaxInt); n != m || !bytes.Equal(a[:n], g[:m]) {
				t.Fatalf("p=%d s=%d accel=%d: compress32 = %d, compress32Generic %d (or other bytes)", p, s, acc, n, m)
			}
		}
	}
}
