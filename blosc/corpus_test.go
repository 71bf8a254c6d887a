package blosc

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// manifestEntry is the part of a testdata/manifest.json entry the tests use.
type manifestEntry struct {
	Type        string `json:"type"`
	File        string `json:"file"`
	Group       string `json:"group"`
	SHA256      string `json:"sha256"`
	Nbytes      int    `json:"nbytes"`
	SpecialKind string `json:"special_kind"`
	Header      *struct {
		Version      int   `json:"version"`
		VersionLZ    int   `json:"versionlz"`
		Flags        int   `json:"flags"`
		Typesize     int   `json:"typesize"`
		Nbytes       int   `json:"nbytes"`
		Blocksize    int   `json:"blocksize"`
		Cbytes       int   `json:"cbytes"`
		Extended     bool  `json:"extended"`
		Filters      []int `json:"filters"`
		UDCodec      int   `json:"udcodec"`
		CompcodeMeta int   `json:"compcode_meta"`
		FiltersMeta  []int `json:"filters_meta"`
		Blosc2Flags  int   `json:"blosc2_flags"`
		Special      int   `json:"special"`
		Blosc2Flags2 int   `json:"blosc2_flags2"`
	} `json:"header"`
}

type corpusChunk struct {
	manifestEntry
	data []byte
}

var (
	corpusOnce sync.Once
	corpus     []corpusChunk
	corpusErr  error
)

// loadCorpus reads the chunk entries of testdata/manifest.json and their files.
func loadCorpus(t testing.TB) []corpusChunk {
	t.Helper()
	corpusOnce.Do(func() {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "manifest.json"))
		if err != nil {
			corpusErr = err
			return
		}
		var m struct {
			Entries []manifestEntry `json:"entries"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			corpusErr = err
			return
		}
		for _, e := range m.Entries {
			if e.Type != "chunk" {
				continue
			}
			data, err := os.ReadFile(filepath.Join("..", "testdata", e.File))
			if err != nil {
				corpusErr = err
				return
			}
			corpus = append(corpus, corpusChunk{manifestEntry: e, data: data})
		}
	})
	if corpusErr != nil {
		t.Fatalf("loading the corpus: %v", corpusErr)
	}
	if len(corpus) == 0 {
		t.Fatal("no chunk entries in testdata/manifest.json")
	}
	return corpus
}

func chunkName(c *corpusChunk) string {
	return strings.TrimSuffix(filepath.Base(c.File), ".b2chunk")
}

// checkDecoded compares decoded bytes with the manifest.
func checkDecoded(t *testing.T, c *corpusChunk, got []byte) {
	t.Helper()
	if len(got) != c.Nbytes {
		t.Fatalf("decoded %d bytes, want %d", len(got), c.Nbytes)
	}
	if c.SpecialKind == "uninit" {
		return // content undefined: size only
	}
	sum := sha256.Sum256(got)
	if hex.EncodeToString(sum[:]) != c.SHA256 {
		t.Fatalf("sha256 of decoded bytes %x, want %s", sum, c.SHA256)
	}
}

func TestCorpusDecompress(t *testing.T) {
	chunks := loadCorpus(t)
	serial, err := NewDecoder(WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	par, err := NewDecoder(WithWorkers(4))
	if err != nil {
		t.Fatal(err)
	}
	groups := map[string]int{}
	for i := range chunks {
		c := &chunks[i]
		t.Run(chunkName(c), func(t *testing.T) {
			got, err := Decompress(nil, c.data)
			if err != nil {
				t.Fatalf("Decompress: %v", err)
			}
			checkDecoded(t, c, got)
			for _, d := range []*Decoder{serial, par} {
				dst := make([]byte, c.Nbytes+7)
				n, err := d.DecompressInto(dst, c.data)
				if err != nil {
					t.Fatalf("DecompressInto: %v", err)
				}
				checkDecoded(t, c, dst[:n])
			}
			// Appending keeps the prefix.
			pre := []byte("prefix")
			got2, err := par.Decompress(pre, c.data)
			if err != nil || string(got2[:6]) != "prefix" {
				t.Fatalf("Decompress with prefix: %v", err)
			}
			checkDecoded(t, c, got2[6:])
			groups[c.Group]++
		})
	}
	t.Logf("decoded %d corpus chunks: %v", len(chunks), groups)
}

func TestCorpusReadHeader(t *testing.T) {
	for _, c := range loadCorpus(t) {
		c := c
		t.Run(chunkName(&c), func(t *testing.T) {
			h, err := ReadHeader(c.data)
			if err != nil {
				t.Fatal(err)
			}
			m := c.Header
			if m == nil {
				t.Fatal("manifest entry has no header")
			}
			check := func(name string, got, want int) {
				if got != want {
					t.Errorf("%s = %d, manifest says %d", name, got, want)
				}
			}
			check("version", int(h.Version), m.Version)
			check("versionlz", int(h.VersionLZ), m.VersionLZ)
			check("flags", int(h.Flags), m.Flags)
			check("typesize", int(h.Typesize), m.Typesize)
			check("nbytes", int(h.Nbytes), m.Nbytes)
			check("blocksize", int(h.Blocksize), m.Blocksize)
			check("cbytes", int(h.Cbytes), m.Cbytes)
			if h.Extended != m.Extended {
				t.Errorf("extended = %v, manifest says %v", h.Extended, m.Extended)
			}
			if h.HeaderLen() != map[bool]int{false: 16, true: 32}[m.Extended] {
				t.Errorf("HeaderLen = %d", h.HeaderLen())
			}
			if len(c.data) != int(h.Cbytes) {
				t.Errorf("file has %d bytes, cbytes %d", len(c.data), h.Cbytes)
			}
			if !m.Extended {
				return
			}
			for i := 0; i < MaxFilters; i++ {
				check("filters["+string(rune('0'+i))+"]", int(h.Filters[i]), m.Filters[i])
				check("filters_meta["+string(rune('0'+i))+"]", int(h.FiltersMeta[i]), m.FiltersMeta[i]&0xff)
			}
			check("udcodec", int(h.UDCodec), m.UDCodec)
			check("compcode_meta", int(h.CompcodeMeta), m.CompcodeMeta)
			check("blosc2_flags", int(h.Blosc2Flags), m.Blosc2Flags)
			check("blosc2_flags2", int(h.Blosc2Flags2), m.Blosc2Flags2)
			check("special", int(h.Special()), m.Special)
		})
	}
}

func TestHeaderAppend(t *testing.T) {
	for _, c := range loadCorpus(t) {
		h, err := ReadHeader(c.data)
		if err != nil {
			t.Fatal(err)
		}
		b := h.Append([]byte{0xaa})
		if b[0] != 0xaa || !bytes.Equal(b[1:], c.data[:h.HeaderLen()]) {
			t.Errorf("%s: Append = %x, want %x", chunkName(&c), b[1:], c.data[:h.HeaderLen()])
		}
		if err := h.CheckSupported(); err != nil {
			t.Errorf("%s: CheckSupported: %v", chunkName(&c), err)
		}
	}
	h := Header{Version: 5, VersionLZ: 1, Flags: flagsExtended | formatUDCodec<<compFormatShift, Typesize: 4, Nbytes: 10, Blocksize: 10, Cbytes: 32, Extended: true, UDCodec: byte(CodecZFPRate)}
	if err := h.CheckSupported(); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "zfp_rate (35)") {
		t.Errorf("CheckSupported(zfp) = %v", err)
	}
}
