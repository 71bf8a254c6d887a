package zstd

import (
	"bytes"
	"fmt"
	"syscall"
	"testing"
)

// guardedMem returns n bytes between two inaccessible pages: ending right
// before the upper one when atEnd, else starting right after the lower
// one. Reading or writing one byte past that end faults.
func guardedMem(t *testing.T, n int, atEnd bool) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	usable := (n + page - 1) / page * page
	if usable == 0 {
		usable = page
	}
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
	if atEnd {
		end := page + usable
		return mem[end-n : end : end]
	}
	return mem[page : page+n : page+n]
}

// TestHufStaysInBounds decodes 4-stream Huffman streams placed against an
// inaccessible page (on either side) into outputs placed against one, in
// every mode, whole and truncated, so that a read or write past either
// end crashes the test.
func TestHufStaysInBounds(t *testing.T) {
	sizes := []int{1024, 1031, 4100, 9999, 40000}
	for _, maxLen := range []int{1, 3, 7, 11} {
		for _, n := range sizes {
			lits := hufLits(n, maxLen, int64(n+maxLen))
			regen, src, tab := hufStreams(litSection(lits))
			if src == nil {
				t.Fatalf("max%d/n%d: no 4-stream section", maxLen, n)
			}
			for _, cut := range []int{0, 1, 3, 9} {
				for _, m := range hufModes() {
					for _, atEnd := range []bool{true, false} {
						name := fmt.Sprintf("max%d/n%d/cut%d/%s/end=%v", maxLen, n, cut, m.name, atEnd)
						s := guardedMem(t, len(src)-cut, atEnd)
						copy(s, src)
						dst := guardedMem(t, regen, atEnd)
						var err error
						withHufMode(m, func() { err = tab.decode4(dst, s) })
						if cut == 0 && (err != nil || !bytes.Equal(dst, lits)) {
							t.Fatalf("%s: err %v", name, err)
						}
						if cut > 0 && err == nil {
							t.Fatalf("%s: truncated streams decoded", name)
						}
					}
				}
			}
		}
	}
}
