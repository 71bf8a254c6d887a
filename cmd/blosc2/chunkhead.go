package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// chunkHeader reads only the header of stored chunk i of a frame, so that
// info on a large frame reads a few bytes per chunk rather than every
// chunk, and checks that the chunk's cbytes fits in the bytes available.
func (in *input) chunkHeader(i int, ci frame.ChunkInfo) (blosc.Header, error) {
	var head [blosc.ExtendedHeaderLen]byte
	var avail int64 // bytes from the chunk's start to the end of what may hold it
	var n int
	var err error
	if ci.File != "" {
		f, ferr := os.Open(filepath.Join(in.path, ci.File))
		if ferr != nil {
			return blosc.Header{}, describeOSError(ferr)
		}
		defer f.Close()
		st, serr := f.Stat()
		if serr != nil {
			return blosc.Header{}, serr
		}
		avail = st.Size()
		n, err = io.ReadFull(f, head[:])
	} else {
		h := in.frame.Header()
		end := int64(h.HeaderLen) + h.Cbytes // end of the chunks section
		if ci.Offset < int64(h.HeaderLen) || ci.Offset >= end {
			return blosc.Header{}, fmt.Errorf("chunk %d: offset %d outside the chunks section", i, ci.Offset)
		}
		avail = end - ci.Offset
		want := int64(len(head))
		if avail < want {
			want = avail
		}
		n, err = in.ra.ReadAt(head[:want], ci.Offset)
		if int64(n) == want {
			err = nil
		}
	}
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return blosc.Header{}, fmt.Errorf("chunk %d: %w", i, err)
	}
	h, err := blosc.ReadHeader(head[:n])
	if err != nil {
		return h, fmt.Errorf("chunk %d: %w", i, err)
	}
	if int64(h.Cbytes) > avail {
		return h, fmt.Errorf("chunk %d: cbytes %d exceeds the %d bytes available", i, h.Cbytes, avail)
	}
	return h, nil
}
