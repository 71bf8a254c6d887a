package blosclz

import (
	"bytes"
	"testing"
)

// addCorpusSeeds adds the BloscLZ streams of the testdata chunks to f.
func addCorpusSeeds(f *testing.F, add func(data []byte, size int)) {
	for _, e := range blosclzChunks(f) {
		w, err := walkFile(e)
		if err != nil || w == nil {
			continue
		}
		for i, s := range w.streams {
			if i%4 == 0 { // a sample is enough
				add(s.data, s.size)
			}
		}
	}
}

// FuzzDecompress checks that Decompress never panics, never claims to
// write more than dst holds, and reports failures as ErrCorrupt.
func FuzzDecompress(f *testing.F) {
	addCorpusSeeds(f, func(data []byte, size int) { f.Add(data, uint32(size)) })
	f.Add([]byte{0x20, 'a', 7 << 5, 255, 255, 255, 0, 0, 'b'}, uint32(100))
	f.Add([]byte{0x21, 'a', 'b', 1 << 5, 1, 0, 'z'}, uint32(6))
	f.Fuzz(func(t *testing.T, src []byte, size uint32) {
		dst := make([]byte, size%(1<<20))
		n, err := Decompress(dst, src)
		if err == nil && n != len(dst) {
			t.Fatalf("success with %d of %d bytes", n, len(dst))
		}
		if n < 0 || n > len(dst) {
			t.Fatalf("n = %d out of range", n)
		}
	})
}

// FuzzRoundTrip checks that Compress agrees with the literal model of
// C-Blosc2's compressor and that whatever it writes decodes to its input, at
// every level and for capacities up to the input size.
func FuzzRoundTrip(f *testing.F) {
	addCorpusSeeds(f, func(data []byte, size int) {
		in := make([]byte, size)
		if _, err := Decompress(in, data); err == nil && len(in) <= 1<<16 {
			f.Add(in, uint8(5), uint16(0))
		}
	})
	f.Add(bytes.Repeat([]byte("abcdefgh"), 100), uint8(1), uint16(0))
	f.Add(make([]byte, 1000), uint8(9), uint16(900))
	f.Fuzz(func(t *testing.T, src []byte, level uint8, shrink uint16) {
		clevel := int(level%10) + 1 // includes 10, which acts as 9
		dst := make([]byte, max(0, len(src)-int(shrink)))
		n := Compress(dst, src, clevel)
		ref := make([]byte, len(dst))
		if nr := refCompress(ref, src, clevel); nr != n || !bytes.Equal(ref[:nr], dst[:n]) {
			t.Fatalf("clevel %d: Compress wrote %d bytes, the C model %d (or different bytes)", clevel, n, nr)
		}
		if n == 0 {
			return
		}
		if n >= len(src) || n > len(dst) {
			t.Fatalf("Compress wrote %d bytes for %d input, %d capacity", n, len(src), len(dst))
		}
		out := make([]byte, len(src))
		if _, err := Decompress(out, dst[:n]); err != nil {
			t.Fatalf("clevel %d: %v", clevel, err)
		}
		if !bytes.Equal(out, src) {
			t.Fatalf("clevel %d: round trip mismatch", clevel)
		}
	})
}
