package offsetcodec

import (
	"fmt"
	"strconv"
)

// NumpyDtype is a fixed-size NumPy data type as numcodecs and Zarr v2
// metadata write it: a byte-order character, a kind and a size, e.g. "<i4",
// ">f8", "|u1", "|b1".
type NumpyDtype struct {
	// Kind is 'b' (bool), 'i' (signed integer), 'u' (unsigned integer),
	// 'f' (IEEE float), 'S' (bytes), 'V' (raw bytes) or 'U' (UCS-4 string).
	Kind byte
	// Size is the size of one element in bytes.
	Size int
	// BigEndian is true for '>' with elements larger than one byte.
	BigEndian bool
}

// numpyNames maps NumPy's names of native types to their little-endian form
// (the byte order of the hosts that write them in practice).
var numpyNames = map[string]string{
	"bool": "|b1", "int8": "|i1", "uint8": "|u1", "int16": "<i2", "uint16": "<u2",
	"int32": "<i4", "uint32": "<u4", "int64": "<i8", "uint64": "<u8",
	"float16": "<f2", "float32": "<f4", "float64": "<f8",
}

// ParseNumpyDtype parses a NumPy type string such as "<i4", ">f8", "|u1",
// "|S10" or a name such as "int32" (taken as little-endian).
func ParseNumpyDtype(s string) (NumpyDtype, error) {
	if n, ok := numpyNames[s]; ok {
		s = n
	}
	bad := fmt.Errorf("%w: %q is not a supported NumPy data type", ErrInvalidConfig, clip(s))
	if len(s) < 3 {
		return NumpyDtype{}, bad
	}
	d := NumpyDtype{Kind: s[1]}
	size, err := strconv.Atoi(s[2:])
	if err != nil || size < 1 || size > 1<<20 || s[2] == '0' || s[2] == '+' {
		return NumpyDtype{}, bad
	}
	d.Size = size
	switch d.Kind {
	case 'b':
		if size != 1 {
			return NumpyDtype{}, bad
		}
	case 'i', 'u':
		if size != 1 && size != 2 && size != 4 && size != 8 {
			return NumpyDtype{}, bad
		}
	case 'f':
		if size != 2 && size != 4 && size != 8 {
			return NumpyDtype{}, bad
		}
	case 'S', 'V':
	case 'U':
		d.Size = 4 * size
	default:
		return NumpyDtype{}, bad
	}
	switch s[0] {
	case '<', '|', '=':
	case '>':
		d.BigEndian = d.Size > 1 && d.Kind != 'S' && d.Kind != 'V'
	default:
		return NumpyDtype{}, bad
	}
	return d, nil
}

// String returns the canonical NumPy form, e.g. "<i4", "|u1", ">f8".
func (d NumpyDtype) String() string {
	order := byte('<')
	switch {
	case d.BigEndian:
		order = '>'
	case d.Size == 1 || d.Kind == 'S' || d.Kind == 'V' || d.Kind == 'b':
		order = '|'
	}
	size := d.Size
	if d.Kind == 'U' {
		size /= 4
	}
	return string(order) + string(d.Kind) + strconv.Itoa(size)
}
