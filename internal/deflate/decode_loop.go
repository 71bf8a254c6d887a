package deflate

import "encoding/binary"

// huffman decodes the symbols of one Huffman block with the tables loaded
// in d, up to and including its end-of-block code.
//
// Bit budget: after a refill the buffer holds at least 56 bits; a length
// (15-bit code, 5 extra bits) and a distance (15-bit code, 13 extra bits)
// take at most 48, three entries of one or two literals of the main table
// at most 33. So each
// iteration refills once and then tests no bit count.
func (d *Decompressor) huffman(dst []byte, out int, br *bitReader) (int, error) {
	src, in := br.src, br.in
	buf, nb := br.buf, br.n
	ll, dt := &d.litlen, &d.dist
	const llMask, dMask = 1<<litlenBits - 1, 1<<distBits - 1

	// Fast loop: 8 input bytes to load, fastOut bytes of room in dst.
	for in <= len(src)-8 && out <= len(dst)-fastOut {
		buf |= binary.LittleEndian.Uint64(src[in:]) << nb
		in += int(7 - nb>>3)
		nb |= 56

		e := ll[buf&llMask]
		if int32(e) < 0 {
			// Up to three entries of one or two literals (11 bits each).
			buf >>= e & 31
			nb -= uint(e & 31)
			binary.LittleEndian.PutUint16(dst[out:], uint16(e>>8))
			out += 1 + int(e>>30&1)
			e = ll[buf&llMask]
			if int32(e) < 0 {
				buf >>= e & 31
				nb -= uint(e & 31)
				binary.LittleEndian.PutUint16(dst[out:], uint16(e>>8))
				out += 1 + int(e>>30&1)
				e = ll[buf&llMask]
				if int32(e) < 0 {
					buf >>= e & 31
					nb -= uint(e & 31)
					binary.LittleEndian.PutUint16(dst[out:], uint16(e>>8))
					out += 1 + int(e>>30&1)
				}
			}
			continue
		}
		if e&fSpecial != 0 {
			if e&fSub != 0 {
				buf >>= e & 31
				nb -= uint(e & 31)
				e = ll[e>>16+uint32(buf&(1<<(e>>8&31)-1))]
				if int32(e) < 0 {
					buf >>= e & 31
					nb -= uint(e & 31)
					dst[out] = byte(e >> 8)
					out++
					continue
				}
			}
			if e&(fEOB|fInvalid) != 0 {
				if e&fInvalid != 0 {
					br.in, br.buf, br.n = in, buf, nb
					return out, corrupt(br.pos(), errInvalidCode)
				}
				buf >>= e & 31
				nb -= uint(e & 31)
				br.in, br.buf, br.n = in, buf, nb
				return out, nil
			}
		}
		saved := buf
		total := e >> 8 & 31
		buf >>= total
		nb -= uint(total)
		length := int(e>>16) + int(saved&(1<<total-1)>>(e&31))

		e = dt[buf&dMask]
		if e&fSpecial != 0 {
			if e&fSub != 0 {
				buf >>= e & 31
				nb -= uint(e & 31)
				e = dt[e>>16+uint32(buf&(1<<(e>>8&31)-1))]
			}
			if e&fInvalid != 0 {
				br.in, br.buf, br.n = in, buf, nb
				return out, corrupt(br.pos(), errInvalidCode)
			}
		}
		saved = buf
		total = e >> 8 & 31
		buf >>= total
		nb -= uint(total)
		dist := int(e>>16) + int(saved&(1<<total-1)>>(e&31))
		if dist > out {
			br.in, br.buf, br.n = in, buf, nb
			return out, corrupt(br.pos(), errDistance)
		}
		copyMatch(dst, out, dist, length)
		out += length
	}

	// Careful loop: refill byte by byte, check the room in dst.
	br.in, br.buf, br.n = in, buf, nb
	for {
		if err := br.refill(); err != nil {
			return out, err
		}
		e := ll[br.buf&llMask]
		if e&fSub != 0 {
			br.buf >>= e & 31
			br.n -= uint(e & 31)
			e = ll[e>>16+uint32(br.buf&(1<<(e>>8&31)-1))]
		}
		if int32(e) < 0 {
			if e&fDouble != 0 && len(dst)-out >= 2 {
				br.buf >>= e & 31
				br.n -= uint(e & 31)
				dst[out] = byte(e >> 8)
				dst[out+1] = byte(e >> 16)
				out += 2
				continue
			}
			if out >= len(dst) {
				return out, corrupt(br.pos(), errOutput)
			}
			l := e & 31
			if e&fDouble != 0 {
				l = e >> 24 & 31
			}
			br.buf >>= l
			br.n -= uint(l)
			dst[out] = byte(e >> 8)
			out++
			continue
		}
		if e&(fEOB|fInvalid) != 0 {
			if e&fInvalid != 0 {
				return out, corrupt(br.pos(), errInvalidCode)
			}
			br.buf >>= e & 31
			br.n -= uint(e & 31)
			return out, nil
		}
		saved := br.buf
		total := e >> 8 & 31
		br.buf >>= total
		br.n -= uint(total)
		length := int(e>>16) + int(saved&(1<<total-1)>>(e&31))

		e = dt[br.buf&dMask]
		if e&fSub != 0 {
			br.buf >>= e & 31
			br.n -= uint(e & 31)
			e = dt[e>>16+uint32(br.buf&(1<<(e>>8&31)-1))]
		}
		if e&fInvalid != 0 {
			return out, corrupt(br.pos(), errInvalidCode)
		}
		saved = br.buf
		total = e >> 8 & 31
		br.buf >>= total
		br.n -= uint(total)
		dist := int(e>>16) + int(saved&(1<<total-1)>>(e&31))
		if dist > out {
			return out, corrupt(br.pos(), errDistance)
		}
		if length > len(dst)-out {
			return out, corrupt(br.pos(), errOutput)
		}
		if out+length+8 <= len(dst) {
			copyMatch(dst, out, dist, length)
		} else {
			for i := out; i < out+length; i++ {
				dst[i] = dst[i-dist]
			}
		}
		out += length
	}
}

// copyMatch copies length bytes from dist bytes back, 8 bytes at a time:
// it may write up to 7 bytes past out+length (dst must have room for them).
func copyMatch(dst []byte, out, dist, length int) {
	from := out - dist
	if dist >= 8 {
		for i := 0; i < length; i += 8 {
			binary.LittleEndian.PutUint64(dst[out+i:], binary.LittleEndian.Uint64(dst[from+i:]))
		}
		return
	}
	// A period shorter than 8: build 8 bytes of the pattern and store them
	// at steps that are a multiple of the period.
	var p uint64
	if dist == 1 {
		p = uint64(dst[from]) * 0x0101010101010101
	} else {
		for j := 0; j < 8; j++ {
			p |= uint64(dst[from+j%dist]) << (8 * j)
		}
	}
	step := 8 - 8%dist
	for i := 0; i < length; i += step {
		binary.LittleEndian.PutUint64(dst[out+i:], p)
	}
}
