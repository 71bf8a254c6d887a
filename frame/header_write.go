package frame

import (
	"encoding/binary"
	"github.com/blosc2go/blosc2/blosc"
)

// headerFields are the values a writer records in a frame header.
type headerFields struct {
	p         *Params
	frameLen  int64
	nbytes    int64
	cbytes    int64
	chunksize int32
	variable  bool
	vlblocks  bool
	hasVLMeta bool
	sparse    bool
}

// appendHeader appends a complete frame header (fixed part and metalayers)
// laid out exactly as C-Blosc2 writes it.
func appendHeader(dst []byte, hf headerFields) []byte {
	p := hf.p
	start := len(dst)
	be := binary.BigEndian
	dst = append(dst, 0x9e, 0xa8)
	dst = append(dst, magic...)
	dst = append(dst, 0xd2, 0, 0, 0, 0) // header_len, set below
	dst = append(dst, 0xcf)
	dst = be.AppendUint64(dst, uint64(hf.frameLen))
	gf := byte(VersionRC1)
	if hf.variable || hf.vlblocks {
		gf = VersionVLBlocks
	}
	gf |= offsets64
	if hf.variable {
		gf |= flagVariableChunk
	}
	if hf.vlblocks {
		gf |= flagVLBlocks
	}
	ft := byte(Contiguous)
	if hf.sparse {
		ft = byte(Sparse)
	}
	cc := uint8(p.Codec)
	if cc >= udCodecFormat { // user-defined codec: flagged as 6, id in the udcodec byte
		cc = udCodecFormat
	}
	dst = append(dst, 0xa4, gf, ft, uint8(p.Clevel)<<4|cc&0x0f, uint8(p.SplitMode-1)&0x03)
	dst = append(dst, 0xd3)
	dst = be.AppendUint64(dst, uint64(hf.nbytes))
	dst = append(dst, 0xd3)
	dst = be.AppendUint64(dst, uint64(hf.cbytes))
	dst = append(dst, 0xd2)
	dst = be.AppendUint32(dst, uint32(p.Typesize))
	dst = append(dst, 0xd2)
	dst = be.AppendUint32(dst, uint32(p.Blocksize))
	dst = append(dst, 0xd2)
	dst = be.AppendUint32(dst, uint32(hf.chunksize))
	dst = append(dst, 0xd1)
	dst = be.AppendUint16(dst, uint16(p.NThreadsComp))
	dst = append(dst, 0xd1)
	dst = be.AppendUint16(dst, uint16(p.NThreadsDecomp))
	if hf.hasVLMeta {
		dst = append(dst, 0xc3)
	} else {
		dst = append(dst, 0xc2)
	}
	var pipe [18]byte
	pipe[0], pipe[1] = 0xd8, blosc.MaxFilters
	for i, f := range p.Filters {
		pipe[2+i] = uint8(f)
	}
	pipe[2+6] = uint8(p.Codec)
	pipe[2+7] = p.CompcodeMeta
	copy(pipe[2+8:], p.FiltersMeta[:])
	if p.UseDict {
		pipe[2+14] = 1
	}
	dst = append(dst, pipe[:]...)
	// metalayers
	dst = appendMetaSection(dst, len(dst)-start, p.Metalayers, false)
	be.PutUint32(dst[start+posHeaderLen+1:], uint32(len(dst)-start))
	return dst
}

// appendTrailer appends a trailer holding the vlmetalayers (whose contents
// must already be the stored Blosc2 chunks).
func appendTrailer(dst []byte, vl []Metalayer) []byte {
	start := len(dst)
	dst = append(dst, 0x94, trailerVersion)
	dst = appendMetaSection(dst, len(dst)-start, vl, true)
	tl := len(dst) - start + trailerTailLen
	dst = append(dst, 0xce)
	dst = binary.BigEndian.AppendUint32(dst, uint32(tl))
	dst = append(dst, 0xd8, 0) // fingerprint type 0: none
	return append(dst, make([]byte, 16)...)
}
