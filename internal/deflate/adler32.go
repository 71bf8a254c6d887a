package deflate

import "encoding/binary"

// Adler32 returns the Adler-32 checksum (RFC 1950) of p continuing from
// adler (1 for a new checksum).
//
// It sums 16 bytes per step without a loop-carried dependency per byte: for
// 8 bytes b0..b7 after sums s1, s2, s2 grows by 8*s1 + 8*b0 + 7*b1 + ... +
// 1*b7 and s1 by b0 + ... + b7; the even and odd bytes sit in 16-bit lanes
// of a uint64, and one multiplication by a constant of packed weights adds
// the weighted lanes up in the top lane. On amd64 with AVX2 an assembly
// kernel (adler32_amd64.s) sums 32 bytes per step first; the purego tag
// leaves it out.
func Adler32(adler uint32, p []byte) uint32 {
	s1, s2 := adler&0xffff, adler>>16
	if len(p) >= 64 {
		s1, s2, p = adlerSIMD(s1, s2, p)
	}
	for len(p) > 0 {
		q := p
		if len(q) > adlerNMax {
			q = q[:adlerNMax]
		}
		p = p[len(q):]
		for len(q) >= 16 {
			x := binary.LittleEndian.Uint64(q)
			y := binary.LittleEndian.Uint64(q[8:])
			q = q[16:]
			xl, xh := x&lanes, x>>8&lanes
			yl, yh := y&lanes, y>>8&lanes
			sx := uint32((xl + xh) * ones >> 48)
			sy := uint32((yl + yh) * ones >> 48)
			wx := uint32((xl*evenWeights + xh*oddWeights) >> 48)
			wy := uint32((yl*evenWeights + yh*oddWeights) >> 48)
			s2 += 16*s1 + 8*sx + wx + wy
			s1 += sx + sy
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return s2<<16 | s1
}

const (
	adlerMod  = 65521
	adlerNMax = 5552 // bytes before the sums must be reduced (zlib's NMAX)

	lanes = 0x00ff00ff00ff00ff
	ones  = 0x0001000100010001
	// The product's top lane is b0*8 + b2*6 + b4*4 + b6*2 (even bytes) and
	// b1*7 + b3*5 + b5*3 + b7*1 (odd bytes); no lane carries into the next.
	evenWeights = 2 | 4<<16 | 6<<32 | 8<<48
	oddWeights  = 1 | 3<<16 | 5<<32 | 7<<48
)

// adler32Generic is the byte-at-a-time reference of the tests.
func adler32Generic(adler uint32, p []byte) uint32 {
	s1, s2 := adler&0xffff, adler>>16
	for len(p) > 0 {
		q := p
		if len(q) > adlerNMax {
			q = q[:adlerNMax]
		}
		p = p[len(q):]
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return s2<<16 | s1
}
