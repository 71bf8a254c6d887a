package blosc

import (
	"bytes"
	"testing"
)

// fuzzSeeds adds the small corpus chunks and a few built ones.
func fuzzSeeds(f *testing.F, add func(chunk []byte)) {
	for _, c := range loadCorpus(f) {
		if len(c.data) <= 64<<10 {
			add(c.data)
		}
	}
	for _, c := range builtCases() {
		if len(c.data) <= 64<<10 {
			add(buildChunk(f, c.data, c.opts))
		}
	}
}

// fuzzDecoder limits the decoded size so that the fuzzer explores
// structure, not allocation.
func fuzzDecoder(t testing.TB) *Decoder {
	d, err := NewDecoder(WithWorkers(2), WithMaxDecodedSize(4<<20))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func FuzzDecompress(f *testing.F) {
	fuzzSeeds(f, func(c []byte) { f.Add(c) })
	d := fuzzDecoder(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := d.Decompress(nil, src)
		if err != nil {
			return
		}
		h, herr := ReadHeader(src)
		if herr != nil {
			t.Fatalf("decoded but ReadHeader fails: %v", herr)
		}
		if len(out) != int(h.Nbytes) {
			t.Fatalf("decoded %d bytes, nbytes %d", len(out), h.Nbytes)
		}
		dst := make([]byte, len(out))
		if n, err := d.DecompressInto(dst, src); err != nil || n != len(out) || !bytes.Equal(dst, out) {
			t.Fatalf("DecompressInto disagrees: %d, %v", n, err)
		}
	})
}

func FuzzReadHeader(f *testing.F) {
	fuzzSeeds(f, func(c []byte) { f.Add(c[:min(len(c), 48)]) })
	f.Fuzz(func(t *testing.T, src []byte) {
		h, err := ReadHeader(src)
		if err != nil {
			return
		}
		if h.HeaderLen() > len(src) || h.Cbytes < int32(h.HeaderLen()) || h.Nbytes < 0 || h.Typesize == 0 {
			t.Fatalf("accepted an inconsistent header: %+v", h)
		}
		_ = h.String()
		if !h.VLBlocks() && h.Nbytes > 0 && h.NBlocks() < 1 {
			t.Fatalf("no blocks for %d bytes", h.Nbytes)
		}
	})
}

func FuzzDecompressRange(f *testing.F) {
	fuzzSeeds(f, func(c []byte) {
		h, _ := ReadHeader(c)
		f.Add(c, uint32(h.Nbytes/3), uint32(h.Nbytes/2))
	})
	d := fuzzDecoder(f)
	f.Fuzz(func(t *testing.T, src []byte, off, n uint32) {
		part, err := d.DecompressRange(nil, src, int(off), int(n))
		if err != nil {
			return
		}
		full, err := d.Decompress(nil, src)
		if err != nil {
			// A range may be decodable when other blocks are not.
			return
		}
		h, _ := ReadHeader(src)
		if h.Special() == SpecialUninit {
			return
		}
		if !bytes.Equal(part, full[off:int(off)+int(n)]) {
			t.Fatalf("range [%d, +%d) differs from the full decode", off, n)
		}
	})
}

func FuzzDecompressLazy(f *testing.F) {
	fuzzSeeds(f, func(c []byte) {
		if h, err := ReadHeader(c); err == nil && h.Extended && h.Special() == SpecialNone {
			f.Add(makeLazy(f, c), c)
		}
	})
	d := fuzzDecoder(f)
	f.Fuzz(func(t *testing.T, lazy, chunk []byte) {
		out, err := d.DecompressLazy(nil, lazy, bytes.NewReader(chunk))
		if err != nil {
			return
		}
		h, _ := ReadHeader(lazy)
		if len(out) != int(h.Nbytes) {
			t.Fatalf("decoded %d bytes, nbytes %d", len(out), h.Nbytes)
		}
		if h.Nbytes > 0 {
			part, err := d.DecompressLazyRange(nil, lazy, bytes.NewReader(chunk), int(h.Nbytes)-1, 1)
			if err != nil || part[0] != out[len(out)-1] {
				t.Fatalf("last byte: %v", err)
			}
		}
	})
}
