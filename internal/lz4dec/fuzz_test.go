package lz4dec

import (
	"bytes"
	"math/rand"
	"testing"
)

// FuzzDecompress decodes arbitrary blocks with an arbitrary dictionary and
// dst length and compares with the reference decoder and with
// pierrec/lz4: the same bytes whenever either succeeds, nothing written
// past dst.
func FuzzDecompress(f *testing.F) {
	for _, in := range inputs {
		for _, n := range []int{0, 1, 17, 300, 5000} {
			data := in.gen(n + 40)
			f.Add(lz4Compress(data[40:], 1), []byte(nil), uint32(n))
			f.Add(compressDict(data[40:], data[:40]), data[:40], uint32(n+7))
		}
	}
	// Blocks of every kind of sequence, after short matches (the window
	// mode of decode_amd64.s).
	r := rand.New(rand.NewSource(3))
	for k := 0; k < 8; k++ {
		src := randomBlock(r, 10+k, 3*k, k%2 == 0)
		if out, ok := refDecode(src, nil, 1<<20); ok {
			f.Add(src, []byte(nil), uint32(len(out)))
		}
	}
	f.Fuzz(func(t *testing.T, src, dict []byte, dstLen uint32) {
		n := int(dstLen % (1 << 20))
		buf := make([]byte, n+16)
		for i := range buf {
			buf[i] = 0xc3
		}
		dst := buf[:n]
		got, err := Decompress(dst, src, dict)
		for i, b := range buf[n:] {
			if b != 0xc3 {
				t.Fatalf("wrote byte %d past dst", i)
			}
		}
		ref, ok := refDecode(src, dict, n)
		if (err == nil) != ok {
			t.Fatalf("Decompress: n=%d err=%v; reference ok %v", got, err, ok)
		}
		if ok && !bytes.Equal(dst[:got], ref) {
			t.Fatalf("Decompress gave other bytes than the reference decoder")
		}
		o := make([]byte, n)
		on, oerr := oracle(o, src, dict)
		if oerr == nil && (err != nil || on != got || !bytes.Equal(o[:on], dst[:got])) {
			t.Fatalf("pierrec/lz4 decodes %d bytes; Decompress n=%d err=%v", on, got, err)
		}
	})
}

// FuzzRoundTrip compresses arbitrary data (with lz4enc, lz4hc and the
// dictionary encoder of the tests) and decodes it back.
func FuzzRoundTrip(f *testing.F) {
	for _, in := range inputs {
		f.Add(in.gen(3000), uint16(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, dictLen uint16) {
		d := int(dictLen) % (len(data) + 1)
		dict, src := data[:d], data[d:]
		blocks := [][]byte{compressDict(src, dict)}
		for _, e := range encoders {
			blocks = append(blocks, e.enc(data))
		}
		for i, b := range blocks {
			dc, want := dict, src
			if i > 0 {
				dc, want = nil, data
			}
			dst := make([]byte, len(want))
			n, err := Decompress(dst, b, dc)
			if err != nil || n != len(want) || !bytes.Equal(dst, want) {
				t.Fatalf("block %d: n=%d err=%v", i, n, err)
			}
		}
	})
}
