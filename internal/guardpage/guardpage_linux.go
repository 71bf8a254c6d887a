package guardpage

import (
	"syscall"
	"testing"
)

// Alloc returns n bytes that end right before an inaccessible page (and
// start right after one when n fills whole pages), so that reading or
// writing one byte past the end faults, and a function that unmaps them.
// It skips the test when the memory cannot be mapped or protected.
func Alloc(t testing.TB, n int) (b []byte, free func()) {
	t.Helper()
	page := syscall.Getpagesize()
	usable := (n + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, usable+2*page, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	free = func() { _ = syscall.Munmap(mem) }
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		free()
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[page+usable:], syscall.PROT_NONE); err != nil {
		free()
		t.Skipf("mprotect: %v", err)
	}
	end := page + usable
	return mem[end-n : end : end], free
}

// Bytes is Alloc with the unmapping left to the end of the test.
func Bytes(t testing.TB, n int) []byte {
	t.Helper()
	b, free := Alloc(t, n)
	t.Cleanup(free)
	return b
}
