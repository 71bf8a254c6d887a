package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// frameParams are the parameters of a frame whose chunks are compressed
// with o (typesize: the frame's, which for b2nd may exceed the 255 a chunk
// records), and the writer option compressing them.
func frameParams(o blosc.Options, typesize int) (frame.Params, frame.Option, error) {
	enc, err := blosc.NewEncoder(o)
	if err != nil {
		return frame.Params{}, nil, err
	}
	p := frame.DefaultParams()
	p.Options = o
	p.Typesize = typesize
	p.Format = blosc.FormatBlosc2 // what the header records; chunks come from o
	// Data chunks go through one Encoder (reusing its state); anything the
	// writer compresses with another typesize gets its own options.
	return p, frame.WithCompress(func(dst, src []byte, ts int) ([]byte, error) {
		if chunkTypesize(ts) == o.Typesize {
			return enc.Compress(dst, src)
		}
		o2 := o
		o2.Typesize = chunkTypesize(ts)
		return blosc.Compress(dst, src, o2)
	}), nil
}

// writeFrame cuts the input into chunks of j.chunksize bytes (the last one
// shorter) and writes them as a contiguous frame, reading one chunk at a
// time.
func (j *compressJob) writeFrame(e *env) error {
	p, comp, err := frameParams(j.opts, j.opts.Typesize)
	if err != nil {
		return usagef("%s", flagOptionMessage(err))
	}
	r, size, closeFn, err := openCompressInput(j.in, e.stdin)
	if err != nil {
		return err
	}
	defer closeFn()
	j.progress.total = max(size, 0)
	r = &countingReader{r: r, n: &j.progress.in}
	return j.writeTo(e, func(w io.Writer) error {
		fw, err := frame.NewWriter(w, p, comp)
		if err != nil {
			return err
		}
		if err := appendChunks(fw, r, int64(j.chunksize), inputName(j.in)); err != nil {
			fw.Close()
			return err
		}
		if err := fw.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", outputName(j.out), err)
		}
		return nil
	})
}

// appendChunks appends r to fw in chunks of chunksize bytes. The buffer
// grows with what is read, so a large --chunksize costs memory only when
// the input has that much data.
func appendChunks(fw *frame.Writer, r io.Reader, chunksize int64, name string) error {
	var buf bytes.Buffer
	for {
		buf.Reset()
		n, err := io.CopyN(&buf, r, chunksize)
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("reading %s: %w", name, err)
		}
		if n > 0 {
			if aerr := fw.AppendData(buf.Bytes()); aerr != nil {
				return fmt.Errorf("%s: chunk %d: %w", name, fw.NChunks(), aerr)
			}
		}
		if n < chunksize {
			return nil
		}
	}
}
