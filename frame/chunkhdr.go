package frame

import (
	"encoding/binary"

	"github.com/blosc2go/blosc2/blosc"
)

// chunkSizes reads the sizes from the first 16 bytes of a Blosc chunk
// (both the 16-byte Blosc1 and the 32-byte Blosc2 header start this way).
func chunkSizes(b []byte) (nbytes, blocksize, cbytes int64, ok bool) {
	if len(b) < chunkMinHeader {
		return 0, 0, 0, false
	}
	le := binary.LittleEndian
	nbytes = int64(int32(le.Uint32(b[4:])))
	blocksize = int64(int32(le.Uint32(b[8:])))
	cbytes = int64(int32(le.Uint32(b[12:])))
	if nbytes < 0 || cbytes < chunkMinHeader || blocksize < 0 {
		return 0, 0, 0, false
	}
	return nbytes, blocksize, cbytes, true
}

// appendStoredChunk appends a valid Blosc2 chunk holding data uncompressed
// ("memcpyed", 32-byte extended header): what C-Blosc2 itself writes for
// small or incompressible inputs, e.g. most frame indexes. filters is the
// pipeline the header records (C-Blosc2 keeps its cparams' pipeline in a
// memcpyed chunk, though it applies no filter to the data).
func appendStoredChunk(dst, data []byte, typesize int, filters [blosc.MaxFilters]blosc.Filter) []byte {
	if typesize < 1 || typesize > 255 {
		typesize = 1
	}
	bs := len(data)
	if bs == 0 {
		bs = 1
	}
	var h [chunkExtendedHeader]byte
	h[0] = 5                         // BLOSC2_VERSION_FORMAT_STABLE
	h[1] = 1                         // versionlz
	h[2] = 0x01 | 0x02 | 0x04 | 0x10 // extended header, memcpyed, don't split
	h[3] = byte(typesize)
	le := binary.LittleEndian
	le.PutUint32(h[4:], uint32(len(data)))
	le.PutUint32(h[8:], uint32(bs))
	le.PutUint32(h[12:], uint32(len(data)+chunkExtendedHeader))
	for i, f := range filters {
		h[chunkFiltersOffset+i] = byte(f)
	}
	dst = append(dst, h[:]...)
	return append(dst, data...)
}

// appendSpecialChunk appends a 32-byte Blosc2 special-value chunk of
// nbytes decoded bytes (the layout C-Blosc2's blosc2_chunk_zeros & co use).
func appendSpecialChunk(dst []byte, k Special, nbytes int64, typesize int) []byte {
	if typesize < 1 || typesize > 255 {
		typesize = 1
	}
	var h [chunkExtendedHeader]byte
	h[0], h[1], h[2], h[3] = 5, 1, 0x05, byte(typesize)
	le := binary.LittleEndian
	le.PutUint32(h[4:], uint32(nbytes))
	le.PutUint32(h[8:], uint32(nbytes))
	le.PutUint32(h[12:], chunkExtendedHeader)
	h[31] = byte(k) << 4
	return append(dst, h[:]...)
}
