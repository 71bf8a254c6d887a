package zstd

import "encoding/binary"

// appendLits appends the ll literals b[anchor:anchor+ll] to lits. Runs of up to
// 16 bytes are copied 16 bytes at a time, past their end, when both
// buffers have room (the block encoders reserve it in lits).
func appendLits(lits, b []byte, anchor, ll int) []byte {
	if n := len(lits); ll <= 16 && cap(lits)-n >= 16 && len(b)-anchor >= 16 {
		l := lits[n : n+16]
		s := b[anchor : anchor+16]
		binary.LittleEndian.PutUint64(l[:8], binary.LittleEndian.Uint64(s[:8]))
		binary.LittleEndian.PutUint64(l[8:], binary.LittleEndian.Uint64(s[8:]))
		return lits[:n+ll]
	}
	return append(lits, b[anchor:anchor+ll]...)
}

// codeOffset codes a match at offset off that follows ll literals
// against the repeat offsets r0, r1, r2 (most recent first). It returns
// the sequence's offset code (1-3 for a repeat, off+3 otherwise) and the
// repeat offsets after the sequence, updated as the decoder will.
func codeOffset(off, ll, r0, r1, r2 int) (ob, n0, n1, n2 int) {
	if ll > 0 {
		switch off {
		case r0:
			return 1, r0, r1, r2
		case r1:
			return 2, r1, r0, r2
		case r2:
			return 3, r2, r0, r1
		}
	} else {
		switch off {
		case r1:
			return 1, r1, r0, r2
		case r2:
			return 2, r2, r0, r1
		case r0 - 1:
			return 3, off, r0, r1
		}
	}
	return off + 3, off, r0, r1
}
