package zstd

import "encoding/binary"

// Magic numbers (RFC 8878 3.1.1, 3.1.2, 5).
const (
	// FrameMagic starts a Zstandard frame.
	FrameMagic = 0xFD2FB528
	// DictMagic starts a dictionary in zstd's format (with entropy tables
	// and an ID); other dictionaries are raw content.
	DictMagic = 0xEC30A437
	// skippableMagic (with any low 4 bits) starts a skippable frame.
	skippableMagic = 0x184D2A50
	skippableMask  = 0xFFFFFFF0
)

// Frame_Header_Descriptor bits.
const (
	fhdSingleSegment = 1 << 5
	fhdReserved      = 1 << 3
	fhdChecksum      = 1 << 2
)

// minWindowLog is the smallest Window_Log (RFC 8878 3.1.1.1.2).
const minWindowLog = 10

// FrameHeader is the header of a Zstandard frame (RFC 8878 3.1.1.1).
type FrameHeader struct {
	// HeaderSize is the header's length in bytes, magic included.
	HeaderSize int
	// WindowSize is the frame's window: for single-segment frames, the
	// content size.
	WindowSize uint64
	// ContentSize is the decoded size when HasContentSize is set.
	ContentSize    uint64
	HasContentSize bool
	// SingleSegment is set when the header has no window descriptor.
	SingleSegment bool
	// DictID is the ID of the dictionary the frame needs, 0 for none (or
	// a dictionary without an ID).
	DictID uint32
	// Checksum is set when the frame ends with a content checksum.
	Checksum bool
}

// BlockMaxSize returns the frame's Block_Maximum_Size: the smaller of the
// window and 128 KiB.
func (h *FrameHeader) BlockMaxSize() int {
	if h.WindowSize < maxBlockSize {
		return int(h.WindowSize)
	}
	return maxBlockSize
}

// ReadFrameHeader parses the header of the Zstandard frame at the start of
// b. Errors wrap ErrCorrupt (ErrUnsupported for legacy frames).
func ReadFrameHeader(b []byte) (FrameHeader, error) {
	var h FrameHeader
	if len(b) < 4 {
		return h, corrupt(0, "frame magic truncated")
	}
	if m := binary.LittleEndian.Uint32(b); m != FrameMagic {
		if m >= 0xFD2FB522 && m < FrameMagic {
			return h, &Error{Offset: 0, Reason: "legacy zstd frame (before v0.8)", Err: ErrUnsupported}
		}
		return h, corrupt(0, "not a zstd frame")
	}
	if len(b) < 5 {
		return h, corrupt(4, "frame header truncated")
	}
	fhd := b[4]
	if fhd&fhdReserved != 0 {
		return h, corrupt(4, "reserved bit set in the frame header descriptor")
	}
	h.SingleSegment = fhd&fhdSingleSegment != 0
	h.Checksum = fhd&fhdChecksum != 0
	didLen := [4]int{0, 1, 2, 4}[fhd&3]
	fcsLen := [4]int{0, 2, 4, 8}[fhd>>6]
	if fcsLen == 0 && h.SingleSegment {
		fcsLen = 1
	}
	pos := 5
	n := pos + didLen + fcsLen
	if !h.SingleSegment {
		n++
	}
	if len(b) < n {
		return h, corrupt(len(b), "frame header truncated")
	}
	if !h.SingleSegment {
		wd := b[pos]
		pos++
		base := uint64(1) << (minWindowLog + wd>>3)
		h.WindowSize = base + base/8*uint64(wd&7)
	}
	switch didLen {
	case 1:
		h.DictID = uint32(b[pos])
	case 2:
		h.DictID = uint32(binary.LittleEndian.Uint16(b[pos:]))
	case 4:
		h.DictID = binary.LittleEndian.Uint32(b[pos:])
	}
	pos += didLen
	h.HasContentSize = fcsLen > 0
	switch fcsLen {
	case 1:
		h.ContentSize = uint64(b[pos])
	case 2:
		h.ContentSize = uint64(binary.LittleEndian.Uint16(b[pos:])) + 256
	case 4:
		h.ContentSize = uint64(binary.LittleEndian.Uint32(b[pos:]))
	case 8:
		h.ContentSize = binary.LittleEndian.Uint64(b[pos:])
	}
	pos += fcsLen
	if h.SingleSegment {
		h.WindowSize = h.ContentSize
	}
	h.HeaderSize = pos
	return h, nil
}
