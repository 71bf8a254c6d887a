package deflate

import (
	"encoding/binary"
	"sync"
)

// Decompressor decodes deflate and zlib streams. Its zero value is ready
// to use; it holds the decode tables (about 12 KiB), so reuse one per
// goroutine. It is not safe for concurrent use.
type Decompressor struct {
	litlen  [litlenEnough]uint32
	dist    [distEnough]uint32
	precode [1 << precodeBits]uint32
	lens    [numLitlen + numDist]uint8
}

// fixedTables are the decode tables of the fixed code of block type 1,
// built once, shared and read-only.
var fixedTables struct {
	once   sync.Once
	litlen [litlenEnough]uint32
	dist   [distEnough]uint32
}

// fastOut is the output room the fast loop needs: the longest match (258)
// copied 16 bytes at a time may write up to 15 bytes past its end.
const fastOut = 258 + 16

// Decompress decodes the raw deflate stream at the start of src into dst.
// It returns the number of bytes written, which may be short of len(dst)
// if the stream ends first, and the length of the stream in src (bytes
// after it are not read). A stream that would write past len(dst) is an
// error.
func (d *Decompressor) Decompress(dst, src []byte) (n, end int, err error) {
	br := bitReader{src: src}
	out := 0
	for {
		if err := br.refill(); err != nil {
			return out, 0, err
		}
		final := br.bits(1)
		switch br.bits(2) {
		case 0:
			out, err = d.stored(dst, out, &br)
		case 1:
			fixedTables.once.Do(buildFixed)
			out, err = huffman(dst, out, &br, &fixedTables.litlen, &fixedTables.dist)
		case 2:
			if err = d.readTables(&br); err == nil {
				out, err = huffman(dst, out, &br, &d.litlen, &d.dist)
			}
		default:
			err = corrupt(br.pos(), errBlockType)
		}
		if err != nil {
			return out, 0, err
		}
		if final == 1 {
			break
		}
	}
	end, err = br.end()
	return out, end, err
}

// stored copies a stored block.
func (d *Decompressor) stored(dst []byte, out int, br *bitReader) (int, error) {
	if err := br.align(); err != nil {
		return out, err
	}
	src, in := br.src, br.in
	if len(src)-in < 4 {
		return out, corrupt(len(src), errTruncated)
	}
	n := int(binary.LittleEndian.Uint16(src[in:]))
	if uint16(n) != ^binary.LittleEndian.Uint16(src[in+2:]) {
		return out, corrupt(in, errStoredLen)
	}
	in += 4
	if n > len(src)-in {
		return out, corrupt(len(src), errTruncated)
	}
	if n > len(dst)-out {
		return out, corrupt(in, errOutput)
	}
	copy(dst[out:out+n], src[in:in+n])
	br.in = in + n
	return out + n, nil
}

// fixedLengths returns the code lengths of the fixed code (RFC 1951,
// 3.2.6): the literal/length lengths, then the distance lengths.
func fixedLengths() (l [numLitlen + numDist]uint8) {
	for i := range l {
		switch {
		case i < 144:
			l[i] = 8
		case i < 256:
			l[i] = 9
		case i < 280:
			l[i] = 7
		case i < numLitlen:
			l[i] = 8
		default:
			l[i] = 5
		}
	}
	return l
}

// buildFixed builds fixedTables.
func buildFixed() {
	l := fixedLengths()
	t := &fixedTables
	var lits litList
	build(t.litlen[:], l[:numLitlen], litlenSyms[:], litlenBits, singleOK, &lits)
	pairLiterals(t.litlen[:1<<litlenBits], litlenBits, &lits)
	build(t.dist[:], l[numLitlen:], distSyms[:], distBits, singleOrEmptyOK, nil)
}

// readTables reads the code lengths of a dynamic block and builds its
// decode tables.
func (d *Decompressor) readTables(br *bitReader) error {
	if err := br.refill(); err != nil {
		return err
	}
	start := br.pos()
	nlit := int(br.bits(5)) + 257
	ndist := int(br.bits(5)) + 1
	nclen := int(br.bits(4)) + 4
	if nlit > 286 || ndist > 30 {
		return corrupt(start, errTooManyCodes)
	}
	var plens [numPrecode]uint8
	for i := 0; i < nclen; i++ {
		if br.n < 3 {
			if err := br.refill(); err != nil {
				return err
			}
		}
		plens[precodeOrder[i]] = uint8(br.bits(3))
	}
	if r := build(d.precode[:], plens[:], precodeSyms[:], precodeBits, completeOnly, nil); r != "" {
		return corrupt(start, "code length code: "+r)
	}
	// The code lengths, with the bit reader's state in locals: the loop is
	// one chain of table lookups, which fields of *br in memory would
	// lengthen.
	n := nlit + ndist
	lens := d.lens[:n]
	src, in, buf, nb := br.src, br.in, br.buf, br.n
	for i := 0; i < n; {
		if nb < precodeBits+7 {
			if in <= len(src)-8 {
				buf |= binary.LittleEndian.Uint64(src[in:]) << (nb & 63)
				in += int(7 - nb>>3)
				nb |= 56
			} else {
				br.in, br.buf, br.n = in, buf, nb
				if err := br.refill(); err != nil {
					return err
				}
				in, buf, nb = br.in, br.buf, br.n
			}
		}
		e := d.precode[buf&(1<<precodeBits-1)]
		buf >>= e & 31
		nb -= uint(e & 31)
		sym := uint8(e >> 16)
		if sym < 16 {
			lens[i] = sym
			i++
			continue
		}
		var rep int
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				br.in, br.buf, br.n = in, buf, nb
				return corrupt(br.pos(), errRepeatFirst)
			}
			v = lens[i-1]
			rep = 3 + int(buf&3)
			buf >>= 2
			nb -= 2
		case 17:
			rep = 3 + int(buf&7)
			buf >>= 3
			nb -= 3
		default:
			rep = 11 + int(buf&127)
			buf >>= 7
			nb -= 7
		}
		if rep > n-i {
			br.in, br.buf, br.n = in, buf, nb
			return corrupt(br.pos(), errRepeatLong)
		}
		for j := range lens[i : i+rep] {
			lens[i+j] = v
		}
		i += rep
	}
	br.in, br.buf, br.n = in, buf, nb
	if lens[256] == 0 {
		return corrupt(start, errNoEOB)
	}
	var lits litList
	if r := build(d.litlen[:], lens[:nlit], litlenSyms[:], litlenBits, singleOK, &lits); r != "" {
		return corrupt(start, "literal/length code: "+r)
	}
	pairLiterals(d.litlen[:1<<litlenBits], litlenBits, &lits)
	if r := build(d.dist[:], lens[nlit:], distSyms[:], distBits, singleOrEmptyOK, nil); r != "" {
		return corrupt(start, "distance code: "+r)
	}
	return nil
}
