package blosclz

import (
	"bytes"
	"testing"
)

// TestCorpusCompressIdentical re-compresses every stream of the C-written
// chunks (the bytes C-Blosc2 handed to its BloscLZ compressor, recovered by
// decoding) and expects C's exact stream back; streams C stored raw must be
// refused (Compress returns 0).
func TestCorpusCompressIdentical(t *testing.T) {
	var cBytes, ourBytes, same, nraw int
	walkCorpus(t, func(e manifestEntry, w *walkedChunk) {
		if w.codec != 0 || e.Clevel == 0 {
			return
		}
		for _, s := range w.streams {
			in := make([]byte, s.size)
			if _, err := Decompress(in, s.data); err != nil {
				t.Fatal(err)
			}
			out := make([]byte, s.size)
			n := Compress(out, in, e.Clevel)
			cBytes += len(s.data)
			if n == 0 {
				ourBytes += s.size
				t.Errorf("%s block %d stream %d: Compress gave up, C wrote %d of %d bytes",
					e.File, s.block, s.index, len(s.data), s.size)
				continue
			}
			ourBytes += n
			if bytes.Equal(out[:n], s.data) {
				same++
			} else {
				t.Errorf("%s block %d stream %d: output differs from C (%d vs %d bytes)",
					e.File, s.block, s.index, n, len(s.data))
			}
		}
		for _, r := range w.raw {
			nraw++
			out := make([]byte, len(r.data))
			if n := Compress(out, r.data, e.Clevel); n != 0 {
				t.Errorf("%s: C stored a %d-byte stream raw, Compress wrote %d bytes",
					e.File, len(r.data), n)
			}
		}
	})
	t.Logf("identical streams %d; C %d bytes, ours %d bytes; %d raw streams refused", same, cBytes, ourBytes, nraw)
}
