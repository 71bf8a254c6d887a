package render

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/blosc2go/blosc2/frame"
)

// Plottable reports whether items of dtype dt have a numeric value Float64s
// can give: bool, signed and unsigned integers of 1, 2, 4 or 8 bytes, floats
// of 2, 4 or 8 bytes, and datetime64/timedelta64 (as their int64 count; NaT is
// NaN).
func Plottable(dt frame.Dtype) bool {
	switch dt.Kind {
	case 'b':
		return dt.ItemSize == 1
	case 'i', 'u':
		return dt.ItemSize == 1 || dt.ItemSize == 2 || dt.ItemSize == 4 || dt.ItemSize == 8
	case 'f':
		return dt.ItemSize == 2 || dt.ItemSize == 4 || dt.ItemSize == 8
	case 'm', 'M':
		return dt.ItemSize == 8
	}
	return false
}

// Float64s appends to dst the values of the items in b, of dtype dt, as
// float64 (integers beyond 2^53 are rounded). It fails with ErrDtype when dt
// is not Plottable, and when len(b) is not a multiple of the item size.
func Float64s(dst []float64, b []byte, dt frame.Dtype) ([]float64, error) {
	if !Plottable(dt) {
		return dst, fmt.Errorf("%w: %s", ErrDtype, dtypeName(dt))
	}
	n := dt.ItemSize
	if len(b)%n != 0 {
		return dst, fmt.Errorf("%w: %d bytes are not whole %d-byte items", ErrDtype, len(b), n)
	}
	var order binary.ByteOrder = binary.LittleEndian
	if dt.BigEndian() {
		order = binary.BigEndian
	}
	for ; len(b) > 0; b = b[n:] {
		var v float64
		switch dt.Kind {
		case 'b', 'u':
			v = float64(uintN(order, b[:n]))
		case 'i':
			v = float64(intN(order, b[:n]))
		case 'f':
			switch n {
			case 2:
				v = halfToFloat64(order.Uint16(b))
			case 4:
				v = float64(math.Float32frombits(order.Uint32(b)))
			default:
				v = math.Float64frombits(order.Uint64(b))
			}
		case 'm', 'M':
			i := int64(order.Uint64(b))
			v = float64(i)
			if i == math.MinInt64 { // NaT
				v = math.NaN()
			}
		}
		dst = append(dst, v)
	}
	return dst, nil
}

func uintN(order binary.ByteOrder, b []byte) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(order.Uint16(b))
	case 4:
		return uint64(order.Uint32(b))
	}
	return order.Uint64(b)
}

func intN(order binary.ByteOrder, b []byte) int64 {
	switch len(b) {
	case 1:
		return int64(int8(b[0]))
	case 2:
		return int64(int16(order.Uint16(b)))
	case 4:
		return int64(int32(order.Uint32(b)))
	}
	return int64(order.Uint64(b))
}

// halfToFloat64 converts an IEEE 754 binary16 value.
func halfToFloat64(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	frac := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(frac, -24)
	case 0x1f:
		if frac != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1024+frac, exp-25)
}

// dtypeName spells dt as NumPy does, for error messages.
func dtypeName(dt frame.Dtype) string {
	if dt.Kind == 0 {
		return "unknown dtype"
	}
	s := fmt.Sprintf("%c%c%d", dt.Order, dt.Kind, dt.ItemSize)
	if dt.Unit != "" {
		s += "[" + dt.Unit + "]"
	}
	return s
}
