package deflate

import (
	"bytes"
	stdzlib "compress/zlib"
	"fmt"
	"io"
	"testing"

	kzlib "github.com/klauspost/compress/zlib"
)

// checkZlib decodes z with our decoder, the standard library's and
// klauspost's and compares with want.
func checkZlib(t *testing.T, name string, z, want []byte) {
	t.Helper()
	var d Decompressor
	got := make([]byte, len(want)+1)
	n, err := d.DecompressZlib(got, z)
	if err != nil || n != len(want) || !bytes.Equal(got[:n], want) {
		t.Fatalf("%s: ours: n=%d/%d err=%v", name, n, len(want), err)
	}
	r, err := stdzlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatalf("%s: std: %v", name, err)
	}
	g, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(g, want) {
		t.Fatalf("%s: std: %v", name, err)
	}
	kr, err := kzlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatalf("%s: klauspost: %v", name, err)
	}
	g, err = io.ReadAll(kr)
	if err != nil || !bytes.Equal(g, want) {
		t.Fatalf("%s: klauspost: %v", name, err)
	}
}

func TestCompressZlibRoundTrip(t *testing.T) {
	var c Compressor
	for _, in := range inputs {
		for _, size := range []int{0, 1, 2, 3, 4, 100, 258, 259, 4096, 65535, 65536, 70000, 1 << 20} {
			data := in.gen(size)
			for _, level := range []int{-1, 0, 1, 3, 4, 5, 6, 9} {
				if testing.Short() && (size == 1<<20 || level == 3 || level == 4 || level == 6) {
					continue
				}
				name := fmt.Sprintf("%s/%d/L%d", in.name, size, level)
				z := c.CompressZlib(nil, data, level)
				checkZlib(t, name, z, data)
			}
		}
	}
}

func TestCompressSizes(t *testing.T) {
	var c Compressor
	for _, in := range inputs {
		data := in.gen(1 << 18)
		z := c.CompressZlib(nil, data, 5)
		var kb bytes.Buffer
		kw, _ := kzlib.NewWriterLevel(&kb, 7)
		kw.Write(data)
		kw.Close()
		var sb bytes.Buffer
		sw, _ := stdzlib.NewWriterLevel(&sb, 5)
		sw.Write(data)
		sw.Close()
		t.Logf("%-10s ours %7d  klauspost7 %7d  std5 %7d", in.name, len(z), kb.Len(), sb.Len())
	}
}

// TestCompressEdgeCases compresses the inputs where block and stored
// limits fall: empty, one byte, runs of the longest match and one more,
// lengths around a block of tokens and a stored block, at every level.
func TestCompressEdgeCases(t *testing.T) {
	var c Compressor
	rnd := inputs[1].gen(200000)
	cases := map[string][]byte{
		"empty":    {},
		"one":      {42},
		"two":      {1, 2},
		"run258":   bytes.Repeat([]byte{7}, 258),
		"run259":   bytes.Repeat([]byte{7}, 259),
		"run261":   bytes.Repeat([]byte{7}, 261),
		"const":    bytes.Repeat([]byte{0xaa}, 300000),
		"pairs":    bytes.Repeat([]byte{1, 2}, 5000),
		"three":    bytes.Repeat([]byte("abc"), 3000),
		"rnd65535": rnd[:65535],
		"rnd65536": rnd[:65536],
		"rnd200k":  rnd,
	}
	for _, d := range []int{-2, -1, 0, 1, 2} {
		cases[fmt.Sprintf("rndBlock%+d", d)] = rnd[:blockTokens+d]
		cases[fmt.Sprintf("rnd2Blocks%+d", d)] = rnd[:2*blockTokens+d]
	}
	// 3-byte matches at distances around tooFar.
	near := append([]byte(nil), rnd[:3*tooFar]...)
	for _, d := range []int{tooFar - 1, tooFar, tooFar + 1} {
		copy(near[2*tooFar:], near[2*tooFar-d:2*tooFar-d+3])
	}
	cases["tooFar"] = near
	for name, data := range cases {
		for level := 0; level <= 9; level++ {
			if testing.Short() && level != 0 && level != 1 && level != 5 && level != 9 {
				continue
			}
			z := c.CompressZlib(nil, data, level)
			checkZlib(t, fmt.Sprintf("%s/L%d", name, level), z, data)
		}
	}
}

// TestCompressStoredBound: incompressible input costs at most the stored
// blocks' overhead.
func TestCompressStoredBound(t *testing.T) {
	data := inputs[1].gen(1 << 20)
	for _, level := range []int{0, 1, 5, 9} {
		z := CompressZlib(nil, data, level)
		if len(z) > maxCompressed(len(data))+6 || len(z) > len(data)+len(data)/1000+64 {
			t.Errorf("level %d: %d bytes for %d random bytes", level, len(z), len(data))
		}
	}
}

// TestCompressorReuse: a Compressor that compressed other inputs gives the
// bytes a new one gives.
func TestCompressorReuse(t *testing.T) {
	var c Compressor
	for _, in := range inputs {
		for _, size := range []int{100000, 3000, 1 << 18} {
			if testing.Short() && size > 100000 {
				continue
			}
			data := in.gen(size)
			want := CompressZlib(nil, data, 5)
			if got := c.CompressZlib(nil, data, 5); !bytes.Equal(got, want) {
				t.Fatalf("%s/%d: reused Compressor differs", in.name, size)
			}
		}
	}
}

// TestCompressAllocs: with a reused Compressor and destination,
// compressing allocates nothing.
func TestCompressAllocs(t *testing.T) {
	data := inputs[3].gen(1 << 18)
	var c Compressor
	dst := c.CompressZlib(nil, data, 5)
	if n := testing.AllocsPerRun(5, func() { dst = c.CompressZlib(dst[:0], data, 5) }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}

// TestHuffmanLimit builds codes for frequencies whose Huffman code is
// deeper than the limit (Fibonacci weights) and checks that the lengths
// respect the limit and form a complete prefix code.
func TestHuffmanLimit(t *testing.T) {
	var hb huffBuilder
	var code encCode
	for _, tc := range []struct{ n, limit int }{{maxLitSyms, 15}, {maxDistSyms, 15}, {maxCLSyms, 7}, {40, 7}, {2, 15}} {
		for _, shape := range []string{"fib", "one", "flat", "zeros"} {
			freq := make([]uint32, tc.n)
			a, b := uint32(1), uint32(1)
			for i := range freq {
				switch shape {
				case "fib":
					freq[i] = a
					a, b = b, min(a+b, 1<<30)
				case "one":
					if i == tc.n/2 {
						freq[i] = 1000
					}
				case "flat":
					freq[i] = 7
				}
			}
			hb.build(&code, freq, tc.limit)
			kraft, used := 0, 0
			for s := 0; s < tc.n; s++ {
				l := int(code.lens[s])
				if l > tc.limit {
					t.Fatalf("%v/%s: symbol %d length %d", tc, shape, s, l)
				}
				if freq[s] != 0 && l == 0 {
					t.Fatalf("%v/%s: used symbol %d has no code", tc, shape, s)
				}
				if l != 0 {
					kraft += 1 << (tc.limit - l)
					used++
				}
			}
			if kraft != 1<<tc.limit || used < 2 {
				t.Fatalf("%v/%s: Kraft sum %d/%d with %d codes", tc, shape, kraft, 1<<tc.limit, used)
			}
		}
	}
}
