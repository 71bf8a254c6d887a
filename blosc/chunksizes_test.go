package blosc

import (
	"errors"
	"testing"
)

func TestChunkSizes(t *testing.T) {
	chunk, err := Compress(nil, make([]byte, 1000), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	h, err := ReadHeader(chunk)
	if err != nil {
		t.Fatal(err)
	}
	nb, bs, cb, err := ChunkSizes(chunk[:MinHeaderLen])
	if err != nil || nb != int(h.Nbytes) || bs != int(h.Blocksize) || cb != int(h.Cbytes) {
		t.Fatalf("ChunkSizes = %d %d %d %v, header %v", nb, bs, cb, err, h)
	}
	bad := func(off int, v uint32) []byte {
		b := append([]byte(nil), chunk[:MinHeaderLen]...)
		b[off], b[off+1], b[off+2], b[off+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		return b
	}
	for name, b := range map[string][]byte{
		"short":           chunk[:MinHeaderLen-1],
		"negative nbytes": bad(offNbytes, 1<<31),
		"negative bsize":  bad(offBlocksize, 0xffffffff),
		"small cbytes":    bad(offCbytes, MinHeaderLen-1),
	} {
		if _, _, _, err := ChunkSizes(b); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}
