package main

import (
	"fmt"
	"io"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

const decompressUsage = "decompress [-o OUT] [--key KEY] [--slice SEL] FILE"

var decompressCommand = &command{
	usage:   decompressUsage,
	summary: "write the decoded bytes (frames: all chunks in order; b2nd: the array in C order; a store member: --key KEY)",
	run:     runDecompress,
}

func runDecompress(e *env, args []string) error {
	fs := newFlagSet("decompress")
	out := fs.String("o", "", "output `file`; standard output when absent or -")
	key := fs.String("key", "", "the member `KEY` of a store (.b2e, .b2d, .b2z) to write")
	slice := fs.String("slice", "", "b2nd arrays: write only the `selection`, Python's start:stop[:step] or an index per axis, comma-separated (\"10:20,3,:\"), in C order")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (usage: %s %s)", len(pos), progName, decompressUsage)
	}
	if *key != "" || isStore(pos[0]) {
		if *slice != "" {
			return usagef("--slice applies to a b2nd file, not to a store member (--key)")
		}
		return runDecompressKey(e, pos[0], *key, *out)
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
		return writeArraySlabs(w, in.array, in.path)
	}
	return writeFrameChunks(w, in.frame, in.path)
}

// runDecompressKey writes the member key of the store at path.
func runDecompressKey(e *env, path, key, out string) error {
	if !isStore(path) {
		return fmt.Errorf("%s is not a python-blosc2 store (.b2e, .b2d, .b2z), so --key names nothing", path)
	}
	if key == "" {
		return usagef("%s is a store: name the member to write with --key (blosc2 ls lists them)", path)
	}
	o, err := openOutput(out, e.stdout)
	if err != nil {
		return err
	}
	if err := writeStoreMember(o, path, key); err != nil {
		o.abort()
		return err
	}
	if err := o.commit(); err != nil {
		return fmt.Errorf("writing %s: %w", outputName(out), err)
	}
	return nil
}

// writeFrameChunks writes the decoded chunks of fr in order.
func writeFrameChunks(w io.Writer, fr *frame.Frame, name string) error {
	var buf []byte
	var total int64
	for i := 0; i < fr.NChunks(); i++ {
		var err error
		if buf, err = fr.Chunk(buf[:0], i); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
		total += int64(len(buf))
	}
	if total != fr.Nbytes() {
		return fmt.Errorf("%s: the chunks decode to %d bytes, the frame header says %d", name, total, fr.Nbytes())
	}
	return nil
}

// writeArraySlabs writes a b2nd array in C order, a slab of whole chunk
// rows (along the first dimension) at a time.
func writeArraySlabs(w io.Writer, a *frame.Array, name string) error {
	shape := a.Shape()
	if len(shape) == 0 {
		b, err := a.ReadAll(nil)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
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
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}
