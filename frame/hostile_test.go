package frame

import (
	"bytes"
	"encoding/binary"
	"errors"
	"github.com/blosc2go/blosc2/blosc"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func readCorpus(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// setIndex rewrites offset i of a frame whose index chunk is stored
// uncompressed (memcpyed), as C-Blosc2 writes small indexes.
func setIndex(t *testing.T, data []byte, i int, v uint64) []byte {
	t.Helper()
	f, err := OpenBytes(data)
	must(t, err)
	off, icb := f.IndexLocation()
	if data[off+2]&0x02 == 0 || icb != int64(8*f.NChunks()+32) {
		t.Fatal("index chunk is not memcpyed")
	}
	out := append([]byte(nil), data...)
	binary.LittleEndian.PutUint64(out[off+32+int64(8*i):], v)
	return out
}

func put(data []byte, pos int, v uint64, width int) []byte {
	out := append([]byte(nil), data...)
	switch width {
	case 4:
		binary.BigEndian.PutUint32(out[pos:], uint32(v))
	case 8:
		binary.BigEndian.PutUint64(out[pos:], v)
	}
	return out
}

// openAndRead opens data and decodes everything, returning the first error.
func openAndRead(data []byte) error {
	f, err := OpenBytes(data)
	if err != nil {
		return err
	}
	return readEverything(f)
}

// openAndReadWorkers is openAndRead through an io.ReaderAt, decoding with
// several workers and small pipelined batches.
func openAndReadWorkers(data []byte, workers int) error {
	f, err := Open(bytes.NewReader(data), int64(len(data)), WithWorkers(workers))
	if err != nil {
		return err
	}
	return readEverything(f)
}

func readEverything(f *Frame) error {
	if _, err := f.VLMetalayers(); err != nil {
		return err
	}
	if _, err := f.Decode(nil); err != nil {
		return err
	}
	if a, err := OpenArray(f); err == nil {
		_, err = a.ReadAll(nil)
		return err
	}
	return nil
}

func TestHostileFrames(t *testing.T) {
	concurrentChunks(t, 1)
	f01 := readCorpus(t, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	f11 := readCorpus(t, "frames/f11_variable_chunk_sizes.b2frame")
	flen := uint64(len(f01))
	tl := int(binary.BigEndian.Uint32(f01[len(f01)-22:]))
	cases := map[string][]byte{
		"offset = cbytes":          setIndex(t, f01, 1, 274517),
		"offset near int64 max":    setIndex(t, f01, 2, math.MaxInt64-8),
		"offset -1 (bad special)":  setIndex(t, f01, 0, math.MaxUint64),
		"special 0x83":             setIndex(t, f01, 0, 0x83<<56),
		"offset inside next chunk": setIndex(t, f01, 0, 100),
		"header_len huge":          put(f01, posHeaderLen+1, 1<<31-1, 4),
		"header_len negative":      put(f01, posHeaderLen+1, 0xffffff00, 4),
		"header_len small":         put(f01, posHeaderLen+1, 20, 4),
		"header_len = frame_len":   put(f01, posHeaderLen+1, flen, 4),
		"frame_len > file":         put(f01, posFrameLen+1, flen+1, 8),
		"frame_len small":          put(f01, posFrameLen+1, 100, 8),
		"frame_len int64 max":      put(f01, posFrameLen+1, math.MaxInt64, 8),
		"frame_len uint64 max":     put(f01, posFrameLen+1, math.MaxUint64, 8),
		"trailer_len 0":            put(f01, len(f01)-22, 0, 4),
		"trailer_len huge":         put(f01, len(f01)-22, 0xffffffff, 4),
		"trailer_len = frame_len":  put(f01, len(f01)-22, flen, 4),
		"trailer_len off by one":   put(f01, len(f01)-22, uint64(tl+1), 4),
		"nbytes int64 max":         put(f01, posNbytes+1, math.MaxInt64, 8),
		"nbytes int64 max-1":       put(f01, posNbytes+1, math.MaxInt64-1, 8),
		"nbytes negative":          put(f01, posNbytes+1, 1<<63, 8),
		"nbytes +1":                put(f01, posNbytes+1, 350009, 8),
		"cbytes int64 max":         put(f01, posCbytes+1, math.MaxInt64, 8),
		"cbytes negative":          put(f01, posCbytes+1, math.MaxUint64, 8),
		"cbytes +1":                put(f01, posCbytes+1, 274518, 8),
		"chunksize negative":       put(f01, posChunksize+1, 0xfffffff0, 4),
		"chunksize 1":              put(f01, posChunksize+1, 1, 4),
		"typesize 0":               put(f01, posTypesize+1, 0, 4),
		"version 4":                func() []byte { b := append([]byte(nil), f01...); b[posGeneralFlags] = 0x14; return b }(),
		"32-bit offsets":           func() []byte { b := append([]byte(nil), f01...); b[posGeneralFlags] = 0x02; return b }(),
		"metalayer offset out":     put(f01, 0x5c+8, 0x7fffffff, 4),
		"chunk cbytes huge": func() []byte {
			b := append([]byte(nil), f01...)
			binary.LittleEndian.PutUint32(b[188+12:], 0x7fffffff)
			return b
		}(),
		"chunk nbytes lies": func() []byte {
			b := append([]byte(nil), f01...)
			binary.LittleEndian.PutUint32(b[188+4:], 80001)
			return b
		}(),
	}
	// Variable chunk sizes with every chunk special: C-Blosc2 divides by
	// zero here.
	allSpecial := setIndex(t, f11, 0, 0x81<<56)
	idxOff := int64(len(f11)) - 35 - (4*8 + 32) + 32 // index data start (35-byte trailer)
	for i := 1; i < 4; i++ {
		binary.LittleEndian.PutUint64(allSpecial[idxOff+int64(8*i):], 0x81<<56)
	}
	cases["variable chunks all special"] = allSpecial
	for name, data := range cases {
		start := time.Now()
		err := openAndRead(data)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if err2 := openAndReadWorkers(data, 3); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%s: with 3 workers: %v, with 1: %v", name, err2, err)
		}
		if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: error %v wraps neither ErrCorrupt nor ErrUnsupported", name, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: took %v", name, d)
		}
	}
	var fe *FormatError
	if err := openAndRead(cases["version 4"]); !errors.Is(err, ErrUnsupported) || !errors.As(err, &fe) {
		t.Errorf("newer version: %v", err)
	}
}

