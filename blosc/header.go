package blosc

import (
	"encoding/binary"
	"strconv"
)

// Header is the parsed header of a chunk. The integer fields hold the values
// stored in the chunk; the methods interpret them.
type Header struct {
	Version   uint8 // format version (2 for C-Blosc 1.x, 5 or 6 for C-Blosc2)
	VersionLZ uint8 // version of the compressor's format
	Flags     uint8 // flags byte: filter bits (Blosc1), memcpyed, dont-split, compressor format
	Typesize  uint8 // element size in bytes (1 when the real one exceeds 255)
	Nbytes    int32 // uncompressed size
	Blocksize int32 // block size; number of blocks for VL-block chunks
	Cbytes    int32 // compressed size, header included

	// Extended is true for the 32-byte Blosc2 header (flags bits 0 and 2
	// both set). The fields below come from the extended header; for a
	// 16-byte header Filters is derived from the flags the way C-Blosc2
	// does it and the others are zero.
	Extended     bool
	Filters      [MaxFilters]Filter // filter pipeline, applied in increasing slot order when encoding
	FiltersMeta  [MaxFilters]uint8  // per-filter parameter
	UDCodec      uint8              // compcode (C-Blosc2 3.x stores it for every chunk; the codec when CompFormat is 6)
	CompcodeMeta uint8              // codec parameter
	Blosc2Flags  uint8              // dictionary, lazy and special-value bits
	Blosc2Flags2 uint8              // VL-blocks bit
}

// HeaderLen returns the length of the header: 16 or 32 bytes.
func (h *Header) HeaderLen() int {
	if h.Extended {
		return ExtendedHeaderLen
	}
	return MinHeaderLen
}

// Memcpyed reports whether the blocks are stored uncompressed right after
// the header (flags bit 1).
func (h *Header) Memcpyed() bool { return h.Flags&FlagMemcpyed != 0 }

// DontSplit reports whether every block is stored as a single stream (flags
// bit 4). When it is clear, full blocks are split into Typesize streams.
func (h *Header) DontSplit() bool { return h.Flags&FlagDontSplit != 0 }

// CompFormat returns the compressor format of flags bits 5-7 (0 blosclz,
// 1 lz4/lz4hc, 3 zlib, 4 zstd, 6 user-defined codec in UDCodec, 7 defined by
// the super-chunk).
func (h *Header) CompFormat() uint8 { return h.Flags >> compFormatShift }

// Codec returns the codec the chunk was compressed with. For extended
// headers UDCodec tells LZ4 from LZ4HC; memcpyed chunks report the format
// bits (BloscLZ) since no codec was run. CompFormat 7 (codec defined by the
// super-chunk) has no codec here and reports Codec(255).
func (h *Header) Codec() Codec {
	f := h.CompFormat()
	if h.Extended {
		if f == formatUDCodec {
			return Codec(h.UDCodec)
		}
		if uf, ok := Codec(h.UDCodec).format(); ok && uf == f {
			return Codec(h.UDCodec)
		}
	}
	if c, ok := codecForFormat(f); ok {
		return c
	}
	return Codec(255)
}

// Special returns the chunk-level special value (extended headers only).
func (h *Header) Special() SpecialValue {
	if !h.Extended {
		return SpecialNone
	}
	return SpecialValue((h.Blosc2Flags >> specialShift) & specialMask)
}

// Lazy reports whether the chunk is a lazy chunk: header, bstarts and a
// trailer locating the blocks, without the block data.
func (h *Header) Lazy() bool {
	return h.Extended && h.Blosc2Flags&Blosc2FlagLazy != 0 && h.Special() == SpecialNone
}

// HasDict reports whether a codec dictionary follows the bstarts.
func (h *Header) HasDict() bool { return h.Extended && h.Blosc2Flags&Blosc2FlagDict != 0 }

// VLBlocks reports whether the blocks have variable lengths (format version
// 6): the Blocksize field then holds the number of blocks.
func (h *Header) VLBlocks() bool { return h.Extended && h.Blosc2Flags2&Blosc2Flags2VLBlocks != 0 }

// BlockSize returns the size of the full blocks: the Blocksize field,
// clamped to Nbytes as C-Blosc2 does, or 0 for VL-block chunks.
func (h *Header) BlockSize() int {
	if h.VLBlocks() {
		return 0
	}
	bs := int(h.Blocksize)
	if h.Nbytes > 0 && bs > int(h.Nbytes) {
		bs = int(h.Nbytes)
	}
	return bs
}

