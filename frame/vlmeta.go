package frame

import (
	"bytes"
	"errors"
	"math"
	"reflect"

	"github.com/vmihailenco/msgpack/v5"
)

// python-blosc2 stores each vlmetalayer value (schunk.vlmeta[name] = v) as
// msgpack: packb(v, use_bin_type=True, strict_types=True), tuples as a
// list whose first item is the string "__tuple__", NDArray/SChunk values
// as extension 42 (a contiguous frame) and references to other Blosc2
// objects as extension 43 (a msgpack map). The package registers
// EmbeddedFrame and ObjectRef for extensions 42 and 43 with
// github.com/vmihailenco/msgpack/v5 when it is initialized.

// Tuple is a Python tuple read from or written to a vlmetalayer
// (python-blosc2 stores it as a msgpack list starting with "__tuple__").
type Tuple []any

// EncodeMsgpack implements msgpack.CustomEncoder.
func (t Tuple) EncodeMsgpack(e *msgpack.Encoder) error {
	return e.Encode(append([]any{"__tuple__"}, t...))
}

// EmbeddedFrame is a python-blosc2 NDArray or SChunk stored inside a
// vlmetalayer value (msgpack extension 42): Frame is a contiguous frame,
// which OpenBytes opens.
type EmbeddedFrame struct{ Frame []byte }

// ObjectRef is a python-blosc2 reference to another Blosc2 object
// (msgpack extension 43: a map with "kind", "version" and the reference).
type ObjectRef struct{ Fields map[string]any }

func init() {
	msgpack.RegisterExtDecoder(42, EmbeddedFrame{}, func(d *msgpack.Decoder, v reflect.Value, n int) error {
		b, err := readExt(d, n)
		if err != nil {
			return err
		}
		v.Set(reflect.ValueOf(EmbeddedFrame{Frame: b}))
		return nil
	})
	msgpack.RegisterExtEncoder(42, EmbeddedFrame{}, func(e *msgpack.Encoder, v reflect.Value) ([]byte, error) {
		return v.Interface().(EmbeddedFrame).Frame, nil
	})
	msgpack.RegisterExtDecoder(43, ObjectRef{}, func(d *msgpack.Decoder, v reflect.Value, n int) error {
		b, err := readExt(d, n)
		if err != nil {
			return err
		}
		x, err := UnmarshalVLMeta(b)
		if err != nil {
			return err
		}
		m, ok := x.(map[string]any)
		if !ok {
			return errors.New("frame: msgpack extension 43 does not hold a map")
		}
		v.Set(reflect.ValueOf(ObjectRef{Fields: m}))
		return nil
	})
	msgpack.RegisterExtEncoder(43, ObjectRef{}, func(e *msgpack.Encoder, v reflect.Value) ([]byte, error) {
		return MarshalVLMeta(v.Interface().(ObjectRef).Fields)
	})
}

// readExt reads n bytes of an extension value, growing its buffer with
// what the input holds rather than trusting n.
func readExt(d *msgpack.Decoder, n int) ([]byte, error) {
	var b []byte
	for len(b) < n {
		k := min(n-len(b), 64<<10)
		b = append(b, make([]byte, k)...)
		if err := d.ReadFull(b[len(b)-k:]); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// UnmarshalVLMeta decodes a vlmetalayer value the way python-blosc2 reads
// it: nil, bool, int64 (uint64 above the int64 range), float64 (float32
// for a msgpack float 32), string,
// []byte, []any, map[string]any (map[any]any when a key is not a
// string), Tuple, EmbeddedFrame or ObjectRef.
func UnmarshalVLMeta(b []byte) (any, error) {
	d := msgpack.NewDecoder(bytes.NewReader(b))
	v, err := d.DecodeInterface()
	if err != nil {
		return nil, &FormatError{Where: "vlmetalayer", Offset: -1, Reason: "not a msgpack value", Err: ErrCorrupt, Cause: err}
	}
	return tuples(v), nil
}

// tuples turns python-blosc2's "__tuple__" lists into Tuples and every
// integer into int64 (uint64 above its range), as Python has one int.
func tuples(v any) any {
	switch x := v.(type) {
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case uint8:
		return int64(x)
	case uint16:
		return int64(x)
	case uint32:
		return int64(x)
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x)
		}
		return x
	case []any:
		for i := range x {
			x[i] = tuples(x[i])
		}
		if len(x) > 0 {
			if s, ok := x[0].(string); ok && s == "__tuple__" {
				return Tuple(x[1:])
			}
		}
		return x
	case map[string]any:
		for k, e := range x {
			x[k] = tuples(e)
		}
	case map[any]any:
		for k, e := range x {
			x[k] = tuples(e)
		}
	}
	return v
}

// MarshalVLMeta encodes v as python-blosc2 stores a vlmetalayer value:
// integers in their smallest msgpack form, strings as str, []byte as bin,
// maps with sorted keys, Tuple as a "__tuple__" list.
func MarshalVLMeta(v any) ([]byte, error) {
	var buf bytes.Buffer
	e := msgpack.NewEncoder(&buf)
	e.UseCompactInts(true)
	e.SetSortMapKeys(true)
	if err := e.Encode(v); err != nil {
		return nil, &FormatError{Where: "vlmetalayer", Offset: -1, Reason: "value cannot be encoded as msgpack", Err: ErrRange, Cause: err}
	}
	return buf.Bytes(), nil
}

// VLMeta returns the value of the vlmetalayer name decoded as
// python-blosc2 reads it (see UnmarshalVLMeta). It wraps ErrNotFound when
// there is none.
func (f *Frame) VLMeta(name string) (any, error) {
	b, err := f.VLMetalayer(name)
	if err != nil {
		return nil, err
	}
	return UnmarshalVLMeta(b)
}

// SetVLMeta stores v (see MarshalVLMeta) as the vlmetalayer name.
func (e *Editor) SetVLMeta(name string, v any) error {
	b, err := MarshalVLMeta(v)
	if err != nil {
		return err
	}
	return e.SetVLMetalayer(name, b)
}

// SetVLMeta stores v (see MarshalVLMeta) as the vlmetalayer name.
func (wr *Writer) SetVLMeta(name string, v any) error {
	b, err := MarshalVLMeta(v)
	if err != nil {
		return err
	}
	return wr.SetVLMetalayer(name, b)
}
