package blosc

import (
	"strconv"
)

// specialHeader returns the header C-Blosc2 writes for a special-value
// chunk (blosc2_chunk_zeros and friends): format version 5, the extended
// flags only, blocksize nbytes (1 when nbytes is 0), no filters.
func specialHeader(sp SpecialValue, nbytes, typesize, cbytes int) Header {
	bs := nbytes
	if bs == 0 {
		bs = 1
	}
	return Header{
		Version:     VersionStable,
		VersionLZ:   1,
		Flags:       flagsExtended,
		Typesize:    uint8(typesize),
		Nbytes:      int32(nbytes),
		Blocksize:   int32(bs),
		Cbytes:      int32(cbytes),
		Extended:    true,
		Blosc2Flags: uint8(sp) << specialShift,
	}
}

func checkSpecialSize(nbytes, typesize int) error {
	if typesize < 1 || typesize > MaxTypesize {
		return optionError("typesize", strconv.Itoa(typesize)+" not in 1..255")
	}
	if nbytes < 0 || nbytes > MaxNbytes {
		return optionError("nbytes", strconv.Itoa(nbytes)+" not in 0.."+strconv.Itoa(MaxNbytes))
	}
	if nbytes%typesize != 0 {
		return optionError("nbytes", strconv.Itoa(nbytes)+" not a multiple of typesize "+strconv.Itoa(typesize))
	}
	return nil
}

// AppendZeros appends a 32-byte special chunk that decodes to nbytes zero
// bytes, as C-Blosc2's blosc2_chunk_zeros writes it. nbytes must be a
// multiple of typesize (1..255).
func AppendZeros(dst []byte, nbytes, typesize int) ([]byte, error) {
	if err := checkSpecialSize(nbytes, typesize); err != nil {
		return dst, err
	}
	h := specialHeader(SpecialZeros, nbytes, typesize, ExtendedHeaderLen)
	return h.Append(dst), nil
}

// AppendNaNs appends a 32-byte special chunk that decodes to nbytes/typesize
// NaNs: float32 for typesize 4, float64 for typesize 8 (blosc2_chunk_nans).
func AppendNaNs(dst []byte, nbytes, typesize int) ([]byte, error) {
	if typesize != 4 && typesize != 8 {
		return dst, optionError("typesize", "a NaN chunk needs typesize 4 or 8, not "+strconv.Itoa(typesize))
	}
	if err := checkSpecialSize(nbytes, typesize); err != nil {
		return dst, err
	}
	h := specialHeader(SpecialNaN, nbytes, typesize, ExtendedHeaderLen)
	return h.Append(dst), nil
}

// AppendRepeat appends a special chunk that decodes to value repeated
// nbytes/len(value) times: the header and value (blosc2_chunk_repeatval).
// The typesize is len(value), 1..255; nbytes must be a multiple of it.
func AppendRepeat(dst []byte, value []byte, nbytes int) ([]byte, error) {
	ts := len(value)
	if err := checkSpecialSize(nbytes, ts); err != nil {
		return dst, err
	}
	if nbytes == 0 {
		// A repeated-value chunk must hold its value within nbytes.
		return dst, optionError("nbytes", "0: use AppendZeros for an empty chunk")
	}
	h := specialHeader(SpecialRepeat, nbytes, ts, ExtendedHeaderLen+ts)
	dst = h.Append(dst)
	return append(dst, value...), nil
}

// AppendUninit appends a 32-byte special chunk of nbytes uninitialized
// bytes (blosc2_chunk_uninit): C-Blosc2 leaves the destination as it was,
// this package decodes it as zeros. Frames use it to reserve space.
func AppendUninit(dst []byte, nbytes, typesize int) ([]byte, error) {
	if err := checkSpecialSize(nbytes, typesize); err != nil {
		return dst, err
	}
	h := specialHeader(SpecialUninit, nbytes, typesize, ExtendedHeaderLen)
	return h.Append(dst), nil
}
