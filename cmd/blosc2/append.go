package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/blosc2go/blosc2/frame"
)

const appendUsage = "append [--chunksize N] FRAME INPUT"

var appendCommand = &command{
	usage:   appendUsage,
	summary: "append INPUT's bytes (a file or -) to an existing frame, or rows to a b2nd array along its first axis, in place, with the file's own parameters",
	run:     runAppend,
}

// appendSyncBytes is how much compressed data append keeps before it
// commits (bounding its memory); every commit is durable and crash-safe.
const appendSyncBytes = 64 << 20

func runAppend(e *env, args []string) error {
	fs := newFlagSet("append")
	chunksize := fs.Int("chunksize", 0, "bytes of `INPUT` per chunk; default: the frame's chunk size, or 1 MiB when its chunks vary in size")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("want FRAME and INPUT, got %d arguments (usage: %s %s)", len(pos), progName, appendUsage)
	}
	if *chunksize < 0 || int64(*chunksize) > 1<<31-1-32 {
		return usagef("--chunksize %d out of range (1 byte to 2 GiB)", *chunksize)
	}
	ed, err := frame.Edit(pos[0], nil)
	if err != nil {
		return err
	}
	defer ed.Close()
	for _, m := range ed.Params().Metalayers {
		if m.Name == frame.B2NDMetaName || m.Name == "caterva" {
			ed.Close()
			return appendArray(e, pos[0], pos[1])
		}
	}
	n := *chunksize
	if n == 0 {
		n = 1 << 20
		if cs := ed.Frame().Header().Chunksize; cs > 0 {
			n = int(cs)
		}
	}
	var r io.Reader = e.stdin
	if pos[1] != "-" {
		f, err := os.Open(pos[1])
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	buf := make([]byte, n)
	pending := 0
	for {
		k, err := io.ReadFull(r, buf)
		if k > 0 {
			if err := ed.AppendData(buf[:k]); err != nil {
				return err
			}
			if pending += k; pending >= appendSyncBytes {
				if err := ed.Sync(); err != nil {
					return err
				}
				pending = 0
			}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", pos[1], err)
		}
	}
	return ed.Commit()
}

// appendArray appends INPUT, whole rows of a b2nd array in C order, along
// its first axis, committing (in place, crash-safe) every appendSyncBytes.
// A file input that is not a whole number of rows is refused before
// anything is written; from standard input, the rows committed before a
// trailing partial row stay.
func appendArray(e *env, path, input string) error {
	ae, err := frame.EditArray(path)
	if err != nil {
		return err
	}
	shape := ae.Shape()
	row := int64(ae.Array().Itemsize())
	for _, s := range shape[1:] {
		row *= s
	}
	ae.Close()
	if len(shape) == 0 || row == 0 {
		return fmt.Errorf("%s: a b2nd array of shape %v has no rows to append to", path, shape)
	}
	var r io.Reader = e.stdin
	if input != "-" {
		f, err := os.Open(input)
		if err != nil {
			return err
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size()%row != 0 {
			return fmt.Errorf("%s holds %d bytes, not a whole number of %d-byte rows of %s (shape %v)", input, st.Size(), row, path, shape)
		}
		r = f
	}
	batch := appendSyncBytes / row * row
	if batch == 0 {
		batch = row
	}
	buf := make([]byte, batch)
	for {
		k, rerr := io.ReadFull(r, buf)
		if k > 0 {
			if int64(k)%row != 0 {
				return fmt.Errorf("reading %s: %d bytes left, not a whole number of %d-byte rows", input, int64(k)%row, row)
			}
			ae, err := frame.EditArray(path)
			if err != nil {
				return err
			}
			if err := ae.AppendBytes(buf[:k]); err != nil {
				ae.Close()
				return err
			}
			if err := ae.Commit(); err != nil {
				return err
			}
		}
		if errors.Is(rerr, io.EOF) || errors.Is(rerr, io.ErrUnexpectedEOF) {
			return nil
		}
		if rerr != nil {
			return fmt.Errorf("reading %s: %w", input, rerr)
		}
	}
}
