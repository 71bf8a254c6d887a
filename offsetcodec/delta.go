package offsetcodec

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
)

// DeltaName is the name of numcodecs' delta codec.
const DeltaName = "delta"

// Delta is numcodecs' "delta" filter: each element replaced by its
// difference from the previous one (the first kept), computed in the
// element's type with wrap-around for integers and IEEE arithmetic for
// floats, as NumPy's diff and cumsum do. Its configuration is
// {"dtype": "<i4", "astype": "<i4"}; astype, when present, must equal dtype
// (numcodecs' narrowing astype is not supported). dtype is a NumPy integer or
// float type; its byte order says how the chunk's bytes are read. It is a Zarr
// v2 filter and, named "numcodecs.delta", an array -> array codec of
// numcodecs.zarr3, which applies it to elements in the host's (little-endian)
// byte order.
type Delta struct {
	dtype NumpyDtype
	order binary.ByteOrder
}

// DeltaConfig is the configuration of the delta codec.
type DeltaConfig struct {
	// Dtype is the NumPy element type ("dtype"), such as "<i4", ">u2" or
	// "<f8".
	Dtype string
	// Astype ("astype") must be empty (absent) or equal to Dtype:
	// numcodecs' narrowing astype is not supported.
	Astype string
}

// NewDelta checks c and returns the delta codec.
func NewDelta(c DeltaConfig) (*Delta, error) {
	dtype := c.Dtype
	d, err := ParseNumpyDtype(dtype)
	if err != nil || (d.Kind != 'i' && d.Kind != 'u' && d.Kind != 'f') || (d.Kind == 'f' && d.Size == 2) {
		return nil, configErr(DeltaName, "dtype", "%q is not an integer or float32/float64 NumPy type", clip(dtype))
	}
	if c.Astype != "" {
		if a, err := ParseNumpyDtype(c.Astype); err != nil || a != d {
			return nil, configErr(DeltaName, "astype", "%q differs from dtype %q: only astype = dtype is supported", clip(c.Astype), dtype)
		}
	}
	var order binary.ByteOrder = binary.LittleEndian
	if d.BigEndian {
		order = binary.BigEndian
	}
	return &Delta{dtype: d, order: order}, nil
}

func newDeltaFromConfig(conf json.RawMessage) (Codec, error) {
	c, err := ParseConfig(DeltaName, conf, "dtype", "astype")
	if err != nil {
		return nil, err
	}
	if err := c.Require("dtype"); err != nil {
		return nil, err
	}
	dtype, err := c.String("dtype", "")
	if err != nil {
		return nil, err
	}
	astype, err := c.String("astype", "")
	if err != nil {
		return nil, err
	}
	if c.Has("astype") && astype == "" {
		return nil, configErr(DeltaName, "astype", "%q differs from dtype %q: only astype = dtype is supported", "", dtype)
	}
	return NewDelta(DeltaConfig{Dtype: dtype, Astype: astype})
}

// Name returns "delta".
func (d *Delta) Name() string { return DeltaName }

// Dtype returns the codec's NumPy element type.
func (d *Delta) Dtype() NumpyDtype { return d.dtype }

// EncodedSize returns n.
func (d *Delta) EncodedSize(n int64) int64 { return n }

// MarshalJSON returns {"name":"delta","configuration":{"dtype":...,"astype":...}}.
func (d *Delta) MarshalJSON() ([]byte, error) {
	s := d.dtype.String()
	return marshalCodec(DeltaName, []string{"dtype", "astype"}, []any{s, s})
}

// Encode appends the differences of the elements of src to dst.
func (d *Delta) Encode(dst, src []byte) ([]byte, error) {
	return d.apply(dst, src, true)
}

// Decode appends the running sums of the elements of src to dst.
func (d *Delta) Decode(dst, src []byte) ([]byte, error) {
	return d.apply(dst, src, false)
}

func (d *Delta) apply(dst, src []byte, encode bool) ([]byte, error) {
	es := d.dtype.Size
	if len(src)%es != 0 {
		return dst, &DecodeError{Codec: DeltaName, Offset: int64(len(src)),
			Reason: fmt.Sprintf("%d bytes is not a multiple of the element size %d", len(src), es)}
	}
	n0 := len(dst)
	dst = append(dst, make([]byte, len(src))...)
	out := dst[n0:]
	var prev uint64 // previous input (encode) or output (decode) element
	for i := 0; i < len(src); i += es {
		v := d.load(src[i:])
		var r uint64
		if encode {
			r = d.sub(v, prev)
			prev = v
		} else {
			r = d.add(prev, v)
			prev = r
		}
		if i == 0 {
			r = v
			prev = v
		}
		d.store(out[i:], r)
	}
	return dst, nil
}

func (d *Delta) load(b []byte) uint64 {
	switch d.dtype.Size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(d.order.Uint16(b))
	case 4:
		return uint64(d.order.Uint32(b))
	}
	return d.order.Uint64(b)
}

func (d *Delta) store(b []byte, v uint64) {
	switch d.dtype.Size {
	case 1:
		b[0] = byte(v)
	case 2:
		d.order.PutUint16(b, uint16(v))
	case 4:
		d.order.PutUint32(b, uint32(v))
	default:
		d.order.PutUint64(b, v)
	}
}

// sub returns a - b in the element type (bits in, bits out).
func (d *Delta) sub(a, b uint64) uint64 {
	if d.dtype.Kind == 'f' {
		if d.dtype.Size == 4 {
			return uint64(math.Float32bits(math.Float32frombits(uint32(a)) - math.Float32frombits(uint32(b))))
		}
		return math.Float64bits(math.Float64frombits(a) - math.Float64frombits(b))
	}
	return a - b // wraps; the store keeps the low bytes
}

// add returns a + b in the element type.
func (d *Delta) add(a, b uint64) uint64 {
	if d.dtype.Kind == 'f' {
		if d.dtype.Size == 4 {
			return uint64(math.Float32bits(math.Float32frombits(uint32(a)) + math.Float32frombits(uint32(b))))
		}
		return math.Float64bits(math.Float64frombits(a) + math.Float64frombits(b))
	}
	return a + b
}
