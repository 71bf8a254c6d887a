package lz4dec

import (
	"bytes"
	"syscall"
	"testing"
)

// guarded returns n bytes that end right before an inaccessible page (and
// start right after one when n fills whole pages), so that reading or
// writing one byte past the end faults.
func guarded(t *testing.T, n int) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	usable := (n + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, usable+2*page, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[page+usable:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	end := page + usable
	return mem[end-n : end : end]
}

// TestStaysInBounds decodes blocks placed against an inaccessible page into
// outputs placed against one, at every size around the assembly loop's
// margins, so that a read or write past either end crashes the test.
func TestStaysInBounds(t *testing.T) {
	for _, in := range inputs {
		for n := 0; n <= 300; n++ {
			if testing.Short() && n > 80 && n%7 != 0 {
				continue
			}
			want := in.gen(n)
			comp := lz4Compress(want, 1)
			src := guarded(t, len(comp))
			copy(src, comp)
			dst := guarded(t, n)
			k, err := Decompress(dst, src, nil)
			if err != nil || k != n || !bytes.Equal(dst, want) {
				t.Fatalf("%s/%d: n=%d err=%v", in.name, n, k, err)
			}
			// One byte short of room: an error, nothing written past.
			if n > 0 {
				short := guarded(t, n-1)
				if _, err := Decompress(short, src, nil); err == nil {
					t.Fatalf("%s/%d: decoded into %d bytes", in.name, n, n-1)
				}
			}
			// Truncated blocks against the page.
			for _, cut := range []int{1, 2, 5, 17, 33} {
				if cut < len(comp) {
					s := guarded(t, len(comp)-cut)
					copy(s, comp)
					_, _ = Decompress(dst, s, nil)
				}
			}
		}
	}
}
