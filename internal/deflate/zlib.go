package deflate

import "encoding/binary"

// DecompressZlib decodes the zlib stream (RFC 1950: 2-byte header, deflate
// data, big-endian Adler-32 of the output) at the start of src into dst, as
// zlib's uncompress reads it, and verifies the checksum. It returns the
// number of bytes written, which may be short of len(dst) if the stream
// ends first; bytes after the checksum are not read. Streams that need a
// preset dictionary are refused.
func (d *Decompressor) DecompressZlib(dst, src []byte) (int, error) {
	if len(src) < 2 {
		return 0, corrupt(0, errZlibTruncated)
	}
	cmf, flg := src[0], src[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (uint16(cmf)<<8|uint16(flg))%31 != 0 {
		return 0, corrupt(0, errZlibHeader)
	}
	if flg&0x20 != 0 {
		return 0, corrupt(1, errZlibDict)
	}
	n, end, err := d.Decompress(dst, src[2:])
	if err != nil {
		if ce, ok := err.(*CorruptError); ok {
			ce.Offset += 2
		}
		return n, err
	}
	end += 2
	if len(src)-end < 4 {
		return n, corrupt(end, errZlibTruncated)
	}
	if binary.BigEndian.Uint32(src[end:]) != Adler32(1, dst[:n]) {
		return n, corrupt(end, errChecksum)
	}
	return n, nil
}
