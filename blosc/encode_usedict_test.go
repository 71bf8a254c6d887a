package blosc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
)

// useDictData are the datasets of the UseDict tests: n bytes each, with
// their typesize, filters and blocksize (0: automatic).
func useDictData(n int) []struct {
	name      string
	data      []byte
	ts        int
	filters   []Filter
	blocksize int
} {
	return []struct {
		name      string
		data      []byte
		ts        int
		filters   []Filter
		blocksize int
	}{
		{"text 8k blocks", encText(3, n), 1, nil, 8 << 10},
		{"text", encText(4, n), 1, nil, 0},
		{"struct shuffle", encGenerate("struct", 1, 12, n), 12, []Filter{Shuffle}, 0},
		{"f64sine shuffle", encGenerate("f64sine", 1, 8, n), 8, []Filter{Shuffle}, 0},
		{"i32noise bitshuffle", encGenerate("i32noise", 1, 4, n), 4, []Filter{BitShuffle}, 16 << 10},
	}
}

// TestCompressUseDict: chunks compressed with UseDict (Zstd, LZ4, LZ4HC at
// clevels 1, 5 and 9, one and two workers) decode back, are the same bytes
// whatever the workers, hold a dictionary that is raw content (never
// mistaken for zstd's format) or none, are never much larger than without
// UseDict, and C-Blosc2 reads them (when cb2-verify is installed). Small
// blocks of text get a dictionary that makes their chunk smaller.
func TestCompressUseDict(t *testing.T) {
	n := 1 << 20
	clevels := []int{1, 5, 9}
	if testing.Short() {
		n, clevels = 256<<10, []int{1, 5}
	}
	verified, dicts := 0, 0
	for _, ds := range useDictData(n) {
		for _, codec := range []Codec{Zstd, LZ4, LZ4HC} {
			for _, clevel := range clevels {
				id := fmt.Sprintf("%s %v/%d", ds.name, codec, clevel)
				o := encOpts(codec, clevel, ds.ts, ds.filters...)
				o.Blocksize = ds.blocksize
				plain, err := Compress(nil, ds.data, o)
				if err != nil {
					t.Fatal(err)
				}
				o.UseDict = true
				var first []byte
				for _, workers := range []int{1, 2} {
					o.Workers = workers
					e, err := NewEncoder(o)
					if err != nil {
						t.Fatal(err)
					}
					chunk := encRoundTrip(t, e, ds.data)
					if first == nil {
						first = chunk
					} else if !bytes.Equal(chunk, first) {
						t.Fatalf("%s: %d workers give other bytes", id, workers)
					}
				}
				dict := chunkDict(t, first)
				if dict != nil {
					dicts++
					if len(dict) > min(MaxDictSize, n/20) || len(dict) >= 4 && binary.LittleEndian.Uint32(dict) == izstd.DictMagic {
						t.Errorf("%s: dictionary of %d bytes starting %x", id, len(dict), dict[:4])
					}
				}
				// The dictionary is kept on an estimate from a few streams:
				// it may cost a little, never much.
				if len(first) > len(plain)+len(plain)/50+64 {
					t.Errorf("%s: %d bytes with UseDict (dictionary %d), %d without", id, len(first), len(dict), len(plain))
				}
				if ds.name == "text 8k blocks" && codec == LZ4 && (dict == nil || len(first) >= len(plain)) {
					t.Errorf("%s: %d bytes with UseDict (dictionary %d), %d without: the dictionary should pay", id, len(first), len(dict), len(plain))
				}
				t.Logf("%-22s %d bytes, %d without UseDict, dictionary %d", id, len(first), len(plain), len(dict))
				if cVerifyChunk(t, first, ds.data) {
					verified++
				}
			}
		}
	}
	if dicts == 0 {
		t.Error("no chunk got a dictionary")
	}
	t.Logf("%d chunks with a dictionary; %d read by C-Blosc2", dicts, verified)
	if verified == 0 {
		t.Log("cb2-verify not installed: C-Blosc2 did not read the chunks")
	}
}

// TestCompressUseDictLossyDelta: with DELTA after a lossy filter, block 0
// as decoded (with the trained dictionary) is the reference of the others.
func TestCompressUseDictLossyDelta(t *testing.T) {
	data := encGenerate("f64sine", 5, 8, 200000)
	for _, codec := range []Codec{Zstd, LZ4, LZ4HC} {
		o := encOpts(codec, 5, 8, TruncPrec, Delta, Shuffle)
		o.FiltersMeta[MaxFilters-3] = 20
		o.Blocksize = 8 << 10
		o.UseDict = true
		e, err := NewEncoder(o)
		if err != nil {
			t.Fatal(err)
		}
		chunk := encRoundTrip(t, e, data)
		cVerifyChunk(t, chunk, encLossyExpect(o, data))
	}
}

