package deflate

import "math/bits"

// Length and distance symbols of the encoder (RFC 1951 3.2.5).

// lenSym maps a match length less 3 (0..255) to its length symbol less 257.
var lenSym [256]uint8

// lenBase and lenExtra are the first length less 3 and the extra bits of
// each length symbol less 257.
var (
	lenBase  [29]uint16
	lenExtra [29]uint8
	distBase [30]uint32
	distXtra [30]uint8
)

func init() {
	base := 0
	for s := 0; s < 28; s++ {
		x := 0
		if s >= 8 {
			x = s/4 - 1
		}
		lenBase[s], lenExtra[s] = uint16(base), uint8(x)
		for j := 0; j < 1<<x && base+j < 255; j++ {
			lenSym[base+j] = uint8(s)
		}
		base += 1 << x
	}
	lenBase[28], lenExtra[28] = 255, 0
	lenSym[255] = 28
	d := 0
	for s := 0; s < 30; s++ {
		x := 0
		if s >= 4 {
			x = s/2 - 1
		}
		distBase[s], distXtra[s] = uint32(d), uint8(x)
		d += 1 << x
	}
}

// distSym returns the distance symbol of a distance less 1 (0..32767).
func distSym(d uint32) uint32 {
	if d < 4 {
		return d
	}
	nb := uint32(bits.Len32(d)) - 1
	return 2*nb + (d>>(nb-1))&1
}

// The fixed code (RFC 1951 3.2.6).
var fixedLit, fixedDist encCode

func init() {
	for s := 0; s < 288; s++ {
		switch {
		case s < 144:
			fixedLit.lens[s] = 8
		case s < 256:
			fixedLit.lens[s] = 9
		case s < 280:
			fixedLit.lens[s] = 7
		default:
			fixedLit.lens[s] = 8
		}
	}
	fixedLit.assign(288)
	for s := 0; s < maxDistSyms; s++ {
		fixedDist.lens[s] = 5
	}
	fixedDist.assign(maxDistSyms)
}
