package blosc

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// cb2Verify is C-Blosc2's reader as a local instrument (built by
// shared/reference/tools/build.sh); CI does not have it.
const cb2Verify = "/usr/local/bin/cb2-verify"

// cVerifyChunk checks with C-Blosc2 that chunk decodes to raw, when
// cb2-verify is installed (never under WebAssembly, which has no
// processes); it reports whether it could.
func cVerifyChunk(t *testing.T, chunk, raw []byte) bool {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		return false
	}
	if _, err := os.Stat(cb2Verify); err != nil {
		return false
	}
	dir := t.TempDir()
	cf, rf := filepath.Join(dir, "chunk"), filepath.Join(dir, "raw")
	if err := os.WriteFile(cf, chunk, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rf, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(cb2Verify, "chunk", cf, rf).CombinedOutput(); err != nil {
		t.Fatalf("C-Blosc2 does not read the chunk: %v\n%s", err, out)
	}
	return true
}

// chunkDict returns the dictionary a Blosc2 chunk holds (nil: none).
func chunkDict(t *testing.T, chunk []byte) []byte {
	t.Helper()
	h, err := ReadHeader(chunk)
	if err != nil {
		t.Fatal(err)
	}
	if !h.HasDict() {
		return nil
	}
	nblocks := (int(h.Nbytes) + int(h.Blocksize) - 1) / int(h.Blocksize)
	at := ExtendedHeaderLen + 4*nblocks
	n := int(binary.LittleEndian.Uint32(chunk[at:]))
	return chunk[at+4 : at+4+n]
}

// TestCompressDictLZ4: LZ4 and LZ4HC chunks with a dictionary, at several
// clevels and filters, split and not: our decoder and C-Blosc2 (when
// cb2-verify is installed) read them, and the dictionary makes them
// smaller when the data repeats it.
func TestCompressDictLZ4(t *testing.T) {
	text := encText(21, 200000)
	ramp := encGenerate("i32noise", 3, 4, 200000)
	cases := []struct {
		name    string
		ts      int
		filters []Filter
		split   SplitMode
		data    []byte
		dict    []byte
		shrinks bool
	}{
		{"text", 1, nil, SplitAuto, text, text[len(text)-MaxDictSize:], true},
		{"text self", 1, nil, SplitAuto, text[:60000], text[:30000], true},
		{"ramp shuffle split", 4, []Filter{Shuffle}, SplitAlways, ramp, ramp[:4096], false},
		{"ramp shuffle", 4, []Filter{Shuffle}, SplitNever, ramp, ramp[:4096], false},
		{"tiny dict", 8, []Filter{Shuffle}, SplitAuto, encGenerate("f64sine", 2, 8, 100000), []byte{1}, false},
	}
	verified := 0
	for _, tc := range cases {
		for _, codec := range []Codec{LZ4, LZ4HC} {
			for _, clevel := range []int{1, 5, 9} {
				o := encOpts(codec, clevel, tc.ts, tc.filters...)
				o.SplitMode, o.Blocksize = tc.split, 32<<10
				o.Dict = tc.dict
				e, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				chunk := encRoundTrip(t, e, tc.data)
				if h, _ := ReadHeader(chunk); !h.HasDict() || !bytes.Equal(chunkDict(t, chunk), tc.dict) {
					t.Fatalf("%s %v %d: the chunk does not hold the dictionary", tc.name, codec, clevel)
				}
				o.Dict = nil
				plain, err := Compress(nil, tc.data, o)
				if err != nil {
					t.Fatal(err)
				}
				if tc.shrinks && len(chunk)-len(tc.dict) >= len(plain) {
					t.Errorf("%s %v %d: %d bytes with the dictionary (less its %d), %d without", tc.name, codec, clevel, len(chunk), len(tc.dict), len(plain))
				}
				if cVerifyChunk(t, chunk, tc.data) {
					verified++
				}
			}
		}
	}
	t.Logf("%d chunks read by C-Blosc2", verified)
}

// TestCompressDictLZ4Corpus: the corpus chunks C-Blosc2 wrote with LZ4 and
// a dictionary (use_dict: C trains it from the chunk's data), compressed
// again with C's parameters and dictionary, come out within 1% of C's
// size, and C-Blosc2 reads them.
func TestCompressDictLZ4Corpus(t *testing.T) {
	m := encCorpusManifest(t, filepath.Join("..", "testdata", "manifest.json"))
	n := 0
	for i := range m.Entries {
		e := m.Entries[i]
		if e.Type != "chunk" || e.UseDict == 0 || (e.Codec != "lz4" && e.Codec != "lz4hc") {
			continue
		}
		cchunk, err := os.ReadFile(filepath.Join("..", "testdata", e.File))
		if err != nil {
			t.Fatal(err)
		}
		data, src := encCorpusInput(&e)
		if data == nil || src == "regenerated~" {
			continue
		}
		e.UseDict = 0
		o, ok := encCorpusOptions(&e)
		if !ok {
			continue
		}
		o.Dict = chunkDict(t, cchunk)
		enc, err := NewEncoder(o)
		if err != nil {
			t.Fatal(err)
		}
		chunk := encRoundTrip(t, enc, data)
		t.Logf("%s: %d bytes, C %d (%.4f)", e.File, len(chunk), len(cchunk), float64(len(chunk))/float64(len(cchunk)))
		if float64(len(chunk)) > 1.01*float64(len(cchunk)) {
			t.Errorf("%s: %d bytes, C-Blosc2 %d", e.File, len(chunk), len(cchunk))
		}
		cVerifyChunk(t, chunk, data)
		n++
	}
	if n == 0 {
		t.Skip("no LZ4 dictionary chunk in the corpus")
	}
}
