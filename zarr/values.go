package zarr

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Element is a Go type that holds one element of a Zarr data type.
type Element interface {
	bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64
}

// DataTypeOf returns the Zarr data type whose elements T holds.
func DataTypeOf[T Element]() DataType {
	var v T
	switch any(v).(type) {
	case bool:
		return Bool
	case int8:
		return Int8
	case int16:
		return Int16
	case int32:
		return Int32
	case int64:
		return Int64
	case uint8:
		return Uint8
	case uint16:
		return Uint16
	case uint32:
		return Uint32
	case uint64:
		return Uint64
	case float32:
		return Float32
	default:
		return Float64
	}
}

// ReadValues reads the region start[d] <= i < stop[d] of a (see
// Array.ReadRegion) as Go values. T must match the array's data type.
func ReadValues[T Element](a *Array, start, stop []int64) ([]T, error) {
	if dt := DataTypeOf[T](); dt != a.DataType() {
		return nil, fmt.Errorf("%w: reading %s elements as %s", ErrRegion, a.DataType(), dt)
	}
	b, err := a.ReadRegion(start, stop)
	if err != nil {
		return nil, err
	}
	return FromBytes[T](b), nil
}

// WriteValues writes values to the region start[d] <= i < stop[d] of a (see
// Array.ReadRegion). T must match the array's data type.
func WriteValues[T Element](a *Array, start, stop []int64, values []T) error {
	if dt := DataTypeOf[T](); dt != a.DataType() {
		return fmt.Errorf("%w: writing %s values to a %s array", ErrRegion, dt, a.DataType())
	}
	return a.WriteRegion(start, stop, ToBytes(values))
}

// ToBytes returns values as little-endian bytes, the layout of ReadRegion
// and WriteRegion. Booleans are one byte, 0 or 1.
func ToBytes[T Element](values []T) []byte {
	es := DataTypeOf[T]().Size()
	out := make([]byte, len(values)*es)
	for i, v := range values {
		putUint(out[i*es:(i+1)*es], bitsOf(v))
	}
	return out
}

// FromBytes converts little-endian bytes (as ReadRegion returns them) to
// values; a trailing partial element is ignored. A bool is true when its byte
// is not zero.
func FromBytes[T Element](b []byte) []T {
	es := DataTypeOf[T]().Size()
	out := make([]T, len(b)/es)
	for i := range out {
		var u uint64
		switch es {
		case 1:
			u = uint64(b[i])
		case 2:
			u = uint64(binary.LittleEndian.Uint16(b[2*i:]))
		case 4:
			u = uint64(binary.LittleEndian.Uint32(b[4*i:]))
		default:
			u = binary.LittleEndian.Uint64(b[8*i:])
		}
		out[i] = fromBits[T](u)
	}
	return out
}

func bitsOf[T Element](v T) uint64 {
	switch v := any(v).(type) {
	case bool:
		if v {
			return 1
		}
		return 0
	case int8:
		return uint64(v)
	case int16:
		return uint64(v)
	case int32:
		return uint64(v)
	case int64:
		return uint64(v)
	case uint8:
		return uint64(v)
	case uint16:
		return uint64(v)
	case uint32:
		return uint64(v)
	case uint64:
		return v
	case float32:
		return uint64(math.Float32bits(v))
	case float64:
		return math.Float64bits(v)
	}
	return 0
}

func fromBits[T Element](u uint64) T {
	var v T
	switch p := any(&v).(type) {
	case *bool:
		*p = u != 0
	case *int8:
		*p = int8(u)
	case *int16:
		*p = int16(u)
	case *int32:
		*p = int32(u)
	case *int64:
		*p = int64(u)
	case *uint8:
		*p = uint8(u)
	case *uint16:
		*p = uint16(u)
	case *uint32:
		*p = uint32(u)
	case *uint64:
		*p = u
	case *float32:
		*p = math.Float32frombits(uint32(u))
	case *float64:
		*p = math.Float64frombits(u)
	}
	return v
}
