package zarr

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/internal/jsonnum"
)

// DataType is a Zarr v3 core data type identifier.
type DataType string

// The data types this package supports.
const (
	Bool    DataType = "bool"
	Int8    DataType = "int8"
	Int16   DataType = "int16"
	Int32   DataType = "int32"
	Int64   DataType = "int64"
	Uint8   DataType = "uint8"
	Uint16  DataType = "uint16"
	Uint32  DataType = "uint32"
	Uint64  DataType = "uint64"
	Float32 DataType = "float32"
	Float64 DataType = "float64"
)

type dtypeInfo struct {
	size   int
	signed bool
	float  bool
}

var dtypes = map[DataType]dtypeInfo{
	Bool: {size: 1}, Int8: {1, true, false}, Int16: {2, true, false}, Int32: {4, true, false},
	Int64: {8, true, false}, Uint8: {size: 1}, Uint16: {size: 2}, Uint32: {size: 4}, Uint64: {size: 8},
	Float32: {4, true, true}, Float64: {8, true, true},
}

// Size returns the size of one element in bytes, 0 for an unsupported type.
func (d DataType) Size() int { return dtypes[d].size }

// fillBytes parses a JSON fill_value for d into the little-endian bytes of
// one element. A nil raw value means the type's zero.
func (d DataType) fillBytes(raw json.RawMessage) ([]byte, error) {
	info, ok := dtypes[d]
	if !ok {
		return nil, unsupported("data_type", "data type %q is not supported", d)
	}
	out := make([]byte, info.size)
	s := string(bytes.TrimSpace(raw))
	if raw == nil {
		return out, nil
	}
	bad := func(want string) error {
		return invalid("fill_value", "%s is not a valid %s fill value: %s", clip(s), d, want)
	}
	switch {
	case d == Bool:
		switch s {
		case "true":
			out[0] = 1
		case "false":
		default:
			return nil, bad("want true or false")
		}
	case !info.float:
		if !jsonnum.IsInteger(s) {
			return nil, bad("want a JSON integer")
		}
		bits := info.size * 8
		if info.signed {
			v, err := strconv.ParseInt(s, 10, bits)
			if err != nil {
				return nil, bad("out of range")
			}
			putUint(out, uint64(v))
		} else {
			v, err := strconv.ParseUint(s, 10, bits)
			if err != nil {
				return nil, bad("out of range")
			}
			putUint(out, v)
		}
	default:
		bits, err := floatFill(s, info.size)
		if err != nil {
			return nil, bad(err.Error())
		}
		putUint(out, bits)
	}
	return out, nil
}

// floatFill returns the IEEE 754 bits of a float fill value of size bytes.
func floatFill(s string, size int) (uint64, error) {
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal([]byte(s), &str); err != nil {
			return 0, errors.New("malformed string")
		}
		switch {
		case str == "NaN":
			if size == 4 {
				return 0x7fc00000, nil
			}
			return 0x7ff8000000000000, nil
		case str == "Infinity" || str == "-Infinity":
			sign := 1
			if str[0] == '-' {
				sign = -1
			}
			if size == 4 {
				return uint64(math.Float32bits(float32(math.Inf(sign)))), nil
			}
			return math.Float64bits(math.Inf(sign)), nil
		case strings.HasPrefix(str, "0x") && len(str) > 2 && len(str) <= 2+2*size:
			v, err := strconv.ParseUint(str[2:], 16, size*8)
			if err != nil {
				return 0, errors.New("malformed hexadecimal bits")
			}
			return v, nil
		}
		return 0, errors.New(`want a number, "NaN", "Infinity", "-Infinity" or "0x" and the hexadecimal bits`)
	}
	if !isJSONNumber(s) {
		return 0, errors.New("want a JSON number or string")
	}
	v, err := strconv.ParseFloat(s, size*8)
	if err != nil {
		return 0, errors.New("out of range")
	}
	if size == 4 {
		return uint64(math.Float32bits(float32(v))), nil
	}
	return math.Float64bits(v), nil
}

// putUint writes v little-endian into the len(b) bytes of b.
func putUint(b []byte, v uint64) {
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
}

func isJSONNumber(s string) bool {
	var n json.Number
	return s != "" && json.Unmarshal([]byte(s), &n) == nil
}

// defaultFill is the JSON fill value recorded when none is given.
func (d DataType) defaultFill() json.RawMessage {
	if d == Bool {
		return json.RawMessage("false")
	}
	return json.RawMessage("0")
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
