package viewer

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"

	"github.com/vmihailenco/msgpack/v5"
)

// maxValueText bounds the JSON text of a decoded vlmetalayer.
const maxValueText = 64 << 10

// decodeMsgpack decodes a msgpack value (what python-blosc2 stores in a
// vlmetalayer) and returns it as indented JSON, or the reason it cannot.
func decodeMsgpack(b []byte) (string, string) {
	r := bytes.NewReader(b)
	dec := msgpack.NewDecoder(r)
	v, err := dec.DecodeInterface()
	if err != nil {
		return "", "not msgpack: " + err.Error()
	}
	out, err := json.MarshalIndent(jsonable(v, 0), "", "  ")
	if err != nil {
		return "", err.Error()
	}
	if len(out) > maxValueText {
		out = append(out[:maxValueText], "\n…"...)
	}
	if r.Len() > 0 {
		out = fmt.Appendf(out, "\n(and %d bytes after the msgpack value)", r.Len())
	}
	return string(out), ""
}

// jsonable turns a decoded msgpack value into one encoding/json can write:
// maps with keys of any type become maps of their text, bytes become hex,
// NaN and infinities their names.
func jsonable(v any, depth int) any {
	if depth > 64 {
		return "…"
	}
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = jsonable(e, depth+1)
		}
		return m
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonable(e, depth+1)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = jsonable(e, depth+1)
		}
		return l
	case []byte:
		return "0x" + hex.EncodeToString(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Sprint(x)
		}
	case float32:
		return jsonable(float64(x), depth)
	}
	return v
}
