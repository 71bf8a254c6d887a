package deflate

import "encoding/binary"

// huffman decodes the symbols of one Huffman block with the tables ll
// and dt, up to and including its end-of-block code.
//
// Bit budget: after a refill the buffer holds at least 56 bits in the fast
// loop (49 in the careful loop); a length (15-bit code, 5 extra bits) and a
// distance (15-bit code, 13 extra bits) take at most 48, three entries of
// one or two literals of the main table at most 33 (the careful loop
// decodes one entry per refill). So each iteration refills once and then
// tests no bit count.
func huffman(dst []byte, out int, br *bitReader, ll *[litlenEnough]uint32, dt *[distEnough]uint32) (int, error) {
	src, in := br.src, br.in
	buf, nb := br.buf, br.n
	const llMask, dMask = 1<<litlenBits - 1, 1<<distBits - 1

	// The assembly fast loop, where there is one (decode_amd64.s), then
	// the Go one for what it leaves (or all of it).
	if useBMI2 && in <= len(src)-8 && out <= len(dst)-fastOut {
		var st int
		out, in, buf, nb, st = huffmanFast(dst, out, src, in, buf, nb, ll, dt)
		if st != fastMore {
			br.in, br.buf, br.n = in, buf, nb
			switch st {
			case fastEOB:
				return out, nil
			case fastInvalid:
				return out, corrupt(br.pos(), errInvalidCode)
			default:
				return out, corrupt(br.pos(), errDistance)
			}
		}
	}

	// Fast loop: 8 input bytes to load, fastOut bytes of room in dst. The
	// next table entry is looked up before a match is copied, so that the
	// lookup does not wait for the copy. nb is exact only modulo 64 here
	// (nb -= e drops the entry's flag bits above bit 5 for free).
	if in <= len(src)-8 && out <= len(dst)-fastOut {
		buf |= binary.LittleEndian.Uint64(src[in:]) << (nb & 63)
		in += int(7 - nb>>3)
		nb |= 56
		e := ll[buf&llMask]
		for {
			if int32(e) < 0 {
				// Up to three entries of one or two literals (11 bits each).
				buf >>= e & 63
				nb -= uint(e)
				binary.LittleEndian.PutUint16(dst[out:], uint16(e>>8))
				out += 1 + int(e>>30&1)
				e = ll[buf&llMask]
				if int32(e) < 0 {
					buf >>= e & 63
					nb -= uint(e)
					binary.LittleEndian.PutUint16(dst[out:], uint16(e>>8))
					out += 1 + int(e>>30&1)
					e = ll[buf&llMask]
					if int32(e) < 0 {
						buf >>= e & 63
						nb -= uint(e)
						binary.LittleEndian.PutUint16(dst[out:], uint16(e>>8))
						out += 1 + int(e>>30&1)
					}
				}
				if in > len(src)-8 || out > len(dst)-fastOut {
					break
				}
				buf |= binary.LittleEndian.Uint64(src[in:]) << (nb & 63)
				in += int(7 - nb&63>>3)
				nb |= 56
				e = ll[buf&llMask]
				continue
			}
			if e&fSpecial != 0 {
				if e&fSub != 0 {
					buf >>= e & 63
					nb -= uint(e)
					e = ll[e>>16+uint32(buf&(1<<(e>>8&31)-1))]
					if int32(e) < 0 {
						buf >>= e & 63
						nb -= uint(e)
						dst[out] = byte(e >> 8)
						out++
						if in > len(src)-8 || out > len(dst)-fastOut {
							break
						}
						buf |= binary.LittleEndian.Uint64(src[in:]) << (nb & 63)
						in += int(7 - nb&63>>3)
						nb |= 56
						e = ll[buf&llMask]
						continue
					}
				}
				if e&(fEOB|fInvalid) != 0 {
					nb &= 63
					if e&fInvalid != 0 {
						br.in, br.buf, br.n = in, buf, nb
						return out, corrupt(br.pos(), errInvalidCode)
					}
					buf >>= e & 63
					nb -= uint(e & 63)
					br.in, br.buf, br.n = in, buf, nb
					return out, nil
				}
			}
			saved := buf
			buf >>= e & 63
			nb -= uint(e)
			length := int(e>>16) + int(saved&(1<<(e&31)-1)>>(e>>8&31))

			e = dt[buf&dMask]
			if e&fSpecial != 0 {
				if e&fSub != 0 {
					buf >>= e & 63
					nb -= uint(e)
					e = dt[e>>16+uint32(buf&(1<<(e>>8&31)-1))]
				}
				if e&fInvalid != 0 {
					br.in, br.buf, br.n = in, buf, nb&63
					return out, corrupt(br.pos(), errInvalidCode)
				}
			}
			saved = buf
			buf >>= e & 63
			nb -= uint(e)
			dist := int(e>>16) + int(saved&(1<<(e&31)-1)>>(e>>8&31))
			if dist > out {
				br.in, br.buf, br.n = in, buf, nb&63
				return out, corrupt(br.pos(), errDistance)
			}

			// Refill and look the next entry up, then copy.
			o := out
			out += length
			more := in <= len(src)-8 && out <= len(dst)-fastOut
			if more {
				buf |= binary.LittleEndian.Uint64(src[in:]) << (nb & 63)
				in += int(7 - nb&63>>3)
				nb |= 56
				e = ll[buf&llMask]
			}
			// Inline, so that the loop's state stays in registers. The
			// words past the match's end land in the room fastOut leaves;
			// a word read dist >= 8 bytes back was written before.
			from := o - dist
			if length <= 16 && dist >= length {
				// Short and not overlapping itself: one 16-byte copy.
				w := dst[o : o+16]
				r := dst[from : from+16]
				a := binary.LittleEndian.Uint64(r[0:])
				b := binary.LittleEndian.Uint64(r[8:])
				binary.LittleEndian.PutUint64(w[0:], a)
				binary.LittleEndian.PutUint64(w[8:], b)
			} else if dist >= 16 {
				w := dst[o : o+40]
				r := dst[from : from+40]
				binary.LittleEndian.PutUint64(w[0:], binary.LittleEndian.Uint64(r[0:]))
				binary.LittleEndian.PutUint64(w[8:], binary.LittleEndian.Uint64(r[8:]))
				binary.LittleEndian.PutUint64(w[16:], binary.LittleEndian.Uint64(r[16:]))
				binary.LittleEndian.PutUint64(w[24:], binary.LittleEndian.Uint64(r[24:]))
				binary.LittleEndian.PutUint64(w[32:], binary.LittleEndian.Uint64(r[32:]))
				for i := 40; i < length; i += 16 {
					w := dst[o+i : o+i+16]
					r := dst[from+i : from+i+16]
					a := binary.LittleEndian.Uint64(r[0:])
					b := binary.LittleEndian.Uint64(r[8:])
					binary.LittleEndian.PutUint64(w[0:], a)
					binary.LittleEndian.PutUint64(w[8:], b)
				}
			} else if dist >= 8 {
				// The 16 bytes of the period from the bytes before o
				// only (a load of bytes just stored would wait on the
				// stores), stored every dist bytes.
				lo := binary.LittleEndian.Uint64(dst[from:])
				sh := 8 * uint(dist-8)
				hi := binary.LittleEndian.Uint64(dst[from+8:])&(1<<sh-1) | lo<<sh
				for i := 0; i < length; i += dist {
					w := dst[o+i : o+i+16]
					binary.LittleEndian.PutUint64(w[0:], lo)
					binary.LittleEndian.PutUint64(w[8:], hi)
				}
			} else if dist == 1 {
				v := uint64(dst[from]) * 0x0101010101010101
				w := dst[o : o+40]
				binary.LittleEndian.PutUint64(w[0:], v)
				binary.LittleEndian.PutUint64(w[8:], v)
				binary.LittleEndian.PutUint64(w[16:], v)
				binary.LittleEndian.PutUint64(w[24:], v)
				binary.LittleEndian.PutUint64(w[32:], v)
				for i := 40; i < length; i += 16 {
					w := dst[o+i : o+i+16]
					binary.LittleEndian.PutUint64(w[0:], v)
					binary.LittleEndian.PutUint64(w[8:], v)
				}
			} else {
				copyPeriod(dst, o, dist, length)
			}
			if !more {
				break
			}
		}
		nb &= 63
	}

	// Careful loop: refill byte by byte, check the room in dst.
	br.in, br.buf, br.n = in, buf, nb
	for {
		if err := br.refill(); err != nil {
			return out, err
		}
		e := ll[br.buf&llMask]
		if e&fSub != 0 {
			br.buf >>= e & 63
			br.n -= uint(e & 63)
			e = ll[e>>16+uint32(br.buf&(1<<(e>>8&31)-1))]
		}
		if int32(e) < 0 {
			if e&fDouble != 0 && len(dst)-out >= 2 {
				br.buf >>= e & 63
				br.n -= uint(e & 63)
				dst[out] = byte(e >> 8)
				dst[out+1] = byte(e >> 16)
				out += 2
				continue
			}
			if out >= len(dst) {
				return out, corrupt(br.pos(), errOutput)
			}
			l := e & 63
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
			br.buf >>= e & 63
			br.n -= uint(e & 63)
			return out, nil
		}
		saved := br.buf
		br.buf >>= e & 31
		br.n -= uint(e & 31)
		length := int(e>>16) + int(saved&(1<<(e&31)-1)>>(e>>8&31))

		e = dt[br.buf&dMask]
		if e&fSub != 0 {
			br.buf >>= e & 63
			br.n -= uint(e & 63)
			e = dt[e>>16+uint32(br.buf&(1<<(e>>8&31)-1))]
		}
		if e&fInvalid != 0 {
			return out, corrupt(br.pos(), errInvalidCode)
		}
		saved = br.buf
		br.buf >>= e & 31
		br.n -= uint(e & 31)
		dist := int(e>>16) + int(saved&(1<<(e&31)-1)>>(e>>8&31))
		if dist > out {
			return out, corrupt(br.pos(), errDistance)
		}
		if length > len(dst)-out {
			return out, corrupt(br.pos(), errOutput)
		}
		if out+length+16 <= len(dst) {
			copyMatch(dst, out, dist, length)
		} else {
			for i := out; i < out+length; i++ {
				dst[i] = dst[i-dist]
			}
		}
		out += length
	}
}

