package zstd

import (
	"bytes"
	"errors"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// TestEncoderChecksum checks SetChecksum: the frame says it has a checksum
// and ends with it, our decoder and klauspost's verify it, a reused
// Encoder turned back writes the frame without, and empty inputs work.
func TestEncoderChecksum(t *testing.T) {
	oracle, err := kzstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer oracle.Close()
	e := NewEncoder(5)
	var d Decoder
	for _, src := range [][]byte{{}, {9}, testgen.Text(70000, 4), testgen.Mixed(300000, 5)} {
		plain := e.EncodeAll(nil, src)
		e.SetChecksum(true)
		f := e.EncodeAll(nil, src)
		e.SetChecksum(false)
		if again := e.EncodeAll(nil, src); !bytes.Equal(again, plain) {
			t.Fatalf("%d bytes: the frame without checksum changed after one with", len(src))
		}
		h, err := ReadFrameHeader(f)
		if err != nil || !h.Checksum || len(f) != len(plain)+4 {
			t.Fatalf("%d bytes: header %+v, %v; %d bytes against %d without", len(src), h, err, len(f), len(plain))
		}
		got := make([]byte, len(src))
		if n, err := d.DecodeInto(got, f); err != nil || n != len(src) || !bytes.Equal(got, src) {
			t.Fatalf("%d bytes: our decoder: %d, %v", len(src), n, err)
		}
		if k, err := oracle.DecodeAll(f, nil); err != nil || !bytes.Equal(k, src) {
			t.Fatalf("%d bytes: klauspost: %v", len(src), err)
		}
		f[len(f)-1] ^= 0x40
		if _, err := d.DecodeInto(got, f); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%d bytes: a wrong checksum gives %v", len(src), err)
		}
	}
}
