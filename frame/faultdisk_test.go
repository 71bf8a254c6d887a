package frame

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// faultDisk fails the n-th write or sync (counting from 1) of the files it
// hands out: modes "enospc" (nothing written), "short" (half written, then
// ENOSPC), "sync" (the n-th Sync fails with EIO), "dead" (every write from
// the n-th on fails).
type faultDisk struct {
	n, writes, syncs int
	mode             string
	failed           bool
}

var errInjected = fmt.Errorf("injected: %w", syscall.ENOSPC)

func (d *faultDisk) write(w func([]byte) (int, error), b []byte) (int, error) {
	if d.mode == "sync" {
		return w(b)
	}
	d.writes++
	if d.writes == d.n || (d.mode == "dead" && d.writes > d.n) {
		d.failed = true
		if d.mode == "short" && len(b) > 1 {
			k, _ := w(b[:len(b)/2])
			return k, errInjected
		}
		return 0, errInjected
	}
	return w(b)
}

func (d *faultDisk) sync(s func() error) error {
	if d.mode != "sync" {
		return s()
	}
	d.syncs++
	if d.syncs == d.n {
		d.failed = true
		return fmt.Errorf("injected: %w", syscall.EIO)
	}
	return s()
}

type faultFile struct {
	*os.File
	d *faultDisk
}

func (f *faultFile) WriteAt(b []byte, off int64) (int, error) {
	return f.d.write(func(p []byte) (int, error) { return f.File.WriteAt(p, off) }, b)
}

func (f *faultFile) Write(b []byte) (int, error) { return f.d.write(f.File.Write, b) }

func (f *faultFile) Sync() error { return f.d.sync(f.File.Sync) }

func (d *faultDisk) OpenRW(path string) (editFile, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	return &faultFile{f, d}, nil
}

func (d *faultDisk) CreateTemp(dir, pattern string) (tempFile, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &faultFile{f, d}, nil
}

// TestFailingDisk: whichever write or sync fails during Sync or Compact,
// the frame on disk is the previous one, and a new Editor commits fine.
func TestFailingDisk(t *testing.T) {
	dir := t.TempDir()
	base, want := newTestFrame(t, dir, 5, 4096)
	orig, _ := os.ReadFile(base)
	edits := func(e *Editor) [][]byte {
		w := append([][]byte(nil), want...)
		must(t, e.AppendData(w[0]))
		must(t, e.AppendData(w[1]))
		c, _ := BloscCompressor(e.Params())(nil, w[4], 4)
		must(t, e.UpdateChunk(2, c))
		must(t, e.DeleteChunk(0))
		must(t, e.SetVLMetalayer("v", []byte("1")))
		w = append(w, w[0], w[1])
		w[2] = w[4]
		return w[1:]
	}
	for _, op := range []string{"sync", "compact", "sparse"} {
		for _, mode := range []string{"enospc", "short", "sync", "dead"} {
			for n := 1; ; n++ {
				path := filepath.Join(dir, fmt.Sprintf("%s-%s-%d", op, mode, n))
				if op == "sparse" {
					p := DefaultParams()
					p.Typesize = 4
					p.Codec = 1
					w, err := NewSparseWriter(path, p)
					must(t, err)
					for _, c := range want {
						must(t, w.AppendData(c))
					}
					must(t, w.Close())
				} else {
					must(t, os.WriteFile(path, orig, 0o644))
				}
				d := &faultDisk{n: n, mode: mode}
				e, err := editOn(d, path, settings{})
				must(t, err)
				next := edits(e)
				if op == "compact" {
					err = e.Compact()
				} else {
					err = e.Sync()
				}
				e.Close()
				if !d.failed {
					if err != nil {
						t.Fatalf("%s %s: no fault injected, yet: %v", op, mode, err)
					}
					checkFrame(t, path, next)
					break // every write position has been tried
				}
				if err == nil {
					t.Fatalf("%s %s %d: the injected fault was not reported", op, mode, n)
				}
				if !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, syscall.EIO) {
					t.Errorf("%s %s %d: error %v does not wrap the cause", op, mode, n, err)
				}
				checkFrame(t, path, want)
				if op != "sparse" {
					if now, _ := os.ReadFile(path); !bytes.Equal(now[:len(orig)], orig) {
						t.Fatalf("%s %s %d: bytes of the previous frame changed", op, mode, n)
					}
				}
				e2, err := Edit(path, nil)
				must(t, err)
				edits(e2)
				must(t, e2.Commit())
				checkFrame(t, path, next)
				if n > 50 {
					t.Fatalf("%s %s: still failing after %d writes", op, mode, n)
				}
			}
		}
	}
}
