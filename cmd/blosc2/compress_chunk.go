package main

import (
	"fmt"
	"io"
	"os"

	"github.com/blosc2go/blosc2/blosc"
)

// writeChunk compresses the whole input into one chunk (--format chunk or
// blosc1).
func (j *compressJob) writeChunk(e *env) error {
	src, err := readCompressInput(j.in, e.stdin, blosc.MaxNbytes, "more than a chunk holds")
	if err != nil {
		return err
	}
	j.progress.in.Store(int64(len(src)))
	chunk, err := blosc.Compress(nil, src, j.opts)
	if err != nil {
		return fmt.Errorf("%s: %w", inputName(j.in), err)
	}
	return j.writeTo(e, func(w io.Writer) error {
		if _, err := w.Write(chunk); err != nil {
			return fmt.Errorf("writing %s: %w", outputName(j.out), err)
		}
		return nil
	})
}

// openCompressInput opens FILE ("-": standard input) for reading and
// returns its size (-1 when unknown).
func openCompressInput(path string, stdin io.Reader) (r io.Reader, size int64, closeFn func(), err error) {
	if path == "-" {
		return stdin, -1, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, nil, describeOSError(err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, nil, describeOSError(err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, nil, fmt.Errorf("%s is not a regular file", path)
	}
	return f, st.Size(), func() { f.Close() }, nil
}

// readCompressInput reads FILE ("-": standard input) whole, refusing more
// than limit bytes with the error "FILE: N bytes, <what> (limit)".
func readCompressInput(path string, stdin io.Reader, limit int64, what string) ([]byte, error) {
	r, size, closeFn, err := openCompressInput(path, stdin)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	if size > limit {
		return nil, fmt.Errorf("%s: %d bytes, %s (%d)", path, size, what, limit)
	}
	b, err := readAllSized(r, size, limit+1)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", inputName(path), err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes, %s", inputName(path), limit, what)
	}
	return b, nil
}

// readAllSized reads r to its end, at most max bytes. A file of known size
// (size >= 0) is read into a buffer of that size, plus one byte to see the
// end, instead of one grown by doubling.
func readAllSized(r io.Reader, size, max int64) ([]byte, error) {
	lr := io.LimitReader(r, max)
	if size < 0 || size >= max {
		return io.ReadAll(lr)
	}
	b := make([]byte, size, size+1)
	n, err := io.ReadFull(lr, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		return b[:n], nil // the file shrank
	}
	if err != nil {
		return nil, err
	}
	// The file may have grown since it was measured.
	var one [1]byte
	if m, _ := lr.Read(one[:]); m == 1 {
		rest, err := io.ReadAll(lr)
		if err != nil {
			return nil, err
		}
		b = append(append(b, one[0]), rest...)
	}
	return b, nil
}
