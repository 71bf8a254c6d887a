package zstd

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// inputs returns the test inputs: generated data of several kinds and
// sizes, shuffled planes as Blosc writes them.
func inputs(short bool) map[string][]byte {
	in := map[string][]byte{
		"empty":  {},
		"one":    {42},
		"zeros":  make([]byte, 100000),
		"ramp":   testgen.RampNoise(70000),
		"sine":   testgen.Sine(50000),
		"random": testgen.Random(40000, 1),
		"text":   testgen.Text(90000, 2),
		"runs":   testgen.Runs(80000, 3),
		"mixed":  testgen.Mixed(120000, 4),
		"small":  testgen.Text(300, 5),
	}
	in["sine-shuffled"] = testgen.Shuffle(testgen.Sine(65536), 8)
	in["ramp-shuffled"] = testgen.Shuffle(testgen.RampNoise(65536), 4)
	if !short {
		in["mixed-big"] = testgen.Mixed(1<<20+12345, 6)
		in["text-big"] = testgen.Text(600000, 7)
	}
	return in
}

var levels = []kzstd.EncoderLevel{kzstd.SpeedFastest, kzstd.SpeedDefault, kzstd.SpeedBetterCompression, kzstd.SpeedBestCompression}

// encode compresses b with klauspost at level lvl and the options.
func encode(tb testing.TB, b []byte, lvl kzstd.EncoderLevel, opts ...kzstd.EOption) []byte {
	tb.Helper()
	enc, err := kzstd.NewWriter(nil, append([]kzstd.EOption{kzstd.WithEncoderLevel(lvl)}, opts...)...)
	if err != nil {
		tb.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(b, nil)
}

func check(t *testing.T, d *Decoder, name string, frame, want []byte, dict *Dict) {
	t.Helper()
	dst := make([]byte, len(want)+1)
	n, err := d.DecodeDictInto(dst, frame, dict)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !bytes.Equal(dst[:n], want) {
		t.Fatalf("%s: decoded %d bytes, differ from the %d input bytes", name, n, len(want))
	}
}

func TestKlauspostLevels(t *testing.T) {
	var d Decoder
	k := 0
	for name, b := range inputs(testing.Short()) {
		for li, lvl := range levels {
			for _, crc := range []bool{false, true} {
				for oi, opts := range [][]kzstd.EOption{
					{kzstd.WithEncoderCRC(crc)},
					{kzstd.WithEncoderCRC(crc), kzstd.WithSingleSegment(true)},
					{kzstd.WithEncoderCRC(crc), kzstd.WithWindowSize(1 << 10), kzstd.WithNoEntropyCompression(true)},
					{kzstd.WithEncoderCRC(crc), kzstd.WithWindowSize(1 << 14), kzstd.WithAllLitEntropyCompression(true)},
				} {
					k++
					if testing.Short() && (k+li)%5 != 0 && oi != 0 {
						continue // a sample of the combinations
					}
					f := encode(t, b, lvl, opts...)
					check(t, &d, fmt.Sprintf("%s/%v/crc=%v/%d", name, lvl, crc, oi), f, b, nil)
				}
			}
		}
	}
}

func TestConcatenatedAndSkippable(t *testing.T) {
	a, b := testgen.Text(5000, 1), testgen.Mixed(7000, 2)
	skip := []byte{0x5A, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3}
	f := append(encode(t, a, kzstd.SpeedDefault), skip...)
	f = append(f, encode(t, b, kzstd.SpeedBestCompression)...)
	var d Decoder
	check(t, &d, "concat", f, append(append([]byte{}, a...), b...), nil)
}

func TestXXHash(t *testing.T) {
	// Known XXH64 values (seed 0).
	for _, c := range []struct {
		in   string
		want uint64
	}{
		{"", 0xEF46DB3751D8E999},
		{"a", 0xD24EC4F1A98C6E5B},
		{"abc", 0x44BC2CF5AD770999},
		{"Nobody inspects the spammish repetition", 0xFBCEA83C8A378BF1},
	} {
		if got := xxhash64([]byte(c.in)); got != c.want {
			t.Errorf("xxhash64(%q) = %#x, want %#x", c.in, got, c.want)
		}
	}
}

func TestDict(t *testing.T) {
	var samples [][]byte
	for i := 0; i < 200; i++ {
		samples = append(samples, testgen.Text(2000, uint64(i)))
	}
	dictBytes, err := kzstd.BuildDict(kzstd.BuildDictOptions{ID: 1234, Contents: samples, History: bytes.Join(samples[:50], nil)[:64<<10], Offsets: [3]int{1, 4, 8}})
	if err != nil {
		t.Fatal(err)
	}
	dict, err := NewDict(dictBytes)
	if err != nil {
		t.Fatal(err)
	}
	raw := bytes.Join(samples[100:120], nil)
	rawDict, _ := NewDict(raw[:30000])
	var d Decoder
	for _, lvl := range levels {
		for i := 0; i < 5; i++ {
			if testing.Short() && i > 1 {
				break
			}
			b := testgen.Text(3000+i*1000, uint64(1000+i))
			f := encode(t, b, lvl, kzstd.WithEncoderDict(dictBytes))
			check(t, &d, fmt.Sprintf("dict/%v/%d", lvl, i), f, b, dict)
			if _, err := d.DecodeInto(make([]byte, len(b)), f); !errors.Is(err, ErrDict) {
				t.Errorf("frame with a dictionary ID, no dictionary: %v", err)
			}
			f = encode(t, b, lvl, kzstd.WithEncoderDictRaw(0, raw[:30000]))
			check(t, &d, fmt.Sprintf("raw/%v/%d", lvl, i), f, b, rawDict)
		}
	}
}