// NBlocks returns the number of blocks, the leftover block included.
func (h *Header) NBlocks() int {
	if h.VLBlocks() {
		return int(h.Blocksize)
	}
	bs := h.BlockSize()
	if bs <= 0 {
		return 0
	}
	return (int(h.Nbytes) + bs - 1) / bs
}

// Leftover returns the size of the last block when it is shorter than
// BlockSize, or 0.
func (h *Header) Leftover() int {
	bs := h.BlockSize()
	if bs <= 0 {
		return 0
	}
	return int(h.Nbytes) % bs
}

// ValueSize returns the size of the repeated value of a SpecialRepeat chunk
// (Cbytes minus the header), which can differ from Typesize.
func (h *Header) ValueSize() int {
	if h.Special() != SpecialRepeat {
		return 0
	}
	return int(h.Cbytes) - ExtendedHeaderLen
}

// String summarizes the header on one line.
func (h *Header) String() string {
	s := "version=" + strconv.Itoa(int(h.Version)) +
		" typesize=" + strconv.Itoa(int(h.Typesize)) +
		" nbytes=" + strconv.Itoa(int(h.Nbytes)) +
		" blocksize=" + strconv.Itoa(int(h.Blocksize)) +
		" cbytes=" + strconv.Itoa(int(h.Cbytes)) +
		" codec=" + h.Codec().String()
	if h.Memcpyed() {
		s += " memcpyed"
	}
	if h.Special() != SpecialNone {
		s += " special=" + h.Special().String()
	}
	s += " filters=["
	for i, f := range h.Filters {
		if i > 0 {
			s += " "
		}
		s += f.String()
		if h.FiltersMeta[i] != 0 {
			s += ":" + strconv.Itoa(int(h.FiltersMeta[i]))
		}
	}
	return s + "]"
}

// ReadHeader parses and validates the header at the start of src. It reads
// only the header (16 or 32 bytes): src may hold just the header, a whole
// chunk or a lazy chunk. It checks what the header alone can tell (sizes,
// typesize, version, special values) and does not check that the chunk's
// codec and filters are supported: Decompress does.
func ReadHeader(src []byte) (Header, error) {
	var h Header
	if len(src) < MinHeaderLen {
		return h, corrupt(int64(len(src)), "header truncated: "+strconv.Itoa(len(src))+" bytes, need 16")
	}
	h.Version = src[offVersion]
	h.VersionLZ = src[offVersionLZ]
	h.Flags = src[offFlags]
	h.Typesize = src[offTypesize]
	h.Nbytes = int32(binary.LittleEndian.Uint32(src[offNbytes:]))
	h.Blocksize = int32(binary.LittleEndian.Uint32(src[offBlocksize:]))
	h.Cbytes = int32(binary.LittleEndian.Uint32(src[offCbytes:]))

	if h.Version == 0 {
		return h, corrupt(offVersion, "format version 0")
	}
	if err := checkVersion(h.Version); err != nil {
		return h, err
	}
	if h.Nbytes < 0 {
		return h, corrupt(offNbytes, "negative nbytes")
	}
	if h.Cbytes < MinHeaderLen {
		return h, corrupt(offCbytes, "cbytes "+strconv.Itoa(int(h.Cbytes))+" smaller than the header")
	}
	if h.Blocksize <= 0 {
		return h, corrupt(offBlocksize, "blocksize not positive")
	}
	if h.Blocksize > MaxBlocksize {
		return h, corrupt(offBlocksize, "blocksize "+strconv.Itoa(int(h.Blocksize))+" exceeds the maximum")
	}
	if h.Typesize == 0 {
		return h, corrupt(offTypesize, "typesize 0")
	}

	if h.Flags&flagsExtended != flagsExtended {
		// Blosc1 header: the filters are flags bits (C-Blosc2's flags_to_filters).
		if h.Flags&FlagShuffle != 0 {
			h.Filters[MaxFilters-1] = Shuffle
		}
		if h.Flags&FlagBitShuffle != 0 {
			h.Filters[MaxFilters-1] = BitShuffle
		}
		if h.Flags&FlagDelta != 0 {
			h.Filters[MaxFilters-2] = Delta
		}
		return h, nil
	}

	h.Extended = true
	if h.Cbytes < ExtendedHeaderLen {
		return h, corrupt(offCbytes, "cbytes "+strconv.Itoa(int(h.Cbytes))+" smaller than the extended header")
	}
	if len(src) < ExtendedHeaderLen {
		return h, corrupt(int64(len(src)), "extended header truncated: "+strconv.Itoa(len(src))+" bytes, need 32")
	}
	for i := 0; i < MaxFilters; i++ {
		h.Filters[i] = Filter(src[offFilters+i])
		h.FiltersMeta[i] = src[offFiltersMeta+i]
	}
	h.UDCodec = src[offUDCodec]
	h.CompcodeMeta = src[offCompcodeMeta]
	h.Blosc2Flags2 = src[offBlosc2Flags2]
	h.Blosc2Flags = src[offBlosc2Flags]
	if h.Version == VersionAlpha {
		// The alpha series did not initialize the last filter slot.
		h.Filters[MaxFilters-1] = NoFilter
		h.FiltersMeta[MaxFilters-1] = 0
	}

	sp := h.Special()
	vl := h.Blosc2Flags2&Blosc2Flags2VLBlocks != 0
	if vl && sp != SpecialNone {
		return h, corrupt(offBlosc2Flags, "VL-block chunk with a special value")
	}
	if vl && h.Memcpyed() {
		return h, corrupt(offFlags, "VL-block chunk marked memcpyed")
	}
	switch sp {
	case SpecialNone, SpecialZeros:
	case SpecialNaN:
		if h.Typesize != 4 && h.Typesize != 8 {
			return h, corrupt(offTypesize, "NaN special chunk with typesize "+strconv.Itoa(int(h.Typesize))+" (need 4 or 8)")
		}
		if h.Nbytes%int32(h.Typesize) != 0 {
			return h, corrupt(offNbytes, "nbytes not a multiple of typesize in a NaN chunk")
		}
	case SpecialRepeat:
		vs := h.Cbytes - ExtendedHeaderLen
		if vs <= 0 {
			return h, corrupt(offCbytes, "repeated-value chunk without a value")
		}
		if vs > h.Nbytes {
			return h, corrupt(offCbytes, "repeated value longer than nbytes")
		}
		if h.Nbytes%vs != 0 {
			return h, corrupt(offNbytes, "nbytes not a multiple of the repeated value's size")
		}
	case SpecialUninit:
		if h.Nbytes%int32(h.Typesize) != 0 {
			return h, corrupt(offNbytes, "nbytes not a multiple of typesize in an uninitialized chunk")
		}
	default:
		return h, unsupported("special value " + strconv.Itoa(int(sp)))
	}
	if h.Blosc2Flags&Blosc2FlagInstrCodec != 0 {
		return h, unsupported("instrumented codec chunk (blosc2_flags bit 7)")
	}
	return h, nil
}

