package main

import (
	"fmt"
	"io"

	"github.com/blosc2go/blosc2/blosc"
)

const decompressUsage = "decompress [-o OUT] [--slice SEL] FILE"

var decompressCommand = &command{
	usage:   decompressUsage,
	summary: "write the decoded bytes (frames: all chunks in order; b2nd: the array in C order)",
	run:     runDecompress,
}

func runDecompress(e *env, args []string) error {
	fs := newFlagSet("decompress")
	out := fs.String("o", "", "output `file`; standard output when absent or -")
	slice := fs.String("slice", "", "b2nd arrays: write only the `selection`, Python's start:stop[:step] or an index per axis, comma-separated (\"10:20,3,:\"), in C order")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (usage: %s %s)", len(pos), progName, decompressUsage)
	}
	in, err := openInput(pos[0], e.stdin)
	if err != nil {
		return err
	}
	defer in.close()
	var sel [][]int64
	if *slice != "" {
		if in.kind != kindB2ND {
			return fmt.Errorf("%s: --slice needs a b2nd array, this is a %s", in.path, in.kind)
		}
		if sel, err = parseSlice(*slice, in.array.Shape()); err != nil {
			return usagef("%v", err)
		}
	}
	o, err := openOutput(*out, e.stdout)
	if err != nil {
		return err
	}
	write := func() error { return writeDecoded(o, in) }
	if sel != nil {
		write = func() error {
			if err := writeSelection(o, in.array, sel); err != nil {
				return fmt.Errorf("%s: %w", in.path, err)
			}
			return nil
		}
	}
	if err := write(); err != nil {
		o.abort()
		return err
	}
	if err := o.commit(); err != nil {
		return fmt.Errorf("writing %s: %w", outputName(*out), err)
	}
	return nil
}

func outputName(path string) string {
	if path == "" || path == "-" {
		return "standard output"
	}
	return path
}

// writeDecoded writes the decoded bytes of in to w, chunk by chunk (b2nd:
// one slab of chunk rows at a time), so memory stays bounded by a chunk.
func writeDecoded(w io.Writer, in *input) error {
	switch in.kind {
	case kindChunk:
		b, err := blosc.Decompress(nil, in.chunk)
		if err != nil {
			return fmt.Errorf("%s: %w", in.path, err)
		}
		_, err = w.Write(b)
		return err
	case kindB2ND:
		return writeArray(w, in)
	}
	fr := in.frame
	var buf []byte
	var total int64
	for i := 0; i < fr.NChunks(); i++ {
		var err error
		if buf, err = fr.Chunk(buf[:0], i); err != nil {
			return fmt.Errorf("%s: %w", in.path, err)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
		total += int64(len(buf))
	}
	if total != fr.Nbytes() {
		return fmt.Errorf("%s: the chunks decode to %d bytes, the frame header says %d", in.path, total, fr.Nbytes())
	}
	return nil
}

// writeArray writes a b2nd array in C order, a slab of whole chunk rows
// (along the first dimension) at a time.
func writeArray(w io.Writer, in *input) error {
	a := in.array
	shape := a.Shape()
	if len(shape) == 0 {
		b, err := a.ReadAll(nil)
		if err != nil {
			return fmt.Errorf("%s: %w", in.path, err)
		}
		_, err = w.Write(b)
		return err
	}
	for _, s := range shape {
		if s == 0 {
			return nil
		}
	}
	rows := int64(a.Meta().ChunkShape[0])
	start := make([]int64, len(shape))
	stop := append([]int64(nil), shape...)
	var buf []byte
	for r := int64(0); r < shape[0]; r += rows {
		start[0], stop[0] = r, r+rows
		if stop[0] > shape[0] {
			stop[0] = shape[0]
		}
		var err error
		if buf, err = a.ReadSlab(buf[:0], start, stop); err != nil {
			return fmt.Errorf("%s: %w", in.path, err)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}
