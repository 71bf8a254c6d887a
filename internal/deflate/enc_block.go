package deflate

// Block output of the encoder: each block of tokens is written as a
// stored, fixed-code or dynamic-code block, whichever is the shortest.

// A token is a literal byte (< 256) or a match: matchFlag | (length-3)<<16
// | (distance-1).
const matchFlag = 1 << 31

// clOrder is the order of the code-length code lengths in a dynamic block
// header (RFC 1951 3.2.7).
var clOrder = [maxCLSyms]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// blockWriter holds the codes and scratch of block output.
type blockWriter struct {
	encBits
	hb            huffBuilder
	lit, dist, cl encCode
	litFreq       [maxLitSyms]uint32
	distFreq      [maxDistSyms]uint32
	clFreq        [maxCLSyms]uint32
	clSyms        [maxLitSyms + maxDistSyms]uint16 // symbol | extra value<<8
	nclSyms       int
	lensBuf       [maxLitSyms + maxDistSyms]uint8
	numLit, nDist int
	numCL         int
	extraBits     int
}

// writeBlock writes tokens, which encode raw, with the token frequencies
// in b.litFreq and b.distFreq (EOB not counted), and clears the
// frequencies.
func (b *blockWriter) writeBlock(tokens []uint32, raw []byte, final bool) {
	b.litFreq[endOfBlock] = 1
	extra := 0
	for s := 0; s < 29; s++ {
		extra += int(b.litFreq[257+s]) * int(lenExtra[s])
	}
	for s := 0; s < maxDistSyms; s++ {
		extra += int(b.distFreq[s]) * int(distXtra[s])
	}
	fixedBits := 3 + extra
	for s, f := range b.litFreq {
		fixedBits += int(f) * int(fixedLit.lens[s])
	}
	for _, f := range b.distFreq {
		fixedBits += int(f) * 5
	}
	b.hb.build(&b.lit, b.litFreq[:], 15)
	b.hb.build(&b.dist, b.distFreq[:], 15)
	dynBits := 3 + extra + b.dynHeaderBits()
	for s, f := range b.litFreq {
		dynBits += int(f) * int(b.lit.lens[s])
	}
	for s, f := range b.distFreq {
		dynBits += int(f) * int(b.dist.lens[s])
	}
	// Stored: header bits, padding to a byte, 4 bytes of lengths per
	// 65535 bytes, the bytes.
	nst := (len(raw) + 65534) / 65535
	if nst == 0 {
		nst = 1
	}
	storedBits := (nst-1)*8 + 3 + int((8-(b.nbits+3)%8)%8) + nst*32 + 8*len(raw)

	finalBit := uint64(0)
	if final {
		finalBit = 1
	}
	switch {
	case storedBits <= fixedBits && storedBits <= dynBits && raw != nil:
		for len(raw) > 0 || nst > 0 {
			n := len(raw)
			if n > 65535 {
				n = 65535
			}
			last := uint64(0)
			if n == len(raw) {
				last = finalBit
			}
			b.put(last, 3)
			b.flush()
			b.out = append(b.out, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
			b.out = append(b.out, raw[:n]...)
			raw = raw[n:]
			nst = 0
		}
	case fixedBits <= dynBits:
		b.put(finalBit|1<<1, 3)
		b.writeTokens(tokens, &fixedLit, &fixedDist)
	default:
		b.put(finalBit|2<<1, 3)
		b.writeDynHeader()
		b.writeTokens(tokens, &b.lit, &b.dist)
	}
	b.litFreq = [maxLitSyms]uint32{}
	b.distFreq = [maxDistSyms]uint32{}
}

// dynHeaderBits prepares the header of a dynamic block for the codes
// b.lit and b.dist and returns its size in bits.
func (b *blockWriter) dynHeaderBits() int {
	nl := maxLitSyms
	for nl > 257 && b.lit.lens[nl-1] == 0 {
		nl--
	}
	nd := maxDistSyms
	for nd > 1 && b.dist.lens[nd-1] == 0 {
		nd--
	}
	b.numLit, b.nDist = nl, nd
	lens := b.lensBuf[:0]
	lens = append(lens, b.lit.lens[:nl]...)
	lens = append(lens, b.dist.lens[:nd]...)
	b.clFreq = [maxCLSyms]uint32{}
	n := 0
	for i := 0; i < len(lens); {
		l := lens[i]
		run := 1
		for i+run < len(lens) && lens[i+run] == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				r := min(run, 138)
				b.clSyms[n] = 18 | uint16(r-11)<<8
				n++
				b.clFreq[18]++
				run -= r
			}
			if run >= 3 {
				b.clSyms[n] = 17 | uint16(run-3)<<8
				n++
				b.clFreq[17]++
				run = 0
			}
		} else if run >= 4 {
			b.clSyms[n] = uint16(l)
			n++
			b.clFreq[l]++
			run--
			for run >= 3 {
				r := min(run, 6)
				b.clSyms[n] = 16 | uint16(r-3)<<8
				n++
				b.clFreq[16]++
				run -= r
			}
		}
		for ; run > 0; run-- {
			b.clSyms[n] = uint16(l)
			n++
			b.clFreq[l]++
		}
	}
	b.nclSyms = n
	b.hb.build(&b.cl, b.clFreq[:], 7)
	ncl := maxCLSyms
	for ncl > 4 && b.cl.lens[clOrder[ncl-1]] == 0 {
		ncl--
	}
	b.numCL = ncl
	bits := 5 + 5 + 4 + 3*ncl
	for s, f := range b.clFreq {
		bits += int(f) * int(b.cl.lens[s])
	}
	bits += int(b.clFreq[16])*2 + int(b.clFreq[17])*3 + int(b.clFreq[18])*7
	return bits
}

