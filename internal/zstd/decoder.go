package zstd

import "encoding/binary"

// Decoder decodes Zstandard frames into caller-supplied buffers. Its
// tables and scratch space are kept from call to call, so that a Decoder
// decodes without allocating once warm; a table described again the same
// way as last time is not rebuilt. The zero Decoder is ready to use. A
// Decoder is not safe for concurrent use: give each goroutine its own.
type Decoder struct {
	// State of the frame being decoded.
	hist   []byte       // dictionary content, before the frame's output
	rep    [3]int       // repeat offsets
	tables [3]*fseTable // current LL, OF and ML tables (nil: none yet)
	huf    *hufTable    // current Huffman table (nil: none yet)

	// Tables and scratch kept from call to call.
	own     [3]fseTable // FSE tables read from the input
	fseDesc [3][]byte   // the description each of own was built from
	rle     [3]fseTable // RLE tables
	ownHuf  hufTable    // Huffman table read from the input
	hufDesc []byte      // the description ownHuf was built from
	wtab    fseTable    // the FSE table of Huffman weights
	norm    [64]int16
	lits    []byte // literals decoded from RLE or Huffman
}

// NewDecoder returns a new Decoder.
func NewDecoder() *Decoder { return new(Decoder) }

// DecodeInto decodes src, a sequence of Zstandard frames (and skippable
// frames) that needs no dictionary, into dst and returns the number of
// bytes written: the frames' contents one after the other. It fails if
// the content does not fit in dst. Bytes of dst past the returned length
// may be overwritten. Errors are *Error values wrapping ErrCorrupt,
// ErrShortDst, ErrDict or ErrUnsupported.
func (d *Decoder) DecodeInto(dst, src []byte) (int, error) {
	return d.DecodeDictInto(dst, src, nil)
}

// DecodeDictInto is DecodeInto with dictionary dict (nil: none). Frames
// with a dictionary ID need dict to have that ID; frames without one use
// dict if given.
func (d *Decoder) DecodeDictInto(dst, src []byte, dict *Dict) (int, error) {
	o, pos := 0, 0
	for pos < len(src) {
		if len(src)-pos < 4 {
			return o, corrupt(pos, "frame magic truncated")
		}
		if binary.LittleEndian.Uint32(src[pos:])&skippableMask == skippableMagic {
			if len(src)-pos < 8 {
				return o, corrupt(pos, "skippable frame header truncated")
			}
			size := uint64(binary.LittleEndian.Uint32(src[pos+4:]))
			if size > uint64(len(src)-pos-8) {
				return o, corrupt(pos, "skippable frame truncated")
			}
			pos += 8 + int(size)
			continue
		}
		n, m, err := d.frame(dst[o:], src[pos:], dict)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Offset += int64(pos)
			}
			return o, err
		}
		o += n
		pos += m
	}
	return o, nil
}

// frame decodes the frame at the start of src into dst and returns the
// output length and the frame's length.
func (d *Decoder) frame(dst, src []byte, dict *Dict) (int, int, error) {
	h, err := ReadFrameHeader(src)
	if err != nil {
		return 0, 0, err
	}
	if h.DictID != 0 && (dict == nil || dict.id != h.DictID) {
		return 0, 0, &Error{Offset: 5, Reason: "frame needs dictionary " + itoa(uint64(h.DictID)), Err: ErrDict}
	}
	if h.HasContentSize {
		if h.ContentSize > uint64(len(dst)) {
			return 0, 0, &Error{Offset: 5, Reason: "frame content size " + itoa(h.ContentSize) + " exceeds the destination (" + itoa(uint64(len(dst))) + ")", Err: ErrShortDst}
		}
		dst = dst[:h.ContentSize]
	}
	d.rep = [3]int{1, 4, 8}
	d.tables = [3]*fseTable{}
	d.huf = nil
	d.hist = nil
	if dict != nil {
		d.hist = dict.content
		if dict.tables {
			d.rep = dict.rep
			d.tables = [3]*fseTable{&dict.fse[kindLL], &dict.fse[kindOF], &dict.fse[kindML]}
			d.huf = &dict.huf
		}
	}
	o, pos, err := d.blocks(dst, src, h.HeaderSize, h.BlockMaxSize())
	d.hist = nil
	if err != nil {
		if e, ok := err.(*Error); ok && e.Err == ErrShortDst && h.HasContentSize {
			e.Err, e.Reason = ErrCorrupt, "content exceeds the frame content size"
		}
		return o, pos, err
	}
	if h.HasContentSize && uint64(o) != h.ContentSize {
		return o, pos, corrupt(pos, "content shorter than the frame content size")
	}
	if h.Checksum {
		if len(src)-pos < 4 {
			return o, pos, corrupt(pos, "content checksum truncated")
		}
		if binary.LittleEndian.Uint32(src[pos:]) != uint32(xxhash64(dst[:o])) {
			return o, pos, corrupt(pos, "content checksum mismatch")
		}
		pos += 4
	}
	return o, pos, nil
}

func itoa(v uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			return string(b[i:])
		}
	}
}
