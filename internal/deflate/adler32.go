package deflate

import "hash/adler32"

// Adler32 returns the Adler-32 checksum (RFC 1950) of p continuing from
// adler (1 for a new checksum).
func Adler32(adler uint32, p []byte) uint32 {
	if adler == 1 {
		return adler32.Checksum(p)
	}
	return adler32Generic(adler, p)
}

const (
	adlerMod  = 65521
	adlerNMax = 5552 // bytes before the sums must be reduced
)

// adler32Generic is the byte-at-a-time reference.
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
