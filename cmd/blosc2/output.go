package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// output is where decoded bytes go: standard output, a device or named
// pipe (written directly), or a temporary file next to the named file that
// commit renames into place.
type output struct {
	w       *bufio.Writer
	f       *os.File // nil for standard output
	dev     *os.File // a device or named pipe
	path    string   // final name
	tmpPath string
	count   countingWriter // standard output and devices
	written int64          // bytes written, once committed
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// openOutput prepares writing to path ("" or "-" for stdout).
func openOutput(path string, stdout io.Writer) (*output, error) {
	if path == "" || path == "-" {
		o := &output{count: countingWriter{w: stdout}}
		o.w = bufio.NewWriterSize(&o.count, 1<<20)
		return o, nil
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		switch {
		case fi.Mode()&(os.ModeDevice|os.ModeCharDevice|os.ModeNamedPipe) != 0:
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return nil, fmt.Errorf("cannot open %s: %w", path, err)
			}
			o := &output{dev: f, path: path, count: countingWriter{w: f}}
			o.w = bufio.NewWriterSize(&o.count, 1<<20)
			return o, nil
		case !fi.Mode().IsRegular():
			return nil, errors.New("output " + path + " is not a regular file or a device")
		}
		mode = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot create %s: %w", path, err)
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	registerTemp(f.Name())
	return &output{w: bufio.NewWriterSize(f, 1<<20), f: f, path: path, tmpPath: f.Name()}, nil
}

// target is where a writer that can use an *os.File should write: the
// temporary file itself (nothing is buffered for it), or the buffered
// standard output.
func (o *output) target() io.Writer {
	if o.f != nil {
		return o.f
	}
	return o.w
}

// Write implements io.Writer.
func (o *output) Write(p []byte) (int, error) { return o.w.Write(p) }

// commit flushes and, for a file, renames the temporary file to its name.
func (o *output) commit() error {
	if err := o.w.Flush(); err != nil {
		o.abort()
		return err
	}
	o.written = o.count.n
	if o.dev != nil {
		err := o.dev.Close()
		o.dev = nil
		return err
	}
	if o.f == nil {
		return nil
	}
	f := o.f
	o.f = nil
	if st, err := f.Stat(); err == nil {
		o.written = st.Size()
	}
	defer unregisterTemp(o.tmpPath)
	if err := f.Close(); err != nil {
		os.Remove(o.tmpPath)
		return err
	}
	if err := os.Rename(o.tmpPath, o.path); err != nil {
		os.Remove(o.tmpPath)
		return err
	}
	return nil
}

// abort discards a file output; for stdout what was flushed stays written.
func (o *output) abort() {
	if o.dev != nil {
		o.dev.Close()
		o.dev = nil
	}
	if o.f != nil {
		o.f.Close()
		os.Remove(o.tmpPath)
		unregisterTemp(o.tmpPath)
		o.f = nil
	}
}

// Temporary output files in progress, removed by removeTemps when the
// program is interrupted.
var (
	tempMu    sync.Mutex
	tempFiles = map[string]bool{}
)

func registerTemp(path string) {
	tempMu.Lock()
	tempFiles[path] = true
	tempMu.Unlock()
}

func unregisterTemp(path string) {
	tempMu.Lock()
	delete(tempFiles, path)
	tempMu.Unlock()
}

func removeTemps() {
	tempMu.Lock()
	defer tempMu.Unlock()
	for p := range tempFiles {
		os.Remove(p)
		delete(tempFiles, p)
	}
}
