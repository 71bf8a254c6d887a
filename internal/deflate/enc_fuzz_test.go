package deflate

import (
	"bytes"
	stdzlib "compress/zlib"
	"flag"
	"io"
	"os"
	"slices"
	"testing"
)

// FuzzCompressZlib compresses arbitrary input at an arbitrary level and
// decodes it with our decoder and the standard library's. The input is
// the fuzz data grown to size bytes (fuzzInput): long inputs, many blocks
// and far matches from short fuzz inputs, which the fuzzer minimizes
// quickly (its minimizer's time grows as the square of the data's length:
// seeds of a few KiB left it minimizing for a minute per new input, tens
// of inputs a minute; see also TestMain).
func FuzzCompressZlib(f *testing.F) {
	for _, in := range inputs {
		f.Add(in.gen(200), byte(5), uint32(0))
		f.Add(in.gen(300), byte(1), uint32(70000))
	}
	f.Add([]byte{}, byte(0), uint32(0))
	f.Add(bytes.Repeat([]byte("abc"), 100), byte(9), uint32(5000))
	var c Compressor
	var d Decompressor
	var got []byte
	f.Fuzz(func(t *testing.T, data []byte, level byte, size uint32) {
		data = fuzzInput(data, size)
		lv := int(level%11) - 1
		z := c.CompressZlib(nil, data, lv)
		got = slices.Grow(got[:0], len(data))[:len(data)]
		n, err := d.DecompressZlib(got, z)
		if err != nil || n != len(data) || !bytes.Equal(got, data) {
			t.Fatalf("level %d: ours: %v", lv, err)
		}
		r, err := stdzlib.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		g, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(g, data) {
			t.Fatalf("level %d: std: %v", lv, err)
		}
	})
}

// fuzzInput returns data if it is at least size%(1<<17) bytes long, else
// data repeated up to that size, each copy with one byte changed (so that
// the matches have many lengths) and every third copy shifted by a byte
// (so that their distances vary).
func fuzzInput(data []byte, size uint32) []byte {
	n := int(size % (1 << 17))
	if len(data) == 0 || n <= len(data) {
		return data
	}
	out := make([]byte, 0, n)
	for k := 0; len(out) < n; k++ {
		start := len(out)
		out = append(out, data[:min(len(data), n-len(out))]...)
		c := out[start:]
		c[k%len(c)] += byte(k)
		if k%3 == 2 && len(out) < n {
			out = append(out, byte(k))
		}
	}
	return out
}

// TestMain makes -fuzzminimizetime 5s unless the command line sets it:
// the minimizer tries up to the square of an input's length candidates,
// and at the default 60 s per new input the compression fuzzers spent
// most of their time minimizing.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.fuzzminimizetime" })
	if !set {
		flag.Set("test.fuzzminimizetime", "5s")
	}
	os.Exit(m.Run())
}
