package blosc

import (
	"encoding/binary"
	"io"
	"strconv"
)

// Where the bytes of a chunk come from. The plan of a chunk given whole
// (Decompress and the other entry points) has them all in src; the plan of
// a lazy chunk (DecompressLazy) has its header, bstarts and trailer in src
// and reads the rest, dictionary and block bytes, with an io.ReaderAt over
// the complete chunk. Everything past the bstarts is read here, so the rest
// of the decoder does not know which kind of chunk it decodes.

// readAt fills b with the chunk's bytes at off.
func (p *plan) readAt(b []byte, off int, what string) error {
	if off < 0 || int64(off)+int64(len(b)) > int64(p.h.Cbytes) {
		return corrupt(int64(off), what+" outside the chunk")
	}
	if p.r == nil {
		copy(b, p.src[off:])
		return nil
	}
	return readFull(p.r, b, int64(off))
}

// int32At returns the little-endian int32 at off.
func (p *plan) int32At(off int, what string) (int, error) {
	if err := p.readAt(p.word[:], off, what); err != nil {
		return 0, err
	}
	return int(int32(binary.LittleEndian.Uint32(p.word[:]))), nil
}

// bytesAt returns the n bytes at off: a slice of src, or for a lazy chunk
// the bytes read into *buf (grown when too short).
func (p *plan) bytesAt(buf *[]byte, off, n int, what string) ([]byte, error) {
	if off < 0 || n < 0 || int64(off)+int64(n) > int64(p.h.Cbytes) {
		return nil, corrupt(int64(off), what+" outside the chunk")
	}
	if p.r == nil {
		return p.src[off : off+n], nil
	}
	if cap(*buf) < n {
		*buf = make([]byte, n)
	}
	b := (*buf)[:n]
	return b, readFull(p.r, b, int64(off))
}

// readFull reads len(b) bytes at off with r; a short read means the chunk
// is shorter than its header says.
func readFull(r io.ReaderAt, b []byte, off int64) error {
	n, err := r.ReadAt(b, off)
	if n == len(b) {
		return nil
	}
	if err == nil || err == io.EOF {
		return corrupt(off+int64(n), "lazy chunk data truncated")
	}
	return err
}

// blockBytes returns the compressed bytes of block j (not memcpyed) and
// their offset in the chunk, read into the worker's buffer for a lazy chunk.
// The bytes of a fixed-size block of a chunk in memory run to the end of
// the chunk: its streams say where they end.
func (w *worker) blockBytes(p *plan, j int) ([]byte, int, error) {
	at := p.bstart(j)
	var size int
	if p.vl {
		size = p.vlClen[j] // checked by readVLBlocks
	} else {
		if at < p.dataStart || at >= int(p.h.Cbytes) {
			return nil, 0, corrupt(int64(p.bstartsAt+4*j), "start of block "+strconv.Itoa(j)+" ("+strconv.Itoa(at)+") outside the chunk")
		}
		if p.r == nil {
			return p.src[at:], at, nil
		}
		size = int(int32(binary.LittleEndian.Uint32(p.src[p.lazyCsizesAt+4*j:])))
		maxSize := int64(p.blocksize) + 4*int64(p.typesize)
		if size <= 0 || int64(size) > maxSize {
			return nil, 0, corrupt(int64(p.lazyCsizesAt+4*j), "lazy block size "+strconv.Itoa(size)+" out of range")
		}
	}
	if int64(at)+int64(size) > int64(p.h.Cbytes) {
		return nil, 0, corrupt(int64(p.bstartsAt+4*j), "block "+strconv.Itoa(j)+" ends outside the chunk")
	}
	b, err := p.bytesAt(&w.lazyBuf, at, size, "block")
	return b, at, err
}
