package offsetcodec

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// tiffPrefix is the 110-byte TIFF header of the proposal's Example 1.
const tiffPrefix = "SUkqAAgAAAAIAAABAwABAAAAAAEAAAEBAwABAAAAAAEAAAIBAwABAAAAEAAAAAMBAwABAAAAAQAAAAYBAwABAAAAAQAAABEBBAABAAAAbgAAABYBAwABAAAAAAEAABcBBAABAAAAAAACAAAAAAA="

func TestNewFromJSON(t *testing.T) {
	tests := []struct {
		json    string
		wantErr string // substring; empty for success
		enc     string // Encode("data") for a successful build
		back    string // MarshalJSON, empty when equal to json
	}{
		{json: `{"name":"offset","configuration":{"offset":3}}`, enc: "\x00\x00\x00data"},
		{json: `{"name":"offset","configuration":{"offset":0}}`, enc: "data"},
		{json: `{"name":"offset","configuration":{"offset":2,"prefix":"QUI="}}`, enc: "ABdata"},
		{json: `{"name":"offset","configuration":{"offset":0,"prefix":""}}`, enc: "data"},
		{json: `{"name":"offset","configuration":{"offset":16,"prefix":"TVlfQ1VTVE9NX0hFQURFUg=="}}`, enc: "MY_CUSTOM_HEADERdata"},
		{json: ` { "configuration" : { "prefix":"QUI=", "offset" : 2 }, "name":"offset", "must_understand": true } `,
			enc: "ABdata", back: `{"name":"offset","configuration":{"offset":2,"prefix":"QUI="}}`},
		{json: `{"name":"pad","configuration":{"location":"start","nbytes":1}}`, enc: "\x00data"},
		{json: `{"name":"pad","configuration":{"location":"end","nbytes":2,"padding":"QUI="}}`, enc: "dataAB"},
		{json: `{"name":"pad","configuration":{"location":"end","nbytes":0}}`, enc: "data"},

		{json: `{"name":"offset"}`, wantErr: `"offset": required key is missing`},
		{json: `{"name":"offset","configuration":{}}`, wantErr: `"offset": required key is missing`},
		{json: `{"name":"offset","configuration":{"offset":-1}}`, wantErr: "out of range"},
		{json: `{"name":"offset","configuration":{"offset":16777217}}`, wantErr: "out of range"},
		{json: `{"name":"offset","configuration":{"offset":99999999999999999999}}`, wantErr: "out of range"},
		{json: `{"name":"offset","configuration":{"offset":1.5}}`, wantErr: "must be an integer"},
		{json: `{"name":"offset","configuration":{"offset":1e2}}`, wantErr: "must be an integer"},
		{json: `{"name":"offset","configuration":{"offset":"3"}}`, wantErr: "must be an integer"},
		{json: `{"name":"offset","configuration":{"offset":3,"prefix":"QUI="}}`, wantErr: "decodes to 2 bytes, offset is 3"},
		{json: `{"name":"offset","configuration":{"offset":2,"prefix":"QUI"}}`, wantErr: "not valid base64"},
		{json: `{"name":"offset","configuration":{"offset":2,"prefix":7}}`, wantErr: "must be a string"},
		{json: `{"name":"offset","configuration":{"offset":2,"extra":1}}`, wantErr: `"extra": unknown key`},
		{json: `{"name":"offset","configuration":{"offset":2,"offset":3}}`, wantErr: "duplicate key"},
		{json: `{"name":"offset","configuration":[2]}`, wantErr: "must be a JSON object"},
		{json: `{"name":"offset","configuration":{"offset":2},"x":1}`, wantErr: `unknown member "x"`},
		{json: `{"name":"offset","configuration":{"offset":2},"must_understand":"no"}`, wantErr: "must_understand"},
		{json: `{"name":"pad","configuration":{"nbytes":1}}`, wantErr: `"location": required`},
		{json: `{"name":"pad","configuration":{"location":"middle","nbytes":1}}`, wantErr: `"middle" is not one of "start", "end"`},
		{json: `{"name":"pad","configuration":{"location":"end"}}`, wantErr: `"nbytes": required`},
		{json: `{"name":"pad","configuration":{"location":"end","nbytes":1,"padding":"QUI="}}`, wantErr: "decodes to 2 bytes, nbytes is 1"},
		{json: `{"name":"bz2"}`, wantErr: "unknown codec"},
		{json: `"offset"`, wantErr: `"offset": required key is missing`},
		{json: `{"configuration":{}}`, wantErr: `needs a string "name"`},
		{json: `[]`, wantErr: "must be a JSON object"},
		{json: ``, wantErr: "must be a JSON object"},
	}
	for _, tt := range tests {
		c, err := New([]byte(tt.json))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("New(%s) error = %v, want one containing %q", tt.json, err, tt.wantErr)
			} else if !errors.Is(err, ErrInvalidConfig) && !errors.Is(err, ErrUnknownCodec) {
				t.Errorf("New(%s) error %v wraps no sentinel", tt.json, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("New(%s): %v", tt.json, err)
			continue
		}
		enc, err := c.Encode([]byte("xx"), []byte("data"))
		if err != nil || string(enc) != "xx"+tt.enc {
			t.Errorf("%s: Encode = %q, %v; want %q", tt.json, enc, err, "xx"+tt.enc)
		}
		dec, err := c.Decode([]byte("yy"), enc[2:])
		if err != nil || string(dec) != "yydata" {
			t.Errorf("%s: Decode = %q, %v", tt.json, dec, err)
		}
		if s, ok := c.(Sizer); !ok || s.EncodedSize(4) != int64(len(tt.enc)) {
			t.Errorf("%s: EncodedSize wrong", tt.json)
		}
		back, err := c.MarshalJSON()
		want := tt.back
		if want == "" {
			want = tt.json
		}
		if err != nil || string(back) != want {
			t.Errorf("MarshalJSON = %s, %v; want %s", back, err, want)
		}
	}
}

