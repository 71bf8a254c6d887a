package frame

import (
	"encoding/binary"
	"math"
)

// Element is a Go type that the typed array functions (Read, At,
// WriteRegion, CreateArray...) convert to and from a NumPy dtype:
//
//	int8 |i1, int16 <i2, int32 <i4, int64 <i8, uint8 |u1, uint16 <u2,
//	uint32 <u4, uint64 <u8, float32 <f4, float64 <f8, complex64 <c8,
//	complex128 <c16, bool |b1
//
// Arrays of either byte order ('<' or '>') are read and written; structured
// and string dtypes go through the byte-level methods (ReadSlab...).
type Element interface {
	int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 |
		float32 | float64 | complex64 | complex128 | bool
}

// DtypeOf returns the little-endian NumPy dtype of T ("|b1" for bool).
func DtypeOf[T Element]() Dtype {
	var z T
	var d Dtype
	switch any(z).(type) {
	case int8:
		d = Dtype{Kind: 'i', ItemSize: 1}
	case int16:
		d = Dtype{Kind: 'i', ItemSize: 2}
	case int32:
		d = Dtype{Kind: 'i', ItemSize: 4}
	case int64:
		d = Dtype{Kind: 'i', ItemSize: 8}
	case uint8:
		d = Dtype{Kind: 'u', ItemSize: 1}
	case uint16:
		d = Dtype{Kind: 'u', ItemSize: 2}
	case uint32:
		d = Dtype{Kind: 'u', ItemSize: 4}
	case uint64:
		d = Dtype{Kind: 'u', ItemSize: 8}
	case float32:
		d = Dtype{Kind: 'f', ItemSize: 4}
	case float64:
		d = Dtype{Kind: 'f', ItemSize: 8}
	case complex64:
		d = Dtype{Kind: 'c', ItemSize: 8}
	case complex128:
		d = Dtype{Kind: 'c', ItemSize: 16}
	case bool:
		d = Dtype{Kind: 'b', ItemSize: 1}
	}
	d.Order = '<'
	if d.ItemSize == 1 {
		d.Order = '|'
	}
	return d
}

// matchesElem reports whether items of dtype d are Ts.
func matchesElem[T Element](d Dtype) bool {
	e := DtypeOf[T]()
	return d.Kind == e.Kind && d.ItemSize == e.ItemSize
}

// byteOrder is how a dtype's items are stored.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

func orderOf(d Dtype) byteOrder {
	if d.Order == '>' {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// decodeElems converts len(dst) items of b (in byte order bo) into dst.
func decodeElems[T Element](dst []T, b []byte, bo byteOrder) {
	switch d := any(dst).(type) {
	case []int8:
		for i := range d {
			d[i] = int8(b[i])
		}
	case []uint8:
		copy(d, b)
	case []bool:
		for i := range d {
			d[i] = b[i] != 0
		}
	case []int16:
		for i := range d {
			d[i] = int16(bo.Uint16(b[2*i:]))
		}
	case []uint16:
		for i := range d {
			d[i] = bo.Uint16(b[2*i:])
		}
	case []int32:
		for i := range d {
			d[i] = int32(bo.Uint32(b[4*i:]))
		}
	case []uint32:
		for i := range d {
			d[i] = bo.Uint32(b[4*i:])
		}
	case []int64:
		for i := range d {
			d[i] = int64(bo.Uint64(b[8*i:]))
		}
	case []uint64:
		for i := range d {
			d[i] = bo.Uint64(b[8*i:])
		}
	case []float32:
		for i := range d {
			d[i] = math.Float32frombits(bo.Uint32(b[4*i:]))
		}
	case []float64:
		for i := range d {
			d[i] = math.Float64frombits(bo.Uint64(b[8*i:]))
		}
	case []complex64:
		for i := range d {
			d[i] = complex(math.Float32frombits(bo.Uint32(b[8*i:])), math.Float32frombits(bo.Uint32(b[8*i+4:])))
		}
	case []complex128:
		for i := range d {
			d[i] = complex(math.Float64frombits(bo.Uint64(b[16*i:])), math.Float64frombits(bo.Uint64(b[16*i+8:])))
		}
	}
}

// encodeElems appends the items of src to dst in byte order bo.
func encodeElems[T Element](dst []byte, src []T, bo byteOrder) []byte {
	switch s := any(src).(type) {
	case []int8:
		for _, v := range s {
			dst = append(dst, byte(v))
		}
	case []uint8:
		dst = append(dst, s...)
	case []bool:
		for _, v := range s {
			b := byte(0)
			if v {
				b = 1
			}
			dst = append(dst, b)
		}
	case []int16:
		for _, v := range s {
			dst = bo.AppendUint16(dst, uint16(v))
		}
	case []uint16:
		for _, v := range s {
			dst = bo.AppendUint16(dst, v)
		}
	case []int32:
		for _, v := range s {
			dst = bo.AppendUint32(dst, uint32(v))
		}
	case []uint32:
		for _, v := range s {
			dst = bo.AppendUint32(dst, v)
		}
	case []int64:
		for _, v := range s {
			dst = bo.AppendUint64(dst, uint64(v))
		}
	case []uint64:
		for _, v := range s {
			dst = bo.AppendUint64(dst, v)
		}
	case []float32:
		for _, v := range s {
			dst = bo.AppendUint32(dst, math.Float32bits(v))
		}
	case []float64:
		for _, v := range s {
			dst = bo.AppendUint64(dst, math.Float64bits(v))
		}
	case []complex64:
		for _, v := range s {
			dst = bo.AppendUint32(dst, math.Float32bits(real(v)))
			dst = bo.AppendUint32(dst, math.Float32bits(imag(v)))
		}
	case []complex128:
		for _, v := range s {
			dst = bo.AppendUint64(dst, math.Float64bits(real(v)))
			dst = bo.AppendUint64(dst, math.Float64bits(imag(v)))
		}
	}
	return dst
}
