package frame

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
)

// editFile is the file an Editor reads and patches in place: an *os.File,
// or in tests a wrapper that fails on a chosen write.
type editFile interface {
	io.ReaderAt
	io.WriterAt
	Sync() error
	Close() error
}

// fileSystem is how editors and atomic replacements reach the disk. Tests
// swap osFS for one that injects failures (short writes, ENOSPC, failing
// fsync) to check that a failed commit leaves the previous frame.
type fileSystem interface {
	OpenRW(path string) (editFile, error)
	// CreateTemp creates a new file in dir (see os.CreateTemp).
	CreateTemp(dir, pattern string) (tempFile, error)
}

// tempFile is a file written once from start to end.
type tempFile interface {
	io.Writer
	io.WriterAt
	Name() string
	Sync() error
	Close() error
}

type osFileSystem struct{}

func (osFileSystem) OpenRW(path string) (editFile, error) { return os.OpenFile(path, os.O_RDWR, 0) }

func (osFileSystem) CreateTemp(dir, pattern string) (tempFile, error) {
	return os.CreateTemp(dir, pattern)
}

// osFS is the file system editors use.
var osFS fileSystem = osFileSystem{}

// syncDir makes the entries of dir (a new or renamed file) durable. Where
// directories cannot be synced (Windows, js/wasm, plan9) it does nothing:
// there the rename itself is what the system offers.
func syncDir(dir string) error {
	switch runtime.GOOS {
	case "windows", "js", "wasip1", "plan9":
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if err1 := d.Close(); err == nil {
		err = err1
	}
	return err
}

// writeFileDurable writes data to a new file at path (which must not be in
// use by a published frame), syncing the file before returning; the
// caller syncs the directory once for all the files it wrote.
func writeFileDurable(fsys fileSystem, path string, data []byte) error {
	tmp, err := fsys.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	if err = writeAllSync(tmp, data); err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// writeAllSync writes data to f, syncs and closes it.
func writeAllSync(f tempFile, data []byte) error {
	n, err := f.Write(data)
	if err == nil && n != len(data) {
		err = io.ErrShortWrite
	}
	if err == nil {
		err = f.Sync()
	}
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}

// noSyncFS is the file system without fsync (WithNoSync).
type noSyncFS struct{}

type noSyncFile struct{ *os.File }

func (noSyncFile) Sync() error { return nil }

func (noSyncFS) OpenRW(path string) (editFile, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	return noSyncFile{f}, nil
}

func (noSyncFS) CreateTemp(dir, pattern string) (tempFile, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return noSyncFile{f}, nil
}