func TestDecodeShort(t *testing.T) {
	for _, js := range []string{
		`{"name":"offset","configuration":{"offset":4}}`,
		`{"name":"pad","configuration":{"location":"start","nbytes":4}}`,
		`{"name":"pad","configuration":{"location":"end","nbytes":4}}`,
	} {
		c, err := New([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Decode(nil, []byte("abcd")); err != nil {
			t.Errorf("%s: exact-length chunk: %v", js, err)
		}
		_, err = c.Decode(nil, []byte("abc"))
		var de *DecodeError
		if !errors.Is(err, ErrCorrupt) || !errors.As(err, &de) || de.Offset != 3 {
			t.Errorf("%s: short chunk error = %v", js, err)
		}
	}
}

func TestTIFFPrefix(t *testing.T) {
	c, err := New([]byte(`{"name":"offset","configuration":{"offset":110,"prefix":"` + tiffPrefix + `"}}`))
	if err != nil {
		t.Fatal(err)
	}
	hdr := c.(*Offset).Config().Prefix
	if string(hdr[:4]) != "II*\x00" || binary.LittleEndian.Uint16(hdr[8:]) != 8 {
		t.Fatalf("not a little-endian TIFF header with 8 IFD entries: % x", hdr[:10])
	}
}

func TestPrefixFunc(t *testing.T) {
	cfg := OffsetConfig{Offset: 8, Prefix: []byte("LEN:\x00\x00\x00\x00")}
	o, err := NewOffset(cfg, WithHeaderFunc(func(dst, payload []byte) ([]byte, error) {
		dst = append(dst, "LEN:"...)
		return binary.BigEndian.AppendUint32(dst, uint32(len(payload))), nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	enc, err := o.Encode(nil, []byte("hello"))
	if err != nil || string(enc) != "LEN:\x00\x00\x00\x05hello" {
		t.Fatalf("Encode = %q, %v", enc, err)
	}
	js, _ := o.MarshalJSON()
	if want := `{"name":"offset","configuration":{"offset":8,"prefix":"` + base64.StdEncoding.EncodeToString([]byte("LEN:\x00\x00\x00\x00")) + `"}}`; string(js) != want {
		t.Errorf("MarshalJSON = %s, want %s", js, want)
	}
	o, _ = NewOffset(cfg, WithHeaderFunc(func(dst, payload []byte) ([]byte, error) { return append(dst, "short"...), nil }))
	if _, err := o.Encode(nil, []byte("x")); !errors.Is(err, ErrEncode) {
		t.Errorf("wrong-length header: err = %v", err)
	}
	boom := errors.New("boom")
	o, _ = NewOffset(cfg, WithHeaderFunc(func(dst, payload []byte) ([]byte, error) { return dst, boom }))
	if _, err := o.Encode(nil, []byte("x")); !errors.Is(err, boom) || !errors.Is(err, ErrEncode) {
		t.Errorf("failing header function: err = %v", err)
	}

	p, _ := NewPad(PadConfig{Location: End, NBytes: 2}, WithHeaderFunc(func(dst, payload []byte) ([]byte, error) {
		return binary.LittleEndian.AppendUint16(dst, uint16(len(payload))), nil
	}))
	enc, err = p.Encode([]byte("z"), []byte("abc"))
	if err != nil || !bytes.Equal(enc, []byte("zabc\x03\x00")) {
		t.Errorf("pad end with function: %q, %v", enc, err)
	}
}

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	if got := strings.Join(r.Names(), ","); got != "blosc,blosc2,crc32c,gzip,numcodecs.blosc,numcodecs.blosc2,numcodecs.crc32c,numcodecs.delta,numcodecs.gzip,numcodecs.lz4,numcodecs.shuffle,numcodecs.zlib,numcodecs.zstd,offset,pad,zstd" {
		t.Errorf("Names = %s", got)
	}
	if err := r.Register("offset", newOffsetFromConfig); err == nil {
		t.Error("duplicate registration accepted")
	}
	if err := r.Register("bad name", newOffsetFromConfig); err == nil {
		t.Error("invalid name accepted")
	}
	if err := r.Register("my.offset", newOffsetFromConfig); err != nil {
		t.Fatal(err)
	}
	c, err := r.New([]byte(`{"name":"my.offset","configuration":{"offset":1}}`))
	if err != nil || c.Name() != "offset" {
		t.Errorf("custom registration: %v", err)
	}
	if _, err := New([]byte(`{"name":"my.offset","configuration":{"offset":1}}`)); !errors.Is(err, ErrUnknownCodec) {
		t.Errorf("registries are not independent: %v", err)
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := NewOffset(OffsetConfig{Offset: -1}); !errors.Is(err, ErrInvalidConfig) {
		t.Error(err)
	}
	if _, err := NewOffset(OffsetConfig{Offset: 2, Prefix: []byte{1}}); !errors.Is(err, ErrInvalidConfig) {
		t.Error(err)
	}
	if _, err := NewPad(PadConfig{Location: Location(7), NBytes: 1}); !errors.Is(err, ErrInvalidConfig) {
		t.Error(err)
	}
	if _, err := NewPad(PadConfig{Location: Start, NBytes: MaxHeaderBytes + 1}); !errors.Is(err, ErrInvalidConfig) {
		t.Error(err)
	}
}

func BenchmarkOffsetEncode(b *testing.B) {
	o, _ := NewOffset(OffsetConfig{Offset: 110})
	src := make([]byte, 1<<17)
	dst := make([]byte, 0, len(src)+110)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		dst, _ = o.Encode(dst[:0], src)
	}
}

func BenchmarkOffsetDecode(b *testing.B) {
	o, _ := NewOffset(OffsetConfig{Offset: 110})
	src := make([]byte, 1<<17+110)
	dst := make([]byte, 0, len(src))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		dst, _ = o.Decode(dst[:0], src)
	}
}
