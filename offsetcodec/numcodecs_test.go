package offsetcodec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/rand"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// TestNumcodecsNames: every numcodecs.zarr3 name of a codec we have
// resolves from numcodecs' configuration shape, round-trips data and writes
// back the same metadata.
func TestNumcodecsNames(t *testing.T) {
	tests := []struct {
		meta     string
		itemSize int
	}{
		{`{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}}`, 4},
		{`{"name":"numcodecs.blosc","configuration":{"cname":"zstd","clevel":3,"shuffle":2,"blocksize":0,"typesize":8}}`, 8},
		{`{"name":"numcodecs.blosc","configuration":{"cname":"blosclz","clevel":9,"shuffle":-1,"blocksize":0}}`, 1},
		{`{"name":"numcodecs.blosc","configuration":{"cname":"zlib","clevel":1,"shuffle":0,"blocksize":0}}`, 2},
		{`{"name":"numcodecs.blosc2","configuration":{"cname":"blosc2","clevel":5}}`, 4},
		{`{"name":"numcodecs.zstd","configuration":{"level":1,"checksum":false}}`, 4},
		{`{"name":"numcodecs.zstd","configuration":{"level":5}}`, 4},
		{`{"name":"numcodecs.zlib","configuration":{"level":1}}`, 4},
		{`{"name":"numcodecs.gzip","configuration":{"level":1}}`, 4},
		{`{"name":"numcodecs.lz4","configuration":{"acceleration":1}}`, 4},
		{`{"name":"numcodecs.delta","configuration":{"dtype":"<i4","astype":"<i4"}}`, 4},
		{`{"name":"numcodecs.delta","configuration":{"dtype":">i8"}}`, 8}, // float deltas round (as in NumPy): tested with exact values in zarr
		{`{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}`, 4},
		{`{"name":"numcodecs.shuffle","configuration":{}}`, 8},
		{`{"name":"numcodecs.crc32c","configuration":{"location":"start"}}`, 4},
		{`{"name":"numcodecs.crc32c","configuration":{}}`, 4},
	}
	src := make([]byte, 4096)
	for i := range src {
		src[i] = byte(i / 7)
	}
	for _, tc := range tests {
		c, err := New([]byte(tc.meta))
		if err != nil {
			t.Fatalf("%s: %v", tc.meta, err)
		}
		if r, ok := c.(ItemSizeResolver); ok {
			if c, err = r.ResolveItemSize(tc.itemSize); err != nil {
				t.Fatalf("%s: resolve: %v", tc.meta, err)
			}
		}
		enc, err := c.Encode(nil, src)
		if err != nil {
			t.Fatalf("%s: encode: %v", tc.meta, err)
		}
		dec, err := c.Decode(nil, enc)
		if err != nil || !bytes.Equal(dec, src) {
			t.Fatalf("%s: round trip failed: %v", tc.meta, err)
		}
		out, _ := c.MarshalJSON()
		c2, err := New(out)
		if err != nil {
			t.Fatalf("%s: re-parse of %s: %v", tc.meta, out, err)
		}
		out2, _ := c2.MarshalJSON()
		if !bytes.Equal(out, out2) {
			t.Errorf("%s: metadata changes: %s then %s", tc.meta, out, out2)
		}
	}
	for _, bad := range []string{
		`{"name":"numcodecs.bz2","configuration":{"level":1}}`,
		`{"name":"numcodecs.blosc","configuration":{"shuffle":3}}`,
		`{"name":"numcodecs.delta","configuration":{"dtype":"<i4","astype":"<i2"}}`,
		`{"name":"numcodecs.delta","configuration":{}}`,
		`{"name":"numcodecs.crc32c","configuration":{"location":"middle"}}`,
		`{"name":"numcodecs.zstd","configuration":{"level":1,"extra":2}}`,
	} {
		if _, err := New([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

func TestParseNumcodecsV2(t *testing.T) {
	c, err := ParseNumcodecs([]byte(`{"id":"blosc","cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(c.NumcodecsConfig()); got != `{"id":"blosc","blocksize":0,"clevel":5,"cname":"lz4","shuffle":1}` {
		t.Errorf("NumcodecsConfig = %s", got)
	}
	if c.Name() != "numcodecs.blosc" || c.ID() != "blosc" {
		t.Errorf("Name %s ID %s", c.Name(), c.ID())
	}
	for _, bad := range []string{`[]`, `{"cname":"lz4"}`, `{"id":7}`, `{"id":"nope"}`} {
		if _, err := ParseNumcodecs([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// TestDeltaNumpy checks Delta against NumPy's diff and cumsum semantics:
// numcodecs' docstring example, integer wrap-around, big-endian elements.
func TestDeltaNumpy(t *testing.T) {
	d, _ := NewDelta(DeltaConfig{Dtype: "<i2"})
	var src []byte
	for v := 100; v < 120; v += 2 {
		src = binary.LittleEndian.AppendUint16(src, uint16(v))
	}
	enc, _ := d.Encode(nil, src)
	for i := 0; i < 10; i++ {
		want := uint16(2)
		if i == 0 {
			want = 100
		}
		if got := binary.LittleEndian.Uint16(enc[2*i:]); got != want {
			t.Fatalf("element %d = %d, want %d", i, got, want)
		}
	}
	u, _ := NewDelta(DeltaConfig{Dtype: "|u1"})
	enc, _ = u.Encode(nil, []byte{250, 3, 255})
	if !bytes.Equal(enc, []byte{250, 9, 252}) {
		t.Errorf("uint8 wrap-around: % d", enc)
	}
	be, _ := NewDelta(DeltaConfig{Dtype: ">u4"})
	enc, _ = be.Encode(nil, []byte{0, 0, 1, 0, 0, 0, 1, 5})
	if !bytes.Equal(enc, []byte{0, 0, 1, 0, 0, 0, 0, 5}) {
		t.Errorf("big-endian: % x", enc)
	}
	f, _ := NewDelta(DeltaConfig{Dtype: "<f4"})
	var fs []byte
	for _, v := range []float32{1.5, 0.1, float32(math.Inf(1)), 3} {
		fs = binary.LittleEndian.AppendUint32(fs, math.Float32bits(v))
	}
	enc, _ = f.Encode(nil, fs)
	dec, err := f.Decode(nil, enc)
	if err != nil || len(dec) != len(fs) {
		t.Fatal(err)
	}
	if _, err := f.Decode(nil, []byte{1, 2, 3}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("partial element: %v", err)
	}
}

func TestLZ4Format(t *testing.T) {
	l, _ := NewLZ4(LZ4Config{Acceleration: 1})
	src := bytes.Repeat([]byte("numcodecs lz4 "), 100)
	enc, err := l.Encode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	if binary.LittleEndian.Uint32(enc) != uint32(len(src)) {
		t.Errorf("size header % x", enc[:4])
	}
	bad := map[string][]byte{
		"short":    enc[:3],
		"too big":  append([]byte{0xff, 0xff, 0xff, 0x7f}, enc[4:]...),
		"mismatch": append(binary.LittleEndian.AppendUint32(nil, uint32(len(src)-1)), enc[4:]...),
		"garbage":  append(binary.LittleEndian.AppendUint32(nil, 100), 0xf0, 1, 2),
	}
	for name, b := range bad {
		if _, err := l.DecodeLimit(nil, b, len(src)); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if dec, err := l.Decode([]byte("x"), enc); err != nil || !bytes.Equal(dec[1:], src) {
		t.Errorf("decode appending: %v", err)
	}
}

// TestOCFBlosc2Config: ocf_blosc2's configuration and what it maps to.
func TestOCFBlosc2Config(t *testing.T) {
	tests := []struct {
		meta  string
		codec blosc.Codec
		ocf   bool
		back  string
	}{
		{`{"name":"blosc2","configuration":{"cname":"blosc2","clevel":5}}`, blosc.BloscLZ, true, `{"name":"blosc2","configuration":{"cname":"blosc2","clevel":5}}`},
		{`{"name":"blosc2","configuration":{"cname":"zstd","clevel":5}}`, blosc.Zstd, true, `{"name":"blosc2","configuration":{"cname":"zstd","clevel":5}}`},
		{`{"name":"blosc2","configuration":{"clevel":3}}`, blosc.BloscLZ, true, `{"name":"blosc2","configuration":{"cname":"blosc2","clevel":3}}`},
		{`{"name":"blosc2","configuration":{"cname":"blosc2","clevel":1,"typesize":4}}`, blosc.BloscLZ, false, ""},
		{`{"name":"blosc2"}`, blosc.Zstd, false, ""},
	}
	src := make([]byte, 10000)
	rand.New(rand.NewSource(1)).Read(src[:2000])
	for _, tc := range tests {
		c, err := New([]byte(tc.meta))
		if err != nil {
			t.Fatalf("%s: %v", tc.meta, err)
		}
		b := c.(*Blosc2)
		if b.Config().OCF != tc.ocf {
			t.Errorf("%s: OCF = %v", tc.meta, b.Config().OCF)
		}
		if tc.back != "" {
			if out, _ := b.MarshalJSON(); string(out) != tc.back {
				t.Errorf("%s: written back as %s", tc.meta, out)
			}
		}
		r, err := b.ResolveItemSize(4)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := r.Encode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		h, err := blosc.ReadHeader(enc)
		if err != nil {
			t.Fatal(err)
		}
		if h.Codec() != tc.codec {
			t.Errorf("%s: chunk compressed with %v, want %v", tc.meta, h.Codec(), tc.codec)
		}
		if dec, err := r.Decode(nil, enc); err != nil || !bytes.Equal(dec, src) {
			t.Errorf("%s: round trip: %v", tc.meta, err)
		}
	}
}

func TestCRC32CLocations(t *testing.T) {
	end, _ := New([]byte(`{"name":"crc32c"}`))
	start, _ := New([]byte(`{"name":"numcodecs.crc32c","configuration":{"location":"start"}}`))
	a, _ := end.Encode(nil, []byte("abc"))
	b, _ := start.Encode(nil, []byte("abc"))
	if !bytes.Equal(a[:3], []byte("abc")) || !bytes.Equal(b[4:], []byte("abc")) || !bytes.Equal(a[3:], b[:4]) {
		t.Errorf("end % x, start % x", a, b)
	}
	if _, err := start.Decode(nil, a); !errors.Is(err, ErrCorrupt) {
		t.Errorf("start codec decoded an end checksum: %v", err)
	}
}
