package shuffle

import (
	"bytes"
	"syscall"
	"testing"
)

// guardedBuffer is memory with an inaccessible page before and after it, so
// that a kernel reading or writing one byte outside a slice placed at
// either edge faults.
type guardedBuffer struct {
	mem  []byte // the whole mapping
	page int
}

func newGuardedBuffer(t *testing.T, size int) *guardedBuffer {
	t.Helper()
	page := syscall.Getpagesize()
	usable := (size + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, usable+2*page, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	g := &guardedBuffer{mem: mem, page: page}
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		g.free()
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[page+usable:], syscall.PROT_NONE); err != nil {
		g.free()
		t.Skipf("mprotect: %v", err)
	}
	return g
}

func (g *guardedBuffer) free() { _ = syscall.Munmap(g.mem) }

// head returns the n bytes right after the leading guard page.
func (g *guardedBuffer) head(n int) []byte {
	return g.mem[g.page : g.page+n : g.page+n]
}

// tail returns the n bytes right before the trailing guard page.
func (g *guardedBuffer) tail(n int) []byte {
	end := len(g.mem) - g.page
	return g.mem[end-n : end : end]
}

// TestKernelsStayInBounds places src and dst against inaccessible pages,
// both at the start and at the end of a mapping, so that an assembly kernel
// that reads or writes past either end of a slice crashes the test.
func TestKernelsStayInBounds(t *testing.T) {
	const maxLen = 3*64*32 + 64
	srcMem := newGuardedBuffer(t, maxLen)
	defer srcMem.free()
	dstMem := newGuardedBuffer(t, maxLen)
	defer dstMem.free()

	typesizes := []int{2, 3, 4, 5, 8, 12, 16, 24, 32}
	if testing.Short() {
		typesizes = []int{2, 3, 4, 8, 16}
	}
	forEachLevel(t, func(t *testing.T) {
		for _, k := range kernels {
			for _, ts := range typesizes {
				for _, elems := range []int{2, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 3*64 + 1} {
					for _, tailBytes := range []int{0, 1, ts - 1} {
						n := elems*ts + tailBytes
						if n > maxLen {
							continue
						}
						want := make([]byte, n)
						for _, place := range []struct {
							name     string
							src, dst []byte
						}{
							{"head", srcMem.head(n), dstMem.head(n)},
							{"tail", srcMem.tail(n), dstMem.tail(n)},
						} {
							fillRandom(place.src, uint64(n+ts))
							k.oracle(want, place.src, ts)
							k.public(place.dst, place.src, ts)
							if !bytes.Equal(place.dst, want) {
								t.Fatalf("%s(typesize %d, len %d) at %s: wrong result", k.name, ts, n, place.name)
							}
						}
					}
				}
			}
		}
	})
}
