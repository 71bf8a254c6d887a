package frame

import (
	"bytes"
	"io"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// FuzzVerify runs Verify (and Recover) on arbitrary bytes: never a panic,
// and a file Verify calls sound is one the readers read whole.
func FuzzVerify(f *testing.F) {
	addFrameSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		const limit = 8 << 20
		opts := []Option{WithMaxChunkSize(limit), WithWorkers(2)}
		isFrame := len(data) >= posMagic+len(magic) && string(data[posMagic:posMagic+len(magic)]) == magic
		var rep *Report
		var err error
		if isFrame {
			rep, err = Verify(bytes.NewReader(data), int64(len(data)), opts...)
		} else {
			rep, err = VerifyChunk(bytes.NewReader(data), int64(len(data)), opts...)
		}
		if err != nil {
			if len(data) == 0 {
				return
			}
			t.Fatalf("Verify of bytes in memory failed: %v", err)
		}
		if _, err := Verify(bytes.NewReader(data), int64(len(data)), WithStructureOnly()); err != nil {
			t.Fatal(err)
		}
		if isFrame {
			// Recover's trial decodes allocate what the header's sizes
			// allow: keep them small here.
			if h, err := parseHeaderFixed(data); err == nil && h.Nbytes <= limit && h.Chunksize <= limit {
				Recover(bytes.NewReader(data), int64(len(data)), io.Discard)
			}
		}
		if !rep.Sound() {
			return
		}
		if !isFrame {
			if _, err := blosc.Decompress(nil, data); err != nil {
				t.Fatalf("sound chunk does not decode: %v", err)
			}
			return
		}
		fr, err := OpenBytes(data)
		if err != nil {
			t.Fatalf("sound frame does not open: %v", err)
		}
		if fr.Nbytes() > 4*limit {
			return
		}
		all, err := fr.Decode(nil)
		if err != nil || int64(len(all)) != fr.Nbytes() {
			t.Fatalf("sound frame does not decode: %v", err)
		}
		if _, err := fr.Metalayer(B2NDMetaName); err == nil {
			if _, err := OpenArray(fr); err != nil {
				t.Fatalf("sound b2nd does not open as an array: %v", err)
			}
		}
	})
}
