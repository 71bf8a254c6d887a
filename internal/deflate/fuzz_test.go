package deflate

import (
	"bytes"
	stdflate "compress/flate"
	stdzlib "compress/zlib"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedStreams returns raw deflate streams of the test inputs (from the
// tests' encoders and ours) and the zlib streams found in the corpus
// chunks of testdata (C-Blosc2's zlib-ng output: every offset where a
// valid zlib header starts a stream).
func seedStreams(tb testing.TB) (raw, zlib [][]byte) {
	var c Compressor
	for _, in := range inputs {
		data := in.gen(2000)
		for _, e := range encoders {
			raw = append(raw, e.enc(data))
		}
		for _, level := range []int{1, 3, 5, 9} {
			raw = append(raw, c.Compress(nil, data, level))
		}
	}
	files, _ := filepath.Glob("../../testdata/chunks/*zlib*")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for i := 0; i+2 < len(b) && len(zlib) < 400; i++ {
			if b[i] == 0x78 && (uint16(b[i])<<8|uint16(b[i+1]))%31 == 0 && b[i+1]&0x20 == 0 {
				zlib = append(zlib, b[i:])
				raw = append(raw, b[i+2:])
			}
		}
	}
	return raw, zlib
}

// stdDecode decodes src with the standard library: the output and
// whether the stream is valid and at most limit bytes long.
func stdDecode(src []byte, limit int) ([]byte, bool, bool) {
	r := stdflate.NewReader(bytes.NewReader(src))
	out, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, false, false
	}
	if len(out) > limit {
		return nil, true, false // valid so far, but longer than dst
	}
	return out, true, true
}

// FuzzDecompress decodes arbitrary raw deflate streams into a dst of
// arbitrary length and compares with the standard library's compress/flate:
// the same bytes whenever it succeeds (except for the incomplete precodes
// it accepts and zlib refuses), an error whenever it fails or the output
// does not fit, never a write past dst; and the assembly fast loop, where
// there is one, gives what the Go loop gives.
func FuzzDecompress(f *testing.F) {
	raw, _ := seedStreams(f)
	for _, s := range raw {
		f.Add(s, uint32(3000))
	}
	var d Decompressor
	f.Fuzz(func(t *testing.T, src []byte, dstLen uint32) {
		n := int(dstLen % (1 << 18))
		buf := make([]byte, n+300)
		for i := range buf {
			buf[i] = 0xc3
		}
		dst := buf[:n:n]
		got, end, err := d.Decompress(dst, src)
		for i, b := range buf[n:] {
			if b != 0xc3 {
				t.Fatalf("wrote byte %d past dst", i)
			}
		}
		if useBMI2 {
			// The Go fast loop gives the same result as the assembly.
			g := decodeWith(false, src, n)
			var es string
			if err != nil {
				es = err.Error()
			}
			if g.n != got || g.end != end || g.err != es || !bytes.Equal(g.out, dst[:got]) {
				t.Fatalf("assembly n %d end %d err %q; Go loop n %d end %d err %q", got, end, es, g.n, g.end, g.err)
			}
		}
		want, valid, fits := stdDecode(src, n)
		switch {
		case err == nil && !(valid && fits):
			t.Fatalf("decoded %d bytes; compress/flate: valid %v, fits %v", got, valid, fits)
		case err == nil && (got != len(want) || !bytes.Equal(dst[:got], want)):
			t.Fatalf("decoded %d bytes, compress/flate %d, or other bytes", got, len(want))
		case err == nil && end > len(src):
			t.Fatalf("end %d past the input (%d)", end, len(src))
		case err != nil && valid && fits && !strings.Contains(err.Error(), "code length code: "+errIncomplete):
			t.Fatalf("error %v; compress/flate decodes %d bytes", err, len(want))
		}
	})
}

// FuzzDecompressZlib does the same with zlib framing, against the standard
// library's compress/zlib (which also checks the Adler-32).
func FuzzDecompressZlib(f *testing.F) {
	_, zl := seedStreams(f)
	for _, s := range zl {
		f.Add(s, uint32(60000))
	}
	var d Decompressor
	f.Fuzz(func(t *testing.T, src []byte, dstLen uint32) {
		n := int(dstLen % (1 << 18))
		buf := make([]byte, n+300)
		dst := buf[:n:n]
		got, err := d.DecompressZlib(dst, src)
		var want []byte
		ok := false
		if r, zerr := stdzlib.NewReader(bytes.NewReader(src)); zerr == nil {
			out, rerr := io.ReadAll(io.LimitReader(r, int64(n)+1))
			want, ok = out, rerr == nil && len(out) <= n
		}
		if err == nil && (!ok || !bytes.Equal(dst[:got], want)) {
			t.Fatalf("decoded %d bytes; compress/zlib ok %v with %d bytes", got, ok, len(want))
		}
		if err != nil && ok && !strings.Contains(err.Error(), "code length code: "+errIncomplete) {
			t.Fatalf("error %v; compress/zlib decodes %d bytes", err, len(want))
		}
	})
}

// FuzzRoundTrip compresses arbitrary data (grown to size bytes, see
// fuzzInput) with every encoder of the tests and decodes it back exactly.
func FuzzRoundTrip(f *testing.F) {
	for _, in := range inputs {
		f.Add(in.gen(200), uint32(0))
		f.Add(in.gen(300), uint32(40000))
	}
	var d Decompressor
	f.Fuzz(func(t *testing.T, data []byte, size uint32) {
		data = fuzzInput(data, size)
		for _, e := range encoders {
			comp := e.enc(data)
			dst := make([]byte, len(data))
			n, end, err := d.Decompress(dst, comp)
			if err != nil || n != len(data) || end != len(comp) || !bytes.Equal(dst, data) {
				t.Fatalf("%s: n=%d end=%d/%d err=%v", e.name, n, end, len(comp), err)
			}
		}
	})
}
