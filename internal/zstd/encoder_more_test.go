package zstd

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// TestEncoderDict encodes with a trained (zstd format) dictionary and a
// raw one, and decodes with our decoder, klauspost's and the zstd tool.
func TestEncoderDict(t *testing.T) {
	trainedBytes, err := os.ReadFile(filepath.Join("testdata", "golden", "trained.dict"))
	if err != nil {
		t.Fatal(err)
	}
	trained, err := NewDict(trainedBytes)
	if err != nil {
		t.Fatal(err)
	}
	rawBytes := testgen.Text(8000, 4242)
	raw, _ := NewDict(rawBytes)
	in := dictInput()
	var d Decoder
	for _, c := range []struct {
		name  string
		dict  *Dict
		bytes []byte
	}{{"trained", trained, trainedBytes}, {"raw", raw, rawBytes}} {
		for _, lvl := range encLevels {
			e := NewEncoder(lvl)
			e.SetDict(c.dict)
			f := e.EncodeAll(nil, in)
			id := fmt.Sprintf("%s/l%d", c.name, lvl)
			check(t, &d, id, f, in, c.dict)
			plain := NewEncoder(lvl).EncodeAll(nil, in)
			if len(f) >= len(plain) {
				t.Errorf("%s: %d bytes with the dictionary, %d without", id, len(f), len(plain))
			}
			h, err := ReadFrameHeader(f)
			if err != nil || h.DictID != c.dict.ID() {
				t.Errorf("%s: header %+v, %v: want dictionary ID %d", id, h, err, c.dict.ID())
			}
			var kd *kzstd.Decoder
			if c.dict.ID() != 0 {
				kd, err = kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1), kzstd.WithDecoderDicts(c.bytes))
			} else {
				kd, err = kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1), kzstd.WithDecoderDictRaw(0, c.bytes))
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := kd.DecodeAll(f, nil)
			kd.Close()
			if err != nil || !bytes.Equal(got, in) {
				t.Errorf("%s: klauspost: %v", id, err)
			}
		}
	}
	tool := peertest.Command(t, "zstd", "zstd")
	dir := t.TempDir()
	for name, b := range map[string][]byte{"trained": trainedBytes, "raw": rawBytes} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		dict, _ := NewDict(b)
		for _, lvl := range []int{1, 12, 15, 19, 22} { // fast, btopt, btultra, btultra2
			e := NewEncoder(lvl)
			e.SetDict(dict)
			cmd := exec.Command(tool, "-q", "-d", "-c", "-D", p)
			cmd.Stdin = bytes.NewReader(e.EncodeAll(nil, in))
			if got := peertest.Output(t, "zstd -d -D "+name, cmd); !bytes.Equal(got, in) {
				t.Errorf("%s/l%d: zstd -d gives different bytes", name, lvl)
			}
		}
	}
}

// TestEncoderAllocs checks that a warm Encoder does not allocate when dst
// has room.
func TestEncoderAllocs(t *testing.T) {
	src := testgen.Shuffle(testgen.Sine(1<<16), 8)
	for _, lvl := range encLevels {
		e := NewEncoder(lvl)
		dst := make([]byte, 0, 2*len(src))
		e.EncodeAll(dst, src)
		if a := testing.AllocsPerRun(10, func() { e.EncodeAll(dst, src) }); a != 0 {
			t.Errorf("level %d: %v allocations per call", lvl, a)
		}
	}
}