// Results of huffmanFast.
const (
	fastMore     = iota // out of room: go on in Go
	fastEOB             // end of block
	fastInvalid         // invalid code
	fastDistance        // distance before the start of dst
)

// copyMatch copies length bytes from dist bytes back, 8 or 16 bytes at a
// time: it may write up to 15 bytes past out+length (dst must have room
// for them, and out+length-dist+16 bytes must be in dst).
func copyMatch(dst []byte, out, dist, length int) {
	from := out - dist
	if dist >= 16 {
		for i := 0; i < length; i += 16 {
			a := binary.LittleEndian.Uint64(dst[from+i:])
			b := binary.LittleEndian.Uint64(dst[from+i+8:])
			binary.LittleEndian.PutUint64(dst[out+i:], a)
			binary.LittleEndian.PutUint64(dst[out+i+8:], b)
		}
		return
	}
	if dist >= 8 {
		lo := binary.LittleEndian.Uint64(dst[from:])
		sh := 8 * uint(dist-8)
		hi := binary.LittleEndian.Uint64(dst[from+8:])&(1<<sh-1) | lo<<sh
		for i := 0; i < length; i += dist {
			binary.LittleEndian.PutUint64(dst[out+i:], lo)
			binary.LittleEndian.PutUint64(dst[out+i+8:], hi)
		}
		return
	}
	copyPeriod(dst, out, dist, length)
}

// copyPeriod copies a match whose distance (its period) is shorter than 8:
// it repeats the period over 8 bytes and stores them at steps that are a
// multiple of the period, writing up to 15 bytes past out+length.
func copyPeriod(dst []byte, out, dist, length int) {
	from := out - dist
	p := binary.LittleEndian.Uint64(dst[from:]) & (1<<(8*uint(dist)) - 1)
	for s := uint(dist); s < 8; s *= 2 {
		p |= p << (8 * s)
	}
	step := int(periodStep[dist&7])
	for i := 0; i < length; i += 2 * step {
		binary.LittleEndian.PutUint64(dst[out+i:], p)
		binary.LittleEndian.PutUint64(dst[out+i+step:], p)
	}
}

// periodStep[d] is the largest multiple of d up to 8.
var periodStep = [8]uint8{8, 8, 8, 6, 8, 5, 6, 7}