var clExtra = [3]uint{2, 3, 7}

// writeDynHeader writes the header dynHeaderBits prepared.
func (b *blockWriter) writeDynHeader() {
	b.put(uint64(b.numLit-257), 5)
	b.put(uint64(b.nDist-1), 5)
	b.put(uint64(b.numCL-4), 4)
	for _, s := range clOrder[:b.numCL] {
		b.put(uint64(b.cl.lens[s]), 3)
	}
	for _, cs := range b.clSyms[:b.nclSyms] {
		s := cs & 0xff
		b.put(uint64(b.cl.bits[s]), uint(b.cl.lens[s]))
		if s >= 16 {
			b.put(uint64(cs>>8), clExtra[s-16])
		}
	}
}

// writeTokens writes tokens and the end-of-block code with the codes lit
// and dist.
func (b *blockWriter) writeTokens(tokens []uint32, lit, dist *encCode) {
	acc, nbits, out := b.acc, b.nbits, b.out
	for _, t := range tokens {
		if t < matchFlag {
			acc |= uint64(lit.bits[t]) << nbits
			nbits += uint(lit.lens[t])
		} else {
			l := t >> 16 & 0xff
			ls := lenSym[l]
			acc |= uint64(lit.bits[257+uint(ls)]) << nbits
			nbits += uint(lit.lens[257+uint(ls)])
			acc |= uint64(l-uint32(lenBase[ls])) << nbits
			nbits += uint(lenExtra[ls])
			if nbits >= 32 {
				out = append(out, byte(acc), byte(acc>>8), byte(acc>>16), byte(acc>>24))
				acc >>= 32
				nbits -= 32
			}
			d := t & 0xffff
			ds := distSym(d)
			acc |= uint64(dist.bits[ds]) << nbits
			nbits += uint(dist.lens[ds])
			acc |= uint64(d-distBase[ds]) << nbits
			nbits += uint(distXtra[ds])
		}
		if nbits >= 32 {
			out = append(out, byte(acc), byte(acc>>8), byte(acc>>16), byte(acc>>24))
			acc >>= 32
			nbits -= 32
		}
	}
	b.acc, b.nbits, b.out = acc, nbits, out
	b.put(uint64(lit.bits[endOfBlock]), uint(lit.lens[endOfBlock]))
}
