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
	summary: "append INPUT's bytes (a file or -) to an existing frame, in place, with the frame's own parameters",
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
			return fmt.Errorf("%s is a b2nd array: appending along its first axis is not supported by this build yet (frames without a b2nd metalayer only)", pos[0])
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