// TestSparseShortChunk: a .chunk file shorter than the cbytes in its
// header (C-Blosc2 reads past its buffer).
func TestSparseShortChunk(t *testing.T) {
	src := filepath.Join(testdataDir, "sframe/s01_sparse_lz4.b2frame")
	dir := filepath.Join(t.TempDir(), "s.b2frame")
	must(t, os.MkdirAll(dir, 0o755))
	ents, _ := os.ReadDir(src)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(src, e.Name()))
		if e.Name() == "00000001.chunk" {
			b = b[:len(b)-1]
		}
		must(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644))
	}
	f, err := OpenFile(dir)
	must(t, err)
	if _, err := f.Chunk(nil, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Chunk(nil, 1); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("short chunk file: %v", err)
	}
	must(t, os.Remove(filepath.Join(dir, "00000003.chunk")))
	if _, err := f.Decode(nil); err == nil {
		t.Fatal("missing chunk file accepted")
	}
}

// TestTruncatedAndMutated: every truncation of small frames, and random
// byte changes, give errors or data, never a panic or a hang.
func TestTruncatedAndMutated(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, name := range []string{"frames/f05_special_chunks.b2frame", "frames/f11_variable_chunk_sizes.b2frame",
		"b2nd/a03_2d_u1.b2nd", "frames/f04_empty_with_meta_vlmeta.b2frame"} {
		data := readCorpus(t, name)
		for n := 0; n < len(data); n += 1 + n/64 {
			if err := openAndRead(data[:n]); err == nil && n < len(data) {
				t.Errorf("%s cut to %d bytes: accepted", name, n)
			}
		}
		iters := 300
		if testing.Short() {
			iters = 50
		}
		for k := 0; k < iters; k++ {
			b := append([]byte(nil), data...)
			for j := rng.Intn(4) + 1; j > 0; j-- {
				b[rng.Intn(len(b))] = byte(rng.Intn(256))
			}
			openAndRead(b)
		}
	}
}

func TestSpecialChunks(t *testing.T) {
	f, err := OpenBytes(readCorpus(t, "frames/f05_special_chunks.b2frame"))
	must(t, err)
	want := "RZZRNVRZU"
	for i := 0; i < f.NChunks(); i++ {
		ci, _ := f.ChunkInfo(i)
		b, err := f.Chunk(nil, i)
		must(t, err)
		if int64(len(b)) != ci.Nbytes || ci.Nbytes != 32000 {
			t.Fatalf("chunk %d: %d bytes", i, len(b))
		}
		switch want[i] {
		case 'Z':
			if ci.Special != blosc.SpecialZeros || b[0] != 0 || b[31999] != 0 {
				t.Errorf("chunk %d: %v", i, ci.Special)
			}
		case 'N':
			v := math.Float64frombits(binary.LittleEndian.Uint64(b[8*100:]))
			if ci.Special != blosc.SpecialNaN || !math.IsNaN(v) {
				t.Errorf("chunk %d: %v %v", i, ci.Special, v)
			}
		case 'U':
			if ci.Special != blosc.SpecialUninit {
				t.Errorf("chunk %d: %v", i, ci.Special)
			}
		default:
			if ci.Special != blosc.SpecialNone || ci.Offset < int64(f.Header().HeaderLen) {
				t.Errorf("chunk %d: %+v", i, ci)
			}
		}
	}
	if _, err := f.Chunk(nil, 9); !errors.Is(err, ErrRange) {
		t.Errorf("chunk 9: %v", err)
	}
}
