package frame

import "github.com/blosc2go/blosc2/blosc"

// chunkSizes returns the decoded and stored sizes of the chunk whose header
// starts b (blosc.ChunkSizes, as int64 for the frame's offset arithmetic).
func chunkSizes(b []byte) (nbytes, cbytes int64, ok bool) {
	nb, _, cb, err := blosc.ChunkSizes(b)
	return int64(nb), int64(cb), err == nil
}

// chunkKind returns the special value and the VL-blocks flag recorded in
// a chunk's extended header (blosc.SpecialNone and false for a Blosc1
// header or one blosc.ReadHeader refuses: such a chunk is stored as it is).
func chunkKind(chunk []byte) (blosc.SpecialValue, bool) {
	h, err := blosc.ReadHeader(chunk)
	if err != nil || !h.Extended {
		return blosc.SpecialNone, false
	}
	return h.Special(), h.VLBlocks()
}

// appendStoredChunk appends a valid Blosc2 chunk holding data uncompressed
// (memcpyed, 32-byte extended header, don't-split flag): what C-Blosc2
// writes when a compressed chunk would not be smaller, e.g. for most frame
// indexes. filters is the pipeline the header records (C-Blosc2 keeps its
// cparams' pipeline in a memcpyed chunk, though it applies no filter to
// the data). blosc's Encoder writes a memcpyed chunk only for Clevel 0,
// without the don't-split flag, as C-Blosc2 does for clevel 0; frames
// keep C-Blosc2's bytes for the index, so the header is built here from
// blosc.Header.
func appendStoredChunk(dst, data []byte, typesize int, filters [blosc.MaxFilters]blosc.Filter) []byte {
	bs := len(data)
	if bs == 0 {
		bs = 1
	}
	h := blosc.Header{
		Version:   blosc.VersionStable,
		VersionLZ: 1,
		Flags:     blosc.FlagShuffle | blosc.FlagBitShuffle | blosc.FlagMemcpyed | blosc.FlagDontSplit,
		Typesize:  uint8(chunkTypesize(typesize)),
		Nbytes:    int32(len(data)),
		Blocksize: int32(bs),
		Cbytes:    int32(len(data) + blosc.ExtendedHeaderLen),
		Extended:  true,
		Filters:   filters,
	}
	return append(h.Append(dst), data...)
}

// specialChunk returns the 32-byte special-value chunk of nbytes decoded
// bytes built by blosc.AppendZeros, AppendNaNs or AppendUninit. Zeros and
// uninitialized chunks whose size is not a multiple of the typesize are
// written with typesize 1 (they decode the same).
func specialChunk(k blosc.SpecialValue, nbytes int64, typesize int) ([]byte, error) {
	ts := chunkTypesize(typesize)
	if k != blosc.SpecialNaN && nbytes%int64(ts) != 0 {
		ts = 1
	}
	if nbytes < 0 || nbytes > blosc.MaxNbytes {
		return nil, &FormatError{Where: "chunk", Offset: -1, Reason: "special chunk of " + itoa(nbytes) + " bytes", Err: ErrRange}
	}
	var c []byte
	var err error
	switch k {
	case blosc.SpecialZeros:
		c, err = blosc.AppendZeros(nil, int(nbytes), ts)
	case blosc.SpecialNaN:
		c, err = blosc.AppendNaNs(nil, int(nbytes), ts)
	case blosc.SpecialUninit:
		c, err = blosc.AppendUninit(nil, int(nbytes), ts)
	default:
		return nil, &FormatError{Where: "chunk", Offset: -1, Reason: "unknown special value " + k.String(), Err: ErrRange}
	}
	if err != nil {
		return nil, &FormatError{Where: "chunk", Offset: -1, Reason: "cannot build a special chunk", Err: ErrRange, Cause: err}
	}
	return c, nil
}
