package store

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"

	"github.com/blosc2go/blosc2/frame"
	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// CFrame is a Blosc2 object (NDArray, SChunk, BatchArray, EmbedStore...)
// that python-blosc2 serialized inside a msgpack value as its cframe
// (msgpack extension 42). Open reads it.
type CFrame struct {
	Data []byte // the frame's bytes
}

// Open opens the serialized frame.
func (c CFrame) Open() (*frame.Frame, error) { return frame.OpenBytes(c.Data) }

// Reference is a structured Blosc2 reference python-blosc2 put inside a
// msgpack value (extension 43): a C2Array, a LazyExpr, a LazyUDF or a Ref,
// told by Kind. This package reports it; it does not evaluate it.
type Reference struct {
	Kind    string         // "c2array", "lazyexpr", "lazyudf", "ref"...
	Payload map[string]any // the whole decoded map, Kind and version included
}

func init() {
	// msgpack.Marshal of a CFrame or a Reference writes python-blosc2's
	// extension (decoding goes through decodeValue, which bounds what it
	// allocates by the input's size).
	msgpack.RegisterExtEncoder(extCFrame, CFrame{}, func(_ *msgpack.Encoder, v reflect.Value) ([]byte, error) {
		return v.Interface().(CFrame).Data, nil
	})
	msgpack.RegisterExtEncoder(extStructured, Reference{}, func(_ *msgpack.Encoder, v reflect.Value) ([]byte, error) {
		return msgpack.Marshal(v.Interface().(Reference).Payload)
	})
}

// maxDepth bounds the nesting of decoded values.
const maxDepth = 256

var errDepth = errors.New("msgpack value nested too deep")

// decodeValue decodes one msgpack value as python-blosc2's msgpack_unpackb
// does: maps become map[string]any (map[any]any when a key is not a
// string), arrays []any, an array tagged "__tuple__" (python-blosc2's tuple
// encoding) loses the tag, extension 42 is a CFrame and 43 a Reference,
// other extensions msgpack.RawMessage-like []byte. Nothing is allocated
// ahead of the bytes that back it.
func decodeValue(b []byte) (any, error) {
	r := bytes.NewReader(b)
	d := msgpack.NewDecoder(r)
	v, err := decodeAny(d, r, 0)
	if err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%d bytes after the msgpack value", r.Len())
	}
	return v, nil
}

// decodeMap decodes raw as a msgpack map with string keys.
func decodeMap(raw []byte) (map[string]any, error) {
	v, err := decodeValue(raw)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("not a msgpack map with string keys")
	}
	return m, nil
}

// intOf returns v as an int64 if it is a msgpack integer that fits.
func intOf(v any) (int64, bool) {
	switch x := v.(type) {
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint64:
		if x <= 1<<63-1 {
			return int64(x), true
		}
	}
	return 0, false
}

// skipValue skips one msgpack value of untrusted input (msgpack's own
// Skip recurses without a depth limit).
func skipValue(d *msgpack.Decoder, r *bytes.Reader) error {
	_, err := decodeAny(d, r, 0)
	return err
}

func decodeAny(d *msgpack.Decoder, r *bytes.Reader, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errDepth
	}
	c, err := d.PeekCode()
	if err != nil {
		return nil, err
	}
	switch {
	case msgpcode.IsFixedMap(c) || c == msgpcode.Map16 || c == msgpcode.Map32:
		n, err := d.DecodeMapLen()
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, nil
		}
		var ks, vs []any
		allStrings := true
		for i := 0; i < n; i++ {
			k, err := decodeAny(d, r, depth+1)
			if err != nil {
				return nil, err
			}
			v, err := decodeAny(d, r, depth+1)
			if err != nil {
				return nil, err
			}
			if _, ok := k.(string); !ok {
				allStrings = false
			}
			ks, vs = append(ks, k), append(vs, v)
		}
		if allStrings {
			m := make(map[string]any, len(ks))
			for i, k := range ks {
				m[k.(string)] = vs[i]
			}
			return m, nil
		}
		m := make(map[any]any, len(ks))
		for i, k := range ks {
			if k != nil && !reflect.TypeOf(k).Comparable() {
				return nil, fmt.Errorf("msgpack map key of type %T", k)
			}
			m[k] = vs[i]
		}
		return m, nil
	case msgpcode.IsFixedArray(c) || c == msgpcode.Array16 || c == msgpcode.Array32:
		n, err := d.DecodeArrayLen()
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, nil
		}
		var out []any
		for i := 0; i < n; i++ {
			v, err := decodeAny(d, r, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		if out == nil {
			out = []any{}
		}
		if len(out) > 0 {
			if tag, ok := out[0].(string); ok && tag == "__tuple__" {
				out = out[1:]
			}
		}
		return out, nil
	case msgpcode.IsBin(c):
		// msgpack allocates a bin's claimed length up front: check it
		// against what is left first.
		n, err := d.DecodeBytesLen()
		if err != nil {
			return nil, err
		}
		if n < 0 || n > r.Len() {
			return nil, fmt.Errorf("msgpack bin of %d bytes, %d left", n, r.Len())
		}
		b := make([]byte, n)
		if err := d.ReadFull(b); err != nil {
			return nil, err
		}
		return b, nil
	case msgpcode.IsExt(c):
		id, n, err := d.DecodeExtHeader()
		if err != nil {
			return nil, err
		}
		if n < 0 || n > r.Len() {
			return nil, fmt.Errorf("msgpack extension of %d bytes, %d left", n, r.Len())
		}
		b := make([]byte, n)
		if err := d.ReadFull(b); err != nil {
			return nil, err
		}
		switch id {
		case extCFrame:
			return CFrame{Data: b}, nil
		case extStructured:
			v, err := decodeValue(b)
			if err != nil {
				return nil, err
			}
			m, ok := v.(map[string]any)
			if !ok {
				return nil, errors.New("structured Blosc2 msgpack payload is not a map")
			}
			kind, _ := m["kind"].(string)
			return Reference{Kind: kind, Payload: m}, nil
		}
		return b, nil
	}
	return d.DecodeInterface()
}