// TestCompressUseDictSmall: chunks too small for a dictionary (below 5120
// bytes C-Blosc2's dictionary size bound, 256 bytes, is not reached),
// clevel 0 and tiny inputs are written without one, as C-Blosc2 does.
func TestCompressUseDictSmall(t *testing.T) {
	text := encText(6, 20000)
	for _, n := range []int{0, 1, 31, 32, 100, 5119, 5120, 6000, 20000} {
		for _, clevel := range []int{0, 1, 9} {
			o := encOpts(LZ4, clevel, 1)
			o.Blocksize = 256
			o.UseDict = true
			e, err := NewEncoder(o)
			if err != nil {
				t.Fatal(err)
			}
			chunk := encRoundTrip(t, e, text[:n])
			h, _ := ReadHeader(chunk)
			if h.HasDict() && (n < 5120 || clevel == 0) {
				t.Errorf("%d bytes at clevel %d: a dictionary", n, clevel)
			}
		}
	}
}

// TestUseDictOptionErrors: UseDict with a codec that has no dictionaries,
// the Blosc1 format or a Dict is an option error, from NewEncoder and
// Compress, before anything is written.
func TestUseDictOptionErrors(t *testing.T) {
	cases := []struct {
		name string
		set  func(*Options)
	}{
		{"blosclz", func(o *Options) { o.Codec = BloscLZ }},
		{"zlib", func(o *Options) { o.Codec = Zlib }},
		{"blosc1", func(o *Options) { o.Codec, o.Format = LZ4, FormatBlosc1 }},
		{"with Dict", func(o *Options) { o.Dict = []byte("a dictionary") }},
	}
	for _, c := range cases {
		o := DefaultOptions()
		o.UseDict = true
		c.set(&o)
		_, err := NewEncoder(o)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Field != "UseDict" || !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("%s: NewEncoder error %v, want an OptionError for UseDict", c.name, err)
		}
		dst := []byte("keep")
		out, err := Compress(dst, encText(1, 10000), o)
		if !errors.As(err, &oe) || oe.Field != "UseDict" || string(out) != "keep" {
			t.Errorf("%s: Compress gave %d bytes, error %v", c.name, len(out), err)
		}
	}
	for _, codec := range []Codec{Zstd, LZ4, LZ4HC} {
		o := DefaultOptions()
		o.Codec, o.UseDict = codec, true
		e, err := NewEncoder(o)
		if err != nil {
			t.Fatalf("%v: %v", codec, err)
		}
		if !e.Options().UseDict {
			t.Errorf("%v: Options() lost UseDict", codec)
		}
	}
}

// TestCompressUseDictCorpus: the chunks C-Blosc2 wrote with use_dict,
// compressed again with the same parameters and UseDict, are no larger
// than C-Blosc2's, and C-Blosc2 reads ours.
func TestCompressUseDictCorpus(t *testing.T) {
	m := encCorpusManifest(t, filepath.Join("..", "testdata", "manifest.json"))
	n := 0
	for i := range m.Entries {
		e := m.Entries[i]
		if e.Type != "chunk" || e.UseDict == 0 {
			continue
		}
		cchunk, err := os.ReadFile(filepath.Join("..", "testdata", e.File))
		if err != nil {
			t.Fatal(err)
		}
		// The input: what C-Blosc2's lossless chunk decodes to.
		data, err := Decompress(nil, cchunk)
		if err != nil || e.Lossy {
			t.Fatalf("%s: %v", e.File, err)
		}
		e.UseDict = 0
		o, ok := encCorpusOptions(&e)
		if !ok {
			continue
		}
		o.UseDict = true
		enc, err := NewEncoder(o)
		if err != nil {
			t.Fatal(err)
		}
		chunk := encRoundTrip(t, enc, data)
		h, _ := ReadHeader(cchunk)
		t.Logf("%s: %d bytes (dictionary %d), C-Blosc2 %d (dictionary %d, flag %v)", e.File, len(chunk),
			len(chunkDict(t, chunk)), len(cchunk), len(chunkDict(t, cchunk)), h.HasDict())
		if len(chunk) > len(cchunk) {
			t.Errorf("%s: %d bytes, C-Blosc2 %d", e.File, len(chunk), len(cchunk))
		}
		cVerifyChunk(t, chunk, data)
		n++
	}
	if n == 0 {
		t.Skip("no use_dict chunk in the corpus")
	}
}

// BenchmarkCompressUseDict compresses 1 MiB chunks of text in 8 KiB blocks
// with and without UseDict, one worker.
func BenchmarkCompressUseDict(b *testing.B) {
	data := encText(3, 1<<20)
	for _, codec := range []Codec{Zstd, LZ4} {
		for _, use := range []bool{false, true} {
			b.Run(fmt.Sprintf("%v/usedict=%v", codec, use), func(b *testing.B) {
				o := encOpts(codec, 5, 1)
				o.Blocksize, o.Workers, o.UseDict = 8<<10, 1, use
				e, err := NewEncoder(o)
				if err != nil {
					b.Fatal(err)
				}
				dst := make([]byte, 0, MaxCompressedLen(len(data)))
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := e.Compress(dst, data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
