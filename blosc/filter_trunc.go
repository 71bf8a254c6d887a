package blosc

import "encoding/binary"

// TRUNC_PREC (filter 4) and INT_TRUNC (filter 36): lossy, they zero the low
// bits of each float's mantissa or of each integer. Decoding has nothing
// to undo.

// truncMaskBits returns how many low bits a truncation to precision prec
// zeroes in a value with mbits bits (mantissa bits for TRUNC_PREC, integer
// bits for INT_TRUNC): mbits-prec for a positive prec, -prec for a negative
// one. ok is false, as in C-Blosc2, when that is negative or not below mbits.
func truncMaskBits(prec int8, mbits int) (int, bool) {
	zeroed := mbits - int(prec)
	if prec < 0 {
		zeroed = -int(prec)
	}
	if zeroed < 0 || zeroed >= mbits {
		return 0, false
	}
	return zeroed, true
}

// truncPrecEncode is TRUNC_PREC forward: the float32 (typesize 4) or
// float64 (typesize 8) mantissas of src keep prec bits (prec < 0: lose -prec
// bits); Options.check has checked prec.
func truncPrecEncode(dst, src []byte, typesize int, prec int8) {
	if typesize == 4 {
		zeroed, _ := truncMaskBits(prec, 23)
		maskWords32(dst, src, ^uint32(0)<<zeroed)
	} else {
		zeroed, _ := truncMaskBits(prec, 52)
		maskWords64(dst, src, ^uint64(0)<<zeroed)
	}
}

// intTruncEncode is INT_TRUNC forward: the integers of typesize 1, 2, 4 or
// 8 bytes of src keep prec bits (prec < 0: lose -prec bits); Options.check
// has checked prec.
func intTruncEncode(dst, src []byte, typesize int, prec int8) {
	zeroed, _ := truncMaskBits(prec, 8*typesize)
	switch typesize {
	case 1:
		m := byte(0xFF) << zeroed
		for k, v := range src {
			dst[k] = v & m
		}
	case 2:
		m := uint16(0xFFFF) << zeroed
		n := len(src) &^ 1
		for k := 0; k < n; k += 2 {
			binary.LittleEndian.PutUint16(dst[k:], binary.LittleEndian.Uint16(src[k:])&m)
		}
		copy(dst[n:], src[n:])
	case 4:
		maskWords32(dst, src, ^uint32(0)<<zeroed)
	default:
		maskWords64(dst, src, ^uint64(0)<<zeroed)
	}
}

// maskWords32 ANDs every whole 4-byte word of src with m into dst and
// copies the trailing bytes.
func maskWords32(dst, src []byte, m uint32) {
	n := len(src) &^ 3
	for k := 0; k < n; k += 4 {
		binary.LittleEndian.PutUint32(dst[k:], binary.LittleEndian.Uint32(src[k:])&m)
	}
	copy(dst[n:], src[n:])
}

// maskWords64 ANDs every whole 8-byte word of src with m into dst and
// copies the trailing bytes.
func maskWords64(dst, src []byte, m uint64) {
	n := len(src) &^ 7
	for k := 0; k < n; k += 8 {
		binary.LittleEndian.PutUint64(dst[k:], binary.LittleEndian.Uint64(src[k:])&m)
	}
	copy(dst[n:], src[n:])
}
