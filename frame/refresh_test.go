package frame

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestRefresh: a reader opened before a commit keeps its snapshot and sees
// the new chunks after Refresh, also after Compact replaced the file.
func TestRefresh(t *testing.T) {
	path, want := newTestFrame(t, t.TempDir(), 3, 4096)
	r, err := OpenFile(path)
	must(t, err)
	defer r.Close()
	e, err := Edit(path, nil)
	must(t, err)
	defer e.Close()
	extra := testgen.Mixed(4096, 9)
	must(t, e.AppendData(extra))
	must(t, e.Sync())
	if r.NChunks() != 3 {
		t.Fatal("the snapshot changed without Refresh")
	}
	if got, err := r.Chunk(nil, 2); err != nil || !bytes.Equal(got, want[2]) {
		t.Fatalf("snapshot read after a commit: %v", err)
	}
	changed, err := r.Refresh()
	must(t, err)
	if !changed || r.NChunks() != 4 {
		t.Fatalf("Refresh: changed %v, %d chunks", changed, r.NChunks())
	}
	if got, err := r.Chunk(nil, 3); err != nil || !bytes.Equal(got, extra) {
		t.Fatalf("new chunk after Refresh: %v", err)
	}
	if changed, _ := r.Refresh(); changed {
		t.Error("a second Refresh reported a change")
	}
	must(t, e.DeleteChunk(0))
	must(t, e.Compact())
	changed, err = r.Refresh()
	must(t, err)
	if !changed || r.NChunks() != 3 {
		t.Fatalf("Refresh after Compact: changed %v, %d chunks", changed, r.NChunks())
	}
	if got, err := r.Chunk(nil, 0); err != nil || !bytes.Equal(got, want[1]) {
		t.Fatalf("chunk 0 after Compact: %v", err)
	}
}

// TestLockSidecar: with LockOn a commit creates FRAME.b2lock and bumps
// its generation counter; a writer waits while another process (here
// another open file description) holds the lock.
func TestLockSidecar(t *testing.T) {
	if !lockSupported {
		t.Skip("no file locks on this system")
	}
	path, _ := newTestFrame(t, t.TempDir(), 2, 4096)
	e, err := Edit(path, WithLock(LockOn))
	must(t, err)
	defer e.Close()
	must(t, e.AppendData(make([]byte, 4096)))
	must(t, e.Sync())
	b, err := os.ReadFile(path + ".b2lock")
	must(t, err)
	if len(b) != 16 || binary.NativeEndian.Uint64(b[8:]) != 1 {
		t.Fatalf("sidecar % x", b)
	}

	other, err := os.OpenFile(path+".b2lock", os.O_RDWR, 0)
	must(t, err)
	defer other.Close()
	must(t, osLock(other, true))
	must(t, e.AppendData(make([]byte, 4096)))
	done := make(chan error)
	go func() { done <- e.Sync() }()
	select {
	case err := <-done:
		t.Fatalf("Sync did not wait for the lock: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	must(t, osUnlock(other))
	must(t, <-done)
	b, _ = os.ReadFile(path + ".b2lock")
	if binary.NativeEndian.Uint64(b[8:]) != 2 {
		t.Fatalf("generation %d after two commits", binary.NativeEndian.Uint64(b[8:]))
	}
	// LockAuto readers and editors join a lock whose sidecar exists.
	if lk, err := openLock(path, false, LockAuto); err != nil || lk == nil {
		t.Fatalf("LockAuto with a sidecar: %v %v", lk, err)
	} else {
		lk.close()
	}
	if lk, _ := openLock(filepath.Join(t.TempDir(), "x"), false, LockAuto); lk != nil && !lockingRequested() {
		t.Error("LockAuto created a sidecar")
	}
}

// TestConcurrentReaders reads one Frame and one Array from many
// goroutines at once (run with -race).
func TestConcurrentReaders(t *testing.T) {
	path, want := newTestFrame(t, t.TempDir(), 6, 16<<10)
	f, err := OpenFile(path, WithWorkers(2))
	must(t, err)
	defer f.Close()
	a, err := OpenArrayFile(filepath.Join(testdataDir, "b2nd/a02_3d_i4.b2nd"))
	must(t, err)
	defer a.Frame().Close()
	all, err := a.ReadAll(nil)
	must(t, err)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				i := (g + k) % len(want)
				got, err := f.Chunk(nil, i)
				if err != nil || !bytes.Equal(got, want[i]) {
					errs <- err
					return
				}
				p := make([]byte, 100)
				if _, err := f.ReadAt(p, int64(i*(16<<10)+7)); err != nil || !bytes.Equal(p, want[i][7:107]) {
					errs <- err
					return
				}
				if k%5 == 0 {
					if b, err := a.ReadAll(nil); err != nil || !bytes.Equal(b, all) {
						errs <- err
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent read failed: %v", err)
	}
}
