package zstd

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// fuzzDict is a zstd-format dictionary built by klauspost for the fuzz
// targets, with its parsed form.
var fuzzDict struct {
	once   sync.Once
	bytes  []byte
	parsed *Dict
	err    error
}

func loadFuzzDict() ([]byte, *Dict, error) {
	fuzzDict.once.Do(func() {
		var samples [][]byte
		for i := 0; i < 64; i++ {
			samples = append(samples, testgen.Mixed(1500, uint64(i)))
		}
		hist := bytes.Join(samples, nil)[:32<<10]
		fuzzDict.bytes, fuzzDict.err = kzstd.BuildDict(kzstd.BuildDictOptions{ID: 77, Contents: samples, History: hist, Offsets: [3]int{1, 4, 8}})
		if fuzzDict.err == nil {
			fuzzDict.parsed, fuzzDict.err = NewDict(fuzzDict.bytes)
		}
	})
	return fuzzDict.bytes, fuzzDict.parsed, fuzzDict.err
}

// fuzzSeeds adds the golden frames and small generated inputs.
func fuzzSeeds(f *testing.F, frames bool) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.zst"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && frames {
			f.Add(b, uint8(0), uint32(0))
		}
	}
	for i, b := range [][]byte{testgen.Text(3000, 1), testgen.Mixed(5000, 2), testgen.Runs(4000, 3), testgen.Shuffle(testgen.Sine(4096), 8), testgen.Random(500, 4), {}} {
		if frames {
			enc, _ := kzstd.NewWriter(nil, kzstd.WithEncoderLevel(levels[i%4]))
			f.Add(enc.EncodeAll(b, nil), uint8(0), uint32(0))
			enc.Close()
		} else {
			f.Add(b, uint8(i), uint32(i*7919))
		}
	}
}

// FuzzDifferential compresses data with klauspost (level, checksum, window,
// entropy and dictionary options from flags; the Huffman loops from its
// top bits), checks that our decoder
// restores it, then mutates the frame (bits from mut) and checks that our
// decoder does not panic and, where both decoders succeed, agrees with
// klauspost's.
//
//	go test -run '^$' -fuzz FuzzDifferential -parallel 1 ./internal/zstd
func FuzzDifferential(f *testing.F) {
	fuzzSeeds(f, false)
	dictBytes, dict, err := loadFuzzDict()
	if err != nil {
		f.Fatal(err)
	}
	var encs [64]*kzstd.Encoder
	kdec, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1), kzstd.WithDecodeAllCapLimit(true))
	if err != nil {
		f.Fatal(err)
	}
	kdecDict, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1), kzstd.WithDecodeAllCapLimit(true), kzstd.WithDecoderDicts(dictBytes))
	if err != nil {
		f.Fatal(err)
	}
	var d Decoder
	modes := hufModes()
	f.Fuzz(func(t *testing.T, data []byte, flags uint8, mut uint32) {
		if len(data) > 1<<18 {
			return
		}
		// The top bits of flags pick the Huffman loops: the package's
		// choice (assembly where the CPU has it), or a mode of hufModes
		// (forced single- or double-symbol table, Go or assembly loop).
		if m := int(flags >> 6); m > 0 {
			hm := modes[(m*7+int(mut>>24))%len(modes)]
			force, asm := hufForce, useHufAsm
			defer func() { hufForce, useHufAsm = force, asm }()
			hufForce, useHufAsm = hm.force, hm.asm
		}
		flags &= 63
		if encs[flags] == nil {
			opts := []kzstd.EOption{kzstd.WithEncoderLevel(levels[flags&3]), kzstd.WithEncoderConcurrency(1),
				kzstd.WithEncoderCRC(flags&4 != 0), kzstd.WithNoEntropyCompression(flags&8 != 0)}
			if flags&16 != 0 {
				opts = append(opts, kzstd.WithEncoderDict(dictBytes))
			}
			if flags&32 != 0 {
				opts = append(opts, kzstd.WithWindowSize(1<<10))
			}
			e, err := kzstd.NewWriter(nil, opts...)
			if err != nil {
				t.Fatal(err)
			}
			encs[flags] = e
		}
		frame := encs[flags].EncodeAll(data, nil)
		var dd *Dict
		kd := kdec
		if flags&16 != 0 {
			dd, kd = dict, kdecDict
		}
		dst := make([]byte, len(data)+64)
		n, err := d.DecodeDictInto(dst, frame, dd)
		if err != nil || !bytes.Equal(dst[:n], data) {
			t.Fatalf("flags %d: %d bytes, %v; want the %d input bytes", flags, n, err, len(data))
		}
		if mut == 0 || len(frame) == 0 {
			return
		}
		// Flip up to 4 bits, at positions from mut, near the start half
		// of the time (headers).
		m := append([]byte(nil), frame...)
		for k := 0; k < 4 && mut != 0; k++ {
			pos := int(mut>>3) % len(m)
			if mut&(1<<20) != 0 {
				pos %= min(len(m), 32)
			}
			m[pos] ^= 1 << (mut & 7)
			mut = mut*0x9E3779B1 + 1>>(k*8)
			if k == 0 && flags&1 != 0 {
				break
			}
		}
		got := make([]byte, len(data)+64)
		gn, gerr := d.DecodeDictInto(got, m, dd)
		want, kerr := kd.DecodeAll(m, make([]byte, 0, len(got)))
		if gerr == nil && kerr == nil && !bytes.Equal(got[:gn], want) {
			t.Fatalf("mutated frame: decoders differ (%d and %d bytes)", gn, len(want))
		}
	})
}

// FuzzDecode decodes arbitrary bytes (length in size, dictionary with
// flags&1): never a panic, and the same bytes as klauspost's decoder
// where both succeed.
//
//	go test -run '^$' -fuzz FuzzDecode -parallel 1 ./internal/zstd
func FuzzDecode(f *testing.F) {
	fuzzSeeds(f, true)
	dictBytes, dict, err := loadFuzzDict()
	if err != nil {
		f.Fatal(err)
	}
	kdec, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1), kzstd.WithDecodeAllCapLimit(true), kzstd.WithDecoderDicts(dictBytes))
	if err != nil {
		f.Fatal(err)
	}
	var d Decoder
	f.Fuzz(func(t *testing.T, src []byte, flags uint8, size uint32) {
		size %= 1 << 20
		if size == 0 {
			if h, err := ReadFrameHeader(src); err == nil && h.HasContentSize && h.ContentSize < 1<<20 {
				size = uint32(h.ContentSize)
			} else {
				size = 1 << 16
			}
		}
		var dd *Dict
		if flags&1 != 0 {
			dd = dict
		}
		dst := make([]byte, size)
		n, err := d.DecodeDictInto(dst, src, dd)
		if err != nil {
			return
		}
		want, kerr := kdec.DecodeAll(src, make([]byte, 0, size))
		if kerr == nil && !bytes.Equal(dst[:n], want) {
			t.Fatalf("decoders differ (%d and %d bytes)", n, len(want))
		}
	})
}
