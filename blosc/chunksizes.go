package blosc

import "encoding/binary"

// ChunkSizes reads the three sizes at the start of a chunk header (the
// first 16 bytes, the same in the Blosc1 and the extended Blosc2 header):
// the decoded size, the block size and the chunk's size, header included.
// It checks only that nbytes and blocksize are not negative and that
// cbytes covers a Blosc1 header; ReadHeader parses and checks the whole
// header. ChunkSizes is for containers (frames) that walk many chunks and
// need only their sizes, often from a 16-byte read.
func ChunkSizes(src []byte) (nbytes, blocksize, cbytes int, err error) {
	if len(src) < MinHeaderLen {
		return 0, 0, 0, &CorruptError{Offset: int64(len(src)), Reason: "header truncated: need 16 bytes for the sizes"}
	}
	le := binary.LittleEndian
	nb := int32(le.Uint32(src[offNbytes:]))
	bs := int32(le.Uint32(src[offBlocksize:]))
	cb := int32(le.Uint32(src[offCbytes:]))
	switch {
	case nb < 0:
		return 0, 0, 0, &CorruptError{Offset: offNbytes, Reason: "negative nbytes"}
	case bs < 0:
		return 0, 0, 0, &CorruptError{Offset: offBlocksize, Reason: "negative blocksize"}
	case cb < MinHeaderLen:
		return 0, 0, 0, &CorruptError{Offset: offCbytes, Reason: "cbytes smaller than the header"}
	}
	return int(nb), int(bs), int(cb), nil
}
