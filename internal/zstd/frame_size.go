package zstd

import "encoding/binary"

// DecodedSize reads the frame and block headers of src, a sequence of
// Zstandard frames and skippable frames, without decoding any block, and
// returns how many bytes its frames decode to: their total content size
// when every frame records one (exact is then true), else an upper bound
// (raw and RLE blocks count their size, compressed blocks the frame's
// Block_Maximum_Size). It is what a caller needs to size the destination of
// DecodeInto for frames of unknown size (streaming encoders write those)
// and to refuse, before allocating, an output over a limit: the bound is
// what the input's blocks can produce, and a frame whose recorded content
// size exceeds it is corrupt. Errors wrap ErrCorrupt or ErrUnsupported.
func DecodedSize(src []byte) (n uint64, exact bool, err error) {
	exact = true
	for pos := 0; pos < len(src); {
		if len(src)-pos < 4 {
			return 0, false, corrupt(pos, "frame magic truncated")
		}
		if binary.LittleEndian.Uint32(src[pos:])&skippableMask == skippableMagic {
			if len(src)-pos < 8 {
				return 0, false, corrupt(pos, "skippable frame header truncated")
			}
			size := uint64(binary.LittleEndian.Uint32(src[pos+4:]))
			if size > uint64(len(src)-pos-8) {
				return 0, false, corrupt(pos, "skippable frame truncated")
			}
			pos += 8 + int(size)
			continue
		}
		h, err := ReadFrameHeader(src[pos:])
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Offset += int64(pos)
			}
			return 0, false, err
		}
		bound, end, err := blocksBound(src, pos+h.HeaderSize, h.BlockMaxSize())
		if err != nil {
			return 0, false, err
		}
		if h.Checksum {
			if len(src)-end < 4 {
				return 0, false, corrupt(end, "content checksum truncated")
			}
			end += 4
		}
		if h.HasContentSize {
			if h.ContentSize > bound {
				return 0, false, corrupt(pos+5, "frame content size "+itoa(h.ContentSize)+
					" exceeds what its blocks can hold ("+itoa(bound)+")")
			}
			bound = h.ContentSize
		} else {
			exact = false
		}
		n += bound // no overflow: each frame's bound is below 2^17 times its length
		pos = end
	}
	return n, exact, nil
}

// blocksBound walks the block headers of the frame whose first block
// header is at src[pos:] and returns the most its blocks can decode to and
// the offset after the last block.
func blocksBound(src []byte, pos, blockMax int) (uint64, int, error) {
	var n uint64
	for {
		if len(src)-pos < 3 {
			return 0, 0, corrupt(pos, "block header truncated")
		}
		bh := int(src[pos]) | int(src[pos+1])<<8 | int(src[pos+2])<<16
		typ, size := bh>>1&3, bh>>3
		if size > blockMax {
			return 0, 0, corrupt(pos, "block larger than the maximum block size")
		}
		hdr := pos
		pos += 3
		switch typ {
		case blockRaw:
			n += uint64(size)
		case blockRLE:
			n += uint64(size)
			size = 1
		case blockCompressed:
			n += uint64(blockMax)
		default:
			return 0, 0, corrupt(hdr, "reserved block type")
		}
		if len(src)-pos < size {
			return 0, 0, corrupt(hdr, "block truncated")
		}
		pos += size
		if bh&1 != 0 {
			return n, pos, nil
		}
	}
}
