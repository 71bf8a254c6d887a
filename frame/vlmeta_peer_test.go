package frame

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
)

// TestVLMetaMsgpackPeer: MarshalVLMeta writes the bytes Python's msgpack
// writes with python-blosc2's settings (use_bin_type, tuples as
// "__tuple__" lists), and UnmarshalVLMeta reads them back.
func TestVLMetaMsgpackPeer(t *testing.T) {
	peertest.Python(t, "msgpack")
	const script = `
import msgpack, sys
def enc(o):
    if isinstance(o, tuple):
        return ["__tuple__", *o]
    return o
vals = [
    {"units": "degC", "n": -5, "big": 2**64 - 1, "f": 1.5, "ok": True, "none": None},
    [1, "x", b"\x01\x02"],
    ("__tuple__", 1, 2),
    {"expression": "a + b", "operands": {"a": "a.b2nd"}},
    300, -200, 70000, 2**40,
]
for v in vals:
    print(msgpack.packb(v, use_bin_type=True).hex())
`
	out := strings.Fields(string(peertest.RunPython(t, script)))
	want := []any{
		map[string]any{"units": "degC", "n": int64(-5), "big": uint64(1<<64 - 1), "f": 1.5, "ok": true, "none": nil},
		[]any{int64(1), "x", []byte{1, 2}},
		Tuple{int64(1), int64(2)},
		map[string]any{"expression": "a + b", "operands": map[string]any{"a": "a.b2nd"}},
		int64(300), int64(-200), int64(70000), int64(1 << 40),
	}
	if len(out) != len(want) {
		t.Fatalf("python printed %d values", len(out))
	}
	for i, h := range out {
		py, _ := hex.DecodeString(h)
		got, err := UnmarshalVLMeta(py)
		if err != nil || !equalAny(got, want[i]) {
			t.Errorf("value %d: decoded %#v, %v; want %#v", i, got, err, want[i])
		}
		ours, err := MarshalVLMeta(want[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, isMap := want[i].(map[string]any); !isMap && !bytes.Equal(ours, py) {
			// Python keeps insertion order in maps; ours sorts keys, so
			// only non-maps compare byte for byte.
			t.Errorf("value %d: ours % x, python % x", i, ours, py)
		}
	}
}
