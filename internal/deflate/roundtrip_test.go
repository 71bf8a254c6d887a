package deflate

import (
	"bytes"
	stdflate "compress/flate"
	stdzlib "compress/zlib"
	"encoding/binary"
	"math"
	"math/rand"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// inputs are the data shapes the tests compress: Blosc-like (shuffled
// floats and ramps), text-like, random, runs.
var inputs = []struct {
	name string
	gen  func(n int) []byte
}{
	{"zeros", func(n int) []byte { return make([]byte, n) }},
	{"random", func(n int) []byte {
		b := make([]byte, n)
		rand.New(rand.NewSource(1)).Read(b)
		return b
	}},
	{"f64smooth", func(n int) []byte {
		b := make([]byte, n)
		for i := 0; i+8 <= n; i += 8 {
			binary.LittleEndian.PutUint64(b[i:], math.Float64bits(math.Sin(float64(i)/800)))
		}
		return b
	}},
	{"ramp", func(n int) []byte {
		b := make([]byte, n)
		r := rand.New(rand.NewSource(2))
		for i := 0; i+4 <= n; i += 4 {
			binary.LittleEndian.PutUint32(b[i:], uint32(i/4+r.Intn(16)))
		}
		return b
	}},
	{"text", func(n int) []byte {
		words := []string{"blosc", "deflate", "huffman", "the ", "a ", "zlib", "\n", "chunk", "frame", "of "}
		r := rand.New(rand.NewSource(3))
		var b []byte
		for len(b) < n {
			b = append(b, words[r.Intn(len(words))]...)
		}
		return b[:n]
	}},
	{"periods", func(n int) []byte {
		b := make([]byte, n)
		r := rand.New(rand.NewSource(4))
		for i := 0; i < n; {
			p := 1 + r.Intn(9)
			run := r.Intn(400)
			for j := 0; j < run && i < n; j++ {
				if j < p {
					b[i] = byte(r.Intn(256))
				} else {
					b[i] = b[i-p]
				}
				i++
			}
		}
		return b
	}},
}

// encoders produce raw deflate streams of every block type.
var encoders = []struct {
	name string
	enc  func([]byte) []byte
}{
	{"std0", stdEnc(0)}, {"std1", stdEnc(1)}, {"std6", stdEnc(6)}, {"std9", stdEnc(9)},
	{"stdHuffOnly", stdEnc(stdflate.HuffmanOnly)},
	{"k1", kEnc(1)}, {"k5", kEnc(5)}, {"k9", kEnc(9)}, {"kHuffOnly", kEnc(kflate.HuffmanOnly)},
	{"fixed", fixedEnc},
}

// stdEnc and kEnc return encoders that reuse one writer (the tests run
// them from one goroutine at a time).
func stdEnc(level int) func([]byte) []byte {
	var w *stdflate.Writer
	return func(p []byte) []byte {
		var b bytes.Buffer
		if w == nil {
			w, _ = stdflate.NewWriter(&b, level)
		} else {
			w.Reset(&b)
		}
		w.Write(p)
		w.Close()
		return b.Bytes()
	}
}

func kEnc(level int) func([]byte) []byte {
	var w *kflate.Writer
	return func(p []byte) []byte {
		var b bytes.Buffer
		if w == nil {
			w, _ = kflate.NewWriter(&b, level)
		} else {
			w.Reset(&b)
		}
		w.Write(p)
		w.Close()
		return b.Bytes()
	}
}

func TestRoundTrip(t *testing.T) {
	var d Decompressor
	sizes := []int{0, 1, 7, 100, 300, 4000, 70000, 300000}
	if testing.Short() {
		sizes = sizes[:6]
	}
	for _, in := range inputs {
		for _, n := range sizes {
			data := in.gen(n)
			for _, e := range encoders {
				comp := e.enc(data)
				dst := make([]byte, n)
				got, end, err := d.Decompress(dst, comp)
				if err != nil || got != n || end != len(comp) || !bytes.Equal(dst, data) {
					t.Fatalf("%s n=%d %s: got %d end %d/%d err %v equal %v", in.name, n, e.name, got, end, len(comp), err, bytes.Equal(dst, data))
				}
				// zlib framing
				var zb bytes.Buffer
				zw, _ := stdzlib.NewWriterLevel(&zb, 6)
				zw.Write(data)
				zw.Close()
				got, err = d.DecompressZlib(dst, zb.Bytes())
				if err != nil || got != n || !bytes.Equal(dst, data) {
					t.Fatalf("zlib %s n=%d: %d %v", in.name, n, got, err)
				}
			}
		}
	}
}
