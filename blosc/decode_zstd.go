package blosc

import (
	"encoding/binary"
	"errors"

	"github.com/klauspost/compress/zstd"
)

// A zstd frame (RFC 8878) is a header and a sequence of blocks: raw
// (stored), RLE (one byte repeated) or compressed. klauspost/compress copies
// overlapping matches (runs) a byte at a time, and regenerates RLE blocks a
// byte at a time into a buffer of its own before copying them out, which
// makes runs (zeros, constant byte planes after shuffling) decode at a
// fraction of C's speed. decode_zstdseq.go has a block decoder for blocks
// whose literals are stored raw or as a run (zstd does so for noisy bytes
// and for runs), which writes straight into dst and copies runs at memmove
// speed, but decodes dense blocks (many short sequences) slower than
// klauspost's assembly. For frames without a dictionary or checksum whose
// content size is given, zstdPlan picks:
//
//   - zstdPathOwn: no dense block (zstdDense): decodeBlocks does it all;
//   - zstdPathSplit: the blocks up to the last dense one go to klauspost as
//     a frame of their own, decodeBlocks does the rest, provided a dry run
//     shows they do not use the repeat offsets of the blocks before;
//   - zstdPathZstd: everything else, and every frame found unusual.

const (
	zstdMagic        = 0xFD2FB528
	zstdMaxBlockSize = 128 << 10 // Block_Maximum_Size upper bound
	zstdMinWindowLog = 10

	zstdBlockRaw        = 0
	zstdBlockRLE        = 1
	zstdBlockCompressed = 2
	zstdBlockReserved   = 3

	zstdFHDSingleSegment = 1 << 5
	zstdFHDChecksum      = 1 << 2
	zstdFHDReserved      = 1 << 3
)

// zstdFrameHeader is what the fast path needs from a frame header.
type zstdFrameHeader struct {
	size      int    // header length in bytes
	content   uint64 // Frame_Content_Size
	window    uint64 // Window_Size
	windowDsc int    // Window_Descriptor byte, -1 for single-segment frames
}

// parseZstdFrameHeader reads a frame header without a dictionary ID and
// without a checksum, with its content size present. ok is false for any
// other frame (the zstd decoder then handles it, errors included).
func parseZstdFrameHeader(b []byte) (h zstdFrameHeader, ok bool) {
	if len(b) < 6 || binary.LittleEndian.Uint32(b) != zstdMagic {
		return h, false
	}
	fhd := b[4]
	if fhd&(zstdFHDChecksum|zstdFHDReserved) != 0 || fhd&3 != 0 {
		return h, false // checksums and dictionary IDs: leave to the decoder
	}
	pos := 5
	single := fhd&zstdFHDSingleSegment != 0
	h.windowDsc = -1
	if !single {
		wd := b[pos]
		pos++
		h.windowDsc = int(wd)
		base := uint64(1) << (zstdMinWindowLog + wd>>3)
		h.window = base + base/8*uint64(wd&7)
	}
	var fcsLen int
	switch fhd >> 6 {
	case 0:
		if !single {
			return h, false // no content size
		}
		fcsLen = 1
	case 1:
		fcsLen = 2
	case 2:
		fcsLen = 4
	case 3:
		fcsLen = 8
	}
	if len(b)-pos < fcsLen {
		return h, false
	}
	switch fcsLen {
	case 1:
		h.content = uint64(b[pos])
	case 2:
		h.content = uint64(binary.LittleEndian.Uint16(b[pos:])) + 256
	case 4:
		h.content = uint64(binary.LittleEndian.Uint32(b[pos:]))
	case 8:
		h.content = binary.LittleEndian.Uint64(b[pos:])
	}
	pos += fcsLen
	if single {
		h.window = h.content
	} else if h.window > MaxBlocksize {
		return h, false // the decoder refuses such windows (and so does C)
	}
	h.size = pos
	return h, true
}

// errZstdOverflow is returned when a frame decodes to more than dst holds.
var errZstdOverflow = errors.New("output exceeds the stream size")

// zstdDecompress decodes the zstd frame comp into dst, which must come out
// exactly full, and returns the number of bytes written. plain is false
// when the chunk has a dictionary.
func (w *worker) zstdDecompress(d *zstd.Decoder, dst, comp []byte, plain bool) (int, error) {
	if plain {
		if h, ok := parseZstdFrameHeader(comp); ok && h.content == uint64(len(dst)) {
			switch split, path := zstdPlan(h, comp); path {
			case zstdPathOwn:
				return w.zstdOwn(h, dst, comp)
			case zstdPathSplit:
				if n, done, err := w.zstdSplit(d, h, dst, comp, split); done {
					return n, err
				}
			}
		}
	}
	return zstdDecodeAll(d, dst, comp)
}

// zstdDecodeAll decodes comp with the zstd decoder.
func zstdDecodeAll(d *zstd.Decoder, dst, comp []byte) (int, error) {
	out, err := d.DecodeAll(comp, dst[:0:len(dst)])
	n := len(out)
	if err == nil && n > 0 && &out[0] != &dst[0] {
		err = errZstdOverflow
	}
	return n, err
}

