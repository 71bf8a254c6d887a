package offsetcodec

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/pierrec/lz4/v4"
)

func FuzzNew(f *testing.F) {
	for _, s := range []string{
		`{"name":"offset","configuration":{"offset":110,"prefix":"` + tiffPrefix + `"}}`,
		`{"name":"offset","configuration":{"offset":16,"prefix":"TVlfQ1VTVE9NX0hFQURFUg=="}}`,
		`{"name":"offset","configuration":{"offset":12,"prefix":"AAAAAgAAAEAAAABA"}}`,
		`{"name":"pad","configuration":{"location":"end","nbytes":2,"padding":"QUI="}}`,
		`{"name":"pad","configuration":{"location":"start","nbytes":0}}`,
		`"offset"`, `{"name":"offset","configuration":{"offset":1e9}}`,
		`{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}}`,
		`{"name":"numcodecs.shuffle","configuration":{"elementsize":3}}`,
		`{"name":"numcodecs.crc32c","configuration":{"location":"start"}}`,
		`{"name":"crc32c"}`,
	} {
		f.Add([]byte(s), []byte("payload"))
	}
	f.Fuzz(func(t *testing.T, js, payload []byte) {
		c, err := New(js)
		if err != nil {
			return
		}
		inner := c
		if n, ok := c.(*Numcodecs); ok {
			inner = n.Inner()
		}
		switch c := inner.(type) {
		case *Delta, *Shuffle:
			// Element codecs: a partial element is an error; float deltas
			// round as in NumPy, so only the length must survive.
			enc, err := c.Encode(nil, payload)
			if err != nil {
				return
			}
			dec, err := c.Decode(nil, enc)
			if err != nil || len(dec) != len(payload) {
				t.Fatalf("round trip: %v", err)
			}
			if d, ok := c.(*Delta); (!ok || d.Dtype().Kind != 'f') && !bytes.Equal(dec, payload) {
				t.Fatal("round trip changed the data")
			}
			return
		}
		if s, ok := c.(Sizer); !ok || s.EncodedSize(0) < 0 {
			return // blosc and blosc2: FuzzBloscNew; compressors
		}
		// A codec that was built must marshal to metadata that builds the
		// same codec, and must round-trip any payload.
		back, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		c2, err := New(back)
		if err != nil {
			t.Fatalf("re-reading %s: %v", back, err)
		}
		back2, _ := c2.MarshalJSON()
		if !bytes.Equal(back, back2) {
			t.Fatalf("metadata not stable: %s vs %s", back, back2)
		}
		enc, err := c.Encode(nil, payload)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(enc)) != c.(Sizer).EncodedSize(int64(len(payload))) {
			t.Fatal("EncodedSize disagrees with Encode")
		}
		dec, err := c2.Decode(nil, enc)
		if err != nil || !bytes.Equal(dec, payload) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

func FuzzDecode(f *testing.F) {
	f.Add(uint32(12), uint8(0), []byte("\x00\x00\x00\x02\x00\x00\x00\x40\x00\x00\x00\x40data"))
	f.Add(uint32(4), uint8(1), []byte("abc"))
	f.Add(uint32(4), uint8(2), []byte("abcdefgh"))
	f.Fuzz(func(t *testing.T, n uint32, kind uint8, stored []byte) {
		n %= 4096
		var c Codec
		switch kind % 3 {
		case 0:
			c, _ = NewOffset(OffsetConfig{Offset: int(n)})
		case 1:
			c, _ = NewPad(PadConfig{Location: Start, NBytes: int(n)})
		default:
			c, _ = NewPad(PadConfig{Location: End, NBytes: int(n)})
		}
		dec, err := c.Decode(nil, stored)
		if err != nil {
			if len(stored) >= int(n) {
				t.Fatalf("error on a long enough chunk: %v", err)
			}
			return
		}
		if len(dec) != len(stored)-int(n) {
			t.Fatalf("decoded %d bytes from %d", len(dec), len(stored))
		}
	})
}

// FuzzNumcodecsDecode feeds arbitrary stored chunks to the numcodecs
// codecs: decoding fails cleanly or stays within the limit.
func FuzzNumcodecsDecode(f *testing.F) {
	codecs := []string{
		`{"name":"numcodecs.lz4","configuration":{"acceleration":1}}`,
		`{"name":"numcodecs.zlib","configuration":{"level":1}}`,
		`{"name":"numcodecs.gzip","configuration":{"level":1}}`,
		`{"name":"numcodecs.zstd","configuration":{"level":1}}`,
		`{"name":"numcodecs.delta","configuration":{"dtype":">f8"}}`,
		`{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}`,
		`{"name":"numcodecs.crc32c","configuration":{}}`,
		`{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0,"typesize":4}}`,
	}
	var built []Codec
	for i, js := range codecs {
		c, err := New([]byte(js))
		if err != nil {
			f.Fatal(err)
		}
		built = append(built, c)
		enc, err := c.Encode(nil, bytes.Repeat([]byte("0123456789abcdef"), 16))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), enc)
	}
	f.Fuzz(func(t *testing.T, which uint8, stored []byte) {
		c := built[int(which)%len(built)]
		const limit = 1 << 16
		dec, err := c.(LimitDecoder).DecodeLimit(nil, stored, limit)
		if err == nil && len(dec) > limit && len(dec) != len(stored) {
			t.Fatalf("decoded %d bytes, limit %d", len(dec), limit)
		}
		if _, ok := c.(*LZ4); ok && len(stored) >= 4 {
			// pierrec/lz4 is the oracle of our LZ4 block decoder.
			n := int(binary.LittleEndian.Uint32(stored))
			if n > limit || n == 0 {
				return
			}
			want := make([]byte, n)
			got, oerr := lz4.UncompressBlock(stored[4:], want)
			oracleOK := oerr == nil && got == n
			if oracleOK != (err == nil) {
				t.Fatalf("ours: %v, pierrec/lz4: %d bytes, %v", err, got, oerr)
			}
			if err == nil && !bytes.Equal(dec, want) {
				t.Fatal("decoded bytes differ from pierrec/lz4's")
			}
		}
	})
}
