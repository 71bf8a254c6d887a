package blosc

import (
	"bytes"
	"testing"
)

// TestCompressRawStreams checks the streams stored as is: without filters
// their bytes are copied into the chunk only once it is known to fit, on
// one or several goroutines. Inputs mixing blocks that compress with
// blocks that do not (the chunk fits, with streams stored as is), one
// block of zeros among random ones (it just fits), and random bytes (it
// does not: memcpyed) give the same bytes with 1, 2 and 5 workers, decode
// to the input although dst held garbage, and leave dst alone past
// MaxCompressedLen. With filters (streams in scratch buffers, copied at
// once) the same checks hold.
func TestCompressRawStreams(t *testing.T) {
	const n = 1<<20 + 77
	const bs = 32 << 10
	random := encGenerate("random", 9, 8, n)
	periodic := make([]byte, n) // LZ codecs compress it without filters
	for i := range periodic {
		periodic[i] = random[i%100]
	}
	mixed := make([]byte, n)
	for k := 0; k < n; k += bs {
		from := periodic
		if (k/bs)%3 != 1 {
			from = random
		}
		copy(mixed[k:], from[k:min(k+bs, n)])
	}
	oneZero := bytes.Clone(random)
	clear(oneZero[5*bs : 6*bs])
	inputs := []struct {
		name     string
		data     []byte
		memcpyed bool // without filters
	}{
		{"mixed", mixed, false},
		{"oneZeroBlock", oneZero, false},
		{"random", random, true},
	}
	codecs := []Codec{BloscLZ, LZ4, LZ4HC, Zstd}
	if testing.Short() {
		codecs = []Codec{BloscLZ, LZ4}
	}
	for _, in := range inputs {
		for _, c := range codecs {
			for _, filters := range [][]Filter{nil, {Shuffle}} {
				o := encOpts(c, 5, 8, filters...)
				o.Blocksize = bs
				var ref []byte
				for _, nw := range []int{1, 2, 5} {
					o.Workers = nw
					e, err := NewEncoder(o)
					if err != nil {
						t.Fatal(err)
					}
					bound := MaxCompressedLen(len(in.data))
					buf := bytes.Repeat([]byte{0xA5}, bound+64)
					got, err := e.Compress(buf[:0], in.data)
					if err != nil {
						t.Fatal(err)
					}
					for i, v := range buf[bound:] {
						if v != 0xA5 {
							t.Fatalf("%s %v %v %d workers: byte %d past MaxCompressedLen written", in.name, c, filters, nw, i)
						}
					}
					h, err := ReadHeader(got)
					if err != nil {
						t.Fatal(err)
					}
					if filters == nil && h.Memcpyed() != in.memcpyed {
						t.Errorf("%s %v: memcpyed %v, want %v", in.name, c, h.Memcpyed(), in.memcpyed)
					}
					back, err := Decompress(nil, got)
					if err != nil || !bytes.Equal(back, in.data) {
						t.Fatalf("%s %v %v %d workers: round trip failed: %v", in.name, c, filters, nw, err)
					}
					if ref == nil {
						ref = bytes.Clone(got)
					} else if !bytes.Equal(got, ref) {
						t.Errorf("%s %v %v: %d workers give other bytes", in.name, c, filters, nw)
					}
				}
			}
		}
	}
}
