package render

import (
	"fmt"
	"io"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// Chunks describes every chunk of f from its index entry and, for stored
// chunks, the chunk's own header. ra, when not nil, holds the frame's bytes
// (what f was opened from): only the 32 header bytes of each chunk are read
// from it. With ra nil (sparse frames) each chunk is read whole.
func Chunks(f *frame.Frame, ra io.ReaderAt) ([]Chunk, error) {
	out := make([]Chunk, 0, f.NChunks())
	for i := 0; i < f.NChunks(); i++ {
		c, err := chunk(f, ra, i)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func chunk(f *frame.Frame, ra io.ReaderAt, i int) (Chunk, error) {
	ci, err := f.ChunkInfo(i)
	if err != nil {
		return Chunk{}, err
	}
	c := Chunk{Index: i, Nbytes: ci.Nbytes, Offset: ci.Offset}
	if ci.Special != blosc.SpecialNone {
		c.Special, c.Offset = ci.Special.String(), -1
		return c, nil
	}
	h, err := chunkHeader(f, ra, i, ci)
	if err != nil {
		return c, fmt.Errorf("chunk %d: %w", i, err)
	}
	c.Nbytes, c.Cbytes = int64(h.Nbytes), int64(h.Cbytes)
	if sp := h.Special(); sp != blosc.SpecialNone {
		c.Special = sp.String()
		return c, nil
	}
	c.Codec = h.Codec().String()
	if h.Memcpyed() {
		c.Codec = "memcpy"
	}
	for k, fl := range h.Filters {
		if fl == blosc.NoFilter {
			continue
		}
		s := fl.String()
		if m := h.FiltersMeta[k]; m != 0 {
			s += fmt.Sprintf(":%d", int8(m))
		}
		c.Filters = append(c.Filters, s)
	}
	return c, nil
}

// chunkHeader reads the header of stored chunk i.
func chunkHeader(f *frame.Frame, ra io.ReaderAt, i int, ci frame.ChunkInfo) (blosc.Header, error) {
	if ra == nil || ci.Offset < 0 {
		raw, _, err := f.RawChunk(i)
		if err != nil {
			return blosc.Header{}, err
		}
		return blosc.ReadHeader(raw)
	}
	h := f.Header()
	end := int64(h.HeaderLen) + h.Cbytes // end of the chunks section
	if ci.Offset < int64(h.HeaderLen) || ci.Offset >= end {
		return blosc.Header{}, fmt.Errorf("offset %d outside the chunks section", ci.Offset)
	}
	var head [blosc.ExtendedHeaderLen]byte
	n := int64(len(head))
	if end-ci.Offset < n {
		n = end - ci.Offset
	}
	got, err := ra.ReadAt(head[:n], ci.Offset)
	if int64(got) < n {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return blosc.Header{}, err
	}
	bh, err := blosc.ReadHeader(head[:n])
	if err != nil {
		return bh, err
	}
	if int64(bh.Cbytes) > end-ci.Offset {
		return bh, fmt.Errorf("cbytes %d exceeds the %d bytes left in the chunks section", bh.Cbytes, end-ci.Offset)
	}
	return bh, nil
}
