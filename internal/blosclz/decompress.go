package blosclz

import "encoding/binary"

// Decompress decodes the BloscLZ stream src into dst, which must have exactly
// the decoded length. It returns the number of bytes written (len(dst) on
// success) or an error wrapping ErrCorrupt.
//
// It accepts exactly the streams C-Blosc2 accepts (blosclz_decompress
// followed by Blosc's check that the whole block was produced): every
// instruction must fit in both buffers, every match must refer to bytes
// already written, the stream must end with a literal run, and the output
// must fill dst. An empty src decodes only into an empty dst.
func Decompress(dst, src []byte) (int, error) {
	if len(src) == 0 {
		if len(dst) == 0 {
			return 0, nil
		}
		return 0, corrupt(0, "empty stream")
	}
	ip, op := 1, 0
	ctrl := uint(src[0] & (markerBit - 1))
	for {
		if ctrl < maxLiteralRun {
			// Literal run of ctrl+1 bytes.
			n := int(ctrl) + 1
			if len(src)-ip > maxLiteralRun && len(dst)-op >= maxLiteralRun {
				// Room for a whole run and the next control byte: copy
				// with word moves, 16 bytes at a time. Bytes beyond the
				// run are overwritten later or lie past the final length
				// (on success every byte of dst is written in order).
				d := dst[op : op+maxLiteralRun : op+maxLiteralRun]
				s := src[ip : ip+maxLiteralRun : ip+maxLiteralRun]
				binary.LittleEndian.PutUint64(d[0:8], binary.LittleEndian.Uint64(s[0:8]))
				binary.LittleEndian.PutUint64(d[8:16], binary.LittleEndian.Uint64(s[8:16]))
				if n > 16 {
					binary.LittleEndian.PutUint64(d[16:24], binary.LittleEndian.Uint64(s[16:24]))
					binary.LittleEndian.PutUint64(d[24:32], binary.LittleEndian.Uint64(s[24:32]))
				}
				op += n
				ip += n
				ctrl = uint(src[ip])
				ip++
				continue
			}
			if n > len(dst)-op {
				return op, corrupt(ip-1, "literal run overflows output")
			}
			if n > len(src)-ip {
				return op, corrupt(ip-1, "literal run truncated")
			}
			copy(dst[op:op+n], src[ip:ip+n])
			op += n
			ip += n
			if ip >= len(src) {
				break
			}
			ctrl = uint(src[ip])
			ip++
			continue
		}

		// Match.
		start := ip - 1
		length := int(ctrl>>5) - 1
		if length == longLenCode-1 {
			room := len(dst) - op - minMatch
			for {
				if ip+1 >= len(src) {
					return op, corrupt(start, "match length truncated")
				}
				code := src[ip]
				ip++
				length += int(code)
				// Checking here keeps length small (C-Blosc2 issue 801:
				// endless 0xFF bytes overflowed a 32-bit length).
				if length > room {
					return op, corrupt(start, "match overflows output")
				}
				if code != 255 {
					break
				}
			}
		} else if ip+1 >= len(src) {
			return op, corrupt(start, "match truncated")
		}
		code := int(src[ip])
		ip++
		length += minMatch
		dist := int(ctrl&31)<<8 + code + 1
		if code == 255 && ctrl&31 == 31 {
			if ip+1 >= len(src) {
				return op, corrupt(start, "far match distance truncated")
			}
			dist = int(src[ip])<<8 | int(src[ip+1])
			dist += maxNearDist + 1
			ip += 2
		}
		if length > len(dst)-op {
			return op, corrupt(start, "match overflows output")
		}
		if dist > op {
			return op, corrupt(start, "match distance before start of output")
		}
		if ip >= len(src) {
			// C-Blosc2 stops before performing a final match, so its
			// output comes out short: such a stream is never valid.
			return op, corrupt(start, "stream ends with a match")
		}
		ctrl = uint(src[ip])
		ip++

		ref := op - dist
		room := len(dst) - op - length // bytes past the match
		switch {
		case dist >= 8 && room >= 8 && length <= 32:
			// Short match: word copies, each reading bytes at least 8
			// behind the write position, so overlaps come out right.
			for i := 0; i < length; i += 8 {
				binary.LittleEndian.PutUint64(dst[op+i:], binary.LittleEndian.Uint64(dst[ref+i:]))
			}
		case dist >= length:
			copy(dst[op:op+length], dst[ref:ref+length])
		case dist == 1:
			fillRun(dst[op:op+length+min(room, 8)], length, dst[ref])
		default:
			// Overlapping copy: grow the copied prefix, which always holds
			// a whole number of periods.
			end := op + length
			w := op
			for w < end {
				w += copy(dst[w:end], dst[ref:w])
			}
		}
		op += length
	}
	if op != len(dst) {
		return op, corrupt(len(src), "stream decodes to fewer bytes than expected")
	}
	return op, nil
}

// fillRun sets the first n bytes of b to v. It may also set up to 7 of the
// bytes that follow, which b must then hold.
func fillRun(b []byte, n int, v byte) {
	if len(b) < n+8 {
		b = b[:n]
		for i := range b {
			b[i] = v
		}
		return
	}
	w := uint64(v) * 0x0101010101010101
	i := 0
	for ; i+32 <= n; i += 32 {
		s := b[i : i+32 : i+32]
		binary.LittleEndian.PutUint64(s[0:8], w)
		binary.LittleEndian.PutUint64(s[8:16], w)
		binary.LittleEndian.PutUint64(s[16:24], w)
		binary.LittleEndian.PutUint64(s[24:32], w)
	}
	for ; i < n; i += 8 {
		binary.LittleEndian.PutUint64(b[i:i+8], w)
	}
}