// How a frame is decoded.
const (
	zstdPathZstd  = iota // by the zstd decoder
	zstdPathOwn          // by decodeBlocks
	zstdPathSplit        // the zstd decoder up to a block, decodeBlocks after
)

// zstdPlan checks the block structure of a frame and picks its path. For
// zstdPathSplit, split is the offset in comp of the first block for
// decodeBlocks: the one after the last dense block (zstdDense).
func zstdPlan(h zstdFrameHeader, comp []byte) (split, path int) {
	maxBlock := uint64(zstdMaxBlockSize)
	if h.window < maxBlock {
		maxBlock = h.window
	}
	pos, dense, last := h.size, -1, false
	for !last {
		if len(comp)-pos < 3 {
			return 0, zstdPathZstd
		}
		bh := uint32(comp[pos]) | uint32(comp[pos+1])<<8 | uint32(comp[pos+2])<<16
		last = bh&1 != 0
		size := int(bh >> 3)
		if uint64(size) > maxBlock {
			return 0, zstdPathZstd
		}
		pos += 3
		typ := (bh >> 1) & 3
		if typ == zstdBlockRLE {
			size = 1
		}
		if len(comp)-pos < size {
			return 0, zstdPathZstd
		}
		switch typ {
		case zstdBlockCompressed:
			if size < 2 {
				return 0, zstdPathZstd
			}
			if zstdDense(comp[pos : pos+size]) {
				dense = pos + size
			}
		case zstdBlockReserved:
			return 0, zstdPathZstd
		}
		pos += size
	}
	switch {
	case pos != len(comp):
		return 0, zstdPathZstd // more frames follow
	case dense < 0:
		return 0, zstdPathOwn
	case dense == len(comp):
		return 0, zstdPathZstd
	}
	return dense, zstdPathSplit
}

// zstdOwn decodes a whole frame with decodeBlocks.
func (w *worker) zstdOwn(h zstdFrameHeader, dst, comp []byte) (int, error) {
	zstdInitTables()
	f := &w.zf
	f.rep = [3]int{1, 4, 8}
	f.tables = [3]*fseTable{}
	f.partial = false
	o, err := f.decodeBlocks(dst, comp, h.size, 0, h.window, false)
	if err == nil && o != len(dst) {
		err = zstdErr("frame content size mismatch")
	}
	return o, err
}

// zstdSplit decodes the blocks before comp[split:] with the zstd decoder
// (as a frame of their own) and the rest with decodeBlocks. done is false
// when the blocks after split depend on the ones before (repeat offsets or
// tables) or anything else is unusual: the caller then decodes the frame
// the ordinary way.
func (w *worker) zstdSplit(d *zstd.Decoder, h zstdFrameHeader, dst, comp []byte, split int) (n int, done bool, err error) {
	zstdInitTables()
	f := &w.zf
	// A dry run over the blocks after split checks that they stand alone
	// and measures their output.
	f.rep = [3]int{-1, -2, -3}
	f.tables = [3]*fseTable{}
	f.partial = true
	if f.loadTables(comp, h.size, split) != nil {
		return 0, false, nil
	}
	tail, err := f.decodeBlocks(dst, comp, split, 0, h.window, true)
	if err != nil || tail >= len(dst) {
		return 0, false, nil
	}
	head := len(dst) - tail
	// The blocks before split, as a frame of their own with the original
	// window and a content size of head; the last one marked last.
	if uint64(head) != uint64(uint32(head)) {
		return 0, false, nil
	}
	fr := binary.LittleEndian.AppendUint32(w.zframe[:0], zstdMagic)
	if h.windowDsc < 0 {
		fr = append(fr, 2<<6|zstdFHDSingleSegment)
	} else {
		fr = append(fr, 2<<6, byte(h.windowDsc))
	}
	fr = binary.LittleEndian.AppendUint32(fr, uint32(head))
	blocks := len(fr)
	fr = append(fr, comp[h.size:split]...)
	w.zframe = fr
	// Find the header of the last block before split.
	lastHdr := -1
	for pos := blocks; pos < len(fr); {
		bh := uint32(fr[pos]) | uint32(fr[pos+1])<<8 | uint32(fr[pos+2])<<16
		lastHdr = pos
		pos += 3
		if (bh>>1)&3 == zstdBlockRLE {
			pos++
		} else {
			pos += int(bh >> 3)
		}
	}
	fr[lastHdr] |= 1
	if m, err := zstdDecodeAll(d, dst[:head], fr); err != nil || m != head {
		return 0, false, nil // let the zstd decoder report it on the whole frame
	}
	f.rep = [3]int{-1, -2, -3}
	f.tables = [3]*fseTable{}
	if err := f.loadTables(comp, h.size, split); err != nil {
		return 0, true, err // cannot happen: the dry run loaded them
	}
	o, err := f.decodeBlocks(dst, comp, split, head, h.window, false)
	if err == nil && o != len(dst) {
		err = zstdErr("frame content size mismatch")
	}
	return o, true, err
}
