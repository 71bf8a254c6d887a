package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// Kinds of input, as detected from the content.
const (
	kindChunk  = "chunk"  // one Blosc chunk
	kindFrame  = "frame"  // contiguous frame (.b2frame)
	kindSparse = "sframe" // sparse frame directory
	kindB2ND   = "b2nd"   // frame (contiguous or sparse) holding a b2nd array
)

// frameMagic sits at offset 2 of every frame: the msgpack header is a
// fixarray (1 byte) whose first entry is a str8 (1 byte) "b2frame\0".
const (
	frameMagic    = "b2frame\x00"
	frameMagicOff = 2
)

// input is an opened FILE argument.
type input struct {
	path     string
	kind     string
	fileSize int64        // bytes of the file (of chunks.b2frame for a sparse frame)
	chunk    []byte       // kindChunk: the whole file
	frame    *frame.Frame // frames and b2nd
	array    *frame.Array // kindB2ND
	ra       io.ReaderAt  // contiguous frames: the bytes, for reading chunk headers
	file     *os.File     // closed by close
}

func (in *input) close() {
	if in.frame != nil {
		in.frame.Close()
	}
	if in.file != nil {
		in.file.Close()
	}
}

// openInput opens path ("-" for standard input, an http:// or https://
// URL for a remote file read with range requests) and detects its kind.
func openInput(path string, stdin io.Reader) (*input, error) {
	if path == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
		return openBytes("standard input", b)
	}
	if isURL(path) {
		return openURL(path)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, describeOSError(err)
	}
	if st.IsDir() {
		return openFrame(path, kindSparse)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file or a directory", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, describeOSError(err)
	}
	head := make([]byte, frameMagicOff+len(frameMagic))
	n, err := io.ReadFull(f, head)
	f.Close()
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, describeOSError(err)
	}
	if isFrame(head[:n]) {
		return openFrame(path, kindFrame)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, describeOSError(err)
	}
	return openBytes(path, b)
}

func isFrame(head []byte) bool {
	return len(head) >= frameMagicOff+len(frameMagic) &&
		string(head[frameMagicOff:frameMagicOff+len(frameMagic)]) == frameMagic
}

// openBytes opens an in-memory chunk or contiguous frame.
func openBytes(name string, b []byte) (*input, error) {
	in := &input{path: name, fileSize: int64(len(b))}
	if isFrame(b) {
		fr, err := frame.OpenBytes(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		in.kind, in.frame, in.ra = kindFrame, fr, bytes.NewReader(b)
		return in, in.openArray()
	}
	if err := checkChunk(b); err != nil {
		return nil, fmt.Errorf("%s: not a valid Blosc chunk or frame: %w", name, err)
	}
	in.kind, in.chunk = kindChunk, b
	return in, nil
}

// checkChunk checks what can be checked without decoding: the header, and
// that the file holds exactly cbytes bytes.
func checkChunk(b []byte) error {
	if len(b) == 0 {
		return errors.New("empty file")
	}
	h, err := blosc.ReadHeader(b)
	if err != nil {
		return err
	}
	switch cb := int64(h.Cbytes); {
	case int64(len(b)) < cb:
		return fmt.Errorf("truncated: the header says %d bytes (cbytes), the file has %d", cb, len(b))
	case int64(len(b)) > cb:
		return fmt.Errorf("%d bytes after the end of the chunk (cbytes %d)", int64(len(b))-cb, cb)
	}
	return nil
}

// openFrame opens a frame file or sparse frame directory.
func openFrame(path, kind string) (*input, error) {
	fr, err := frame.OpenFile(path)
	if err != nil {
		if kind == kindSparse {
			return nil, fmt.Errorf("%s: not a valid sparse frame directory: %w", path, describeOSError(err))
		}
		return nil, fmt.Errorf("%s: %w", path, describeOSError(err))
	}
	in := &input{path: path, kind: kind, frame: fr, fileSize: fr.FrameLen()}
	if kind == kindFrame {
		f, err := os.Open(path)
		if err != nil {
			fr.Close()
			return nil, describeOSError(err)
		}
		in.file, in.ra = f, f
		if st, err := f.Stat(); err == nil {
			in.fileSize = st.Size()
		}
	}
	if err := in.openArray(); err != nil {
		in.close()
		return nil, err
	}
	return in, nil
}

// openArray makes a frame with a b2nd metalayer a b2nd input.
func (in *input) openArray() error {
	a, err := frame.OpenArray(in.frame)
	switch {
	case err == nil:
		in.kind, in.array = kindB2ND, a
		return nil
	case errors.Is(err, frame.ErrNotB2ND):
		return nil
	}
	return fmt.Errorf("%s: invalid b2nd array: %w", in.path, err)
}

// describeOSError shortens the errors of package os to one clear clause.
func describeOSError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("%s: no such file or directory", pe.Path)
		case errors.Is(err, fs.ErrPermission):
			return fmt.Errorf("%s: permission denied", pe.Path)
		}
	}
	return err
}