// FuzzEncoder compresses data at the level from flags, with or without a
// dictionary, with Encoders reused from input to input, and checks that
// our decoder and klauspost's restore it.
func FuzzEncoder(f *testing.F) {
	fuzzSeeds(f, false)
	// btlazy2 (levels 9 and 10 up to 16 KB, 11 above): plain, with
	// repetitions far apart, with a dictionary.
	for i, lvl := range encLevels {
		if paramsFor(lvl, 4000).strat != stratBtlazy2 && paramsFor(lvl, 40000).strat != stratBtlazy2 {
			continue
		}
		for k, extra := range []uint8{0, 8, 16} {
			flags := -1
			for c := 0; c < 256 && flags < 0; c++ {
				if c%len(encLevels) == i && uint8(c)&24 == extra {
					flags = c
				}
			}
			if flags < 0 {
				continue
			}
			f.Add(testgen.Mixed(4000+k*9000, uint64(lvl)), uint8(flags), uint32(lvl*k))
			f.Add(testgen.Shuffle(testgen.RampNoise(8192), 4), uint8(flags), uint32(k))
		}
	}
	kd, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1))
	if err != nil {
		f.Fatal(err)
	}
	var d Decoder
	encs := map[int]*Encoder{}
	f.Fuzz(func(t *testing.T, data []byte, flags uint8, seed uint32) {
		lvl := encLevels[int(flags)%len(encLevels)]
		if flags&8 != 0 {
			data = append(data, data...) // repetitions far apart
		}
		e := encs[lvl]
		if e == nil {
			e = NewEncoder(lvl)
			encs[lvl] = e
		}
		// flags&16: a raw dictionary of the input's first half, with
		// every other byte changed (matches into it, and near misses).
		var dict *Dict
		var dictBytes []byte
		if flags&16 != 0 && len(data) > 1 {
			dictBytes = append([]byte(nil), data[:len(data)/2]...)
			for i := 0; i < len(dictBytes); i += 2 {
				dictBytes[i] ^= byte(seed)
			}
			dict = NewRawDict(0, dictBytes)
		}
		e.SetDict(dict)
		fr := e.EncodeAll(nil, data)
		dst := make([]byte, len(data)+1)
		n, err := d.DecodeDictInto(dst, fr, dict)
		if err != nil || !bytes.Equal(dst[:n], data) {
			t.Fatalf("our decoder: %v", err)
		}
		var got []byte
		if dict != nil {
			kdd, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1), kzstd.WithDecoderDictRaw(0, dictBytes))
			if err != nil {
				t.Fatal(err)
			}
			got, err = kdd.DecodeAll(fr, nil)
			kdd.Close()
			if !klauspostShortNCount(err) && (err != nil || !bytes.Equal(got, data)) {
				t.Fatalf("klauspost with the dictionary: %v", err)
			}
		} else if got, err = kd.DecodeAll(fr, nil); !klauspostShortNCount(err) && (err != nil || !bytes.Equal(got, data)) {
			t.Fatalf("klauspost: %v", err)
		}
		if max := len(data) + len(data)>>7 + 32; len(fr) > max {
			t.Fatalf("%d bytes into %d", len(data), len(fr))
		}
	})
}

// klauspostShortNCount reports whether err is klauspost/compress's refusal
// of an FSE table description with fewer than 4 bytes left in the block
// (its readNCount reads 4 bytes at once; the format allows shorter ones at
// the end of the input, and zstd's own decoder reads them: see
// TestEncoderShortNCountCLI). Our decoder has round-tripped the frame
// before this is asked.
func klauspostShortNCount(err error) bool {
	return err != nil && err.Error() == "input too small"
}

// TestEncoderShortNCountCLI is the input FuzzEncoder found
// (testdata/fuzz/FuzzEncoder/d8086d5d8b2d7a0b): at level 16 with a raw
// dictionary our frame ends a block on an FSE table description shorter
// than 4 bytes, which klauspost/compress refuses; zstd's command line tool
// decodes it, at every level.
func TestEncoderShortNCountCLI(t *testing.T) {
	data := []byte("3333444455556666777788889999::::;;;;<<<<====>>>>0000AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHHIIIII00001")
	dictBytes := append([]byte(nil), data[:len(data)/2]...)
	for i := 0; i < len(dictBytes); i += 2 {
		dictBytes[i] ^= byte(23979 & 0xff) // the fuzzer's seed
	}
	tool := peertest.Command(t, "zstd", "zstd")
	p := filepath.Join(t.TempDir(), "dict")
	if err := os.WriteFile(p, dictBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	var d Decoder
	for _, lvl := range encLevels {
		dict := NewRawDict(0, dictBytes)
		e := NewEncoder(lvl)
		e.SetDict(dict)
		fr := e.EncodeAll(nil, data)
		check(t, &d, fmt.Sprintf("l%d", lvl), fr, data, dict)
		cmd := exec.Command(tool, "-q", "-d", "-c", "-D", p)
		cmd.Stdin = bytes.NewReader(fr)
		if got := peertest.Output(t, "zstd -d -D", cmd); !bytes.Equal(got, data) {
			t.Errorf("l%d: zstd -d gives different bytes", lvl)
		}
	}
}