// checkVersion refuses a chunk of a newer format version than this package
// reads. Every chunk version is a major one (C-Blosc2 also refuses any
// version above its own): the header has no minor version and no part a
// reader could skip.
func checkVersion(v uint8) error {
	if v <= MaxVersion {
		return nil
	}
	return unsupported("chunk written by a newer version (" + strconv.Itoa(int(v)) +
		"), this reader understands up to " + strconv.Itoa(MaxVersion))
}

// Append appends the header's binary form to b: 16 bytes, or 32 when
// Extended is set. For a 16-byte header the filter pipeline is what the
// Flags bits say; Filters, FiltersMeta and the other extended fields are not
// written. Append does not validate: ReadHeader of the result returns h for
// any h that ReadHeader returned.
func (h *Header) Append(b []byte) []byte {
	var buf [ExtendedHeaderLen]byte
	buf[offVersion] = h.Version
	buf[offVersionLZ] = h.VersionLZ
	buf[offFlags] = h.Flags
	buf[offTypesize] = h.Typesize
	binary.LittleEndian.PutUint32(buf[offNbytes:], uint32(h.Nbytes))
	binary.LittleEndian.PutUint32(buf[offBlocksize:], uint32(h.Blocksize))
	binary.LittleEndian.PutUint32(buf[offCbytes:], uint32(h.Cbytes))
	if !h.Extended {
		return append(b, buf[:MinHeaderLen]...)
	}
	for i := 0; i < MaxFilters; i++ {
		buf[offFilters+i] = byte(h.Filters[i])
		buf[offFiltersMeta+i] = h.FiltersMeta[i]
	}
	buf[offUDCodec] = h.UDCodec
	buf[offCompcodeMeta] = h.CompcodeMeta
	buf[offBlosc2Flags2] = h.Blosc2Flags2
	buf[offBlosc2Flags] = h.Blosc2Flags
	return append(b, buf[:]...)
}

// CheckSupported reports, with an error wrapping ErrUnsupported, whether
// the chunk needs a codec or a filter this package cannot decode. Memcpyed
// and special-value chunks need neither.
func (h *Header) CheckSupported() error {
	if h.Memcpyed() || h.Special() != SpecialNone {
		return nil
	}
	p := plan{h: *h}
	return p.setCodecAndFilters()
}
