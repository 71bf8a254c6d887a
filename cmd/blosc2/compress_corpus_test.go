package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/internal/headerdiff"
)

// corpusWriteEntry is what a manifest entry says about how C-Blosc2 wrote
// a frame or b2nd array.
type corpusWriteEntry struct {
	Type         string            `json:"type"`
	File         string            `json:"file"`
	Codec        string            `json:"codec"`
	Clevel       int               `json:"clevel"`
	Filters      []int             `json:"filters"`
	Typesize     int               `json:"typesize"`
	Chunksize    int64             `json:"chunksize"`
	Blocksize    int               `json:"blocksize_requested"`
	ChunkPattern string            `json:"chunk_pattern"`
	Metalayers   []json.RawMessage `json:"metalayers"`
	VLMetalayers []json.RawMessage `json:"vlmetalayers"`
	Dtype        string            `json:"dtype"`
	Shape        []int64           `json:"shape"`
	ChunkShape   []int64           `json:"chunkshape"`
	BlockShape   []int64           `json:"blockshape"`
	FrameHeader  struct {
		OtherFlags int `json:"other_flags"`
	} `json:"frame_header"`
}

var corpusFilterNames = map[int]string{1: "shuffle", 2: "bitshuffle", 3: "delta"}

var corpusSplitNames = map[int]string{1: "always", 2: "never", 3: "auto", 4: "forward_compat"}

// compressArgs are the compress flags that ask for what C-Blosc2 was asked.
func (e *corpusWriteEntry) compressArgs() ([]string, error) {
	args := []string{"--codec", e.Codec, "--clevel", strconv.Itoa(e.Clevel),
		"--splitmode", corpusSplitNames[e.FrameHeader.OtherFlags&3+1]}
	none := true
	for _, f := range e.Filters {
		if f != 0 {
			none = false
		}
	}
	if none {
		args = append(args, "--filter", "none")
	}
	for _, f := range e.Filters {
		if f == 0 {
			continue
		}
		name, ok := corpusFilterNames[f]
		if !ok {
			return nil, fmt.Errorf("filter %d", f)
		}
		args = append(args, "--filter", name)
	}
	if e.Type == "b2nd" {
		return append(args, "--format", "b2nd", "--dtype", e.Dtype, "--shape", dimsString(e.Shape),
			"--chunkshape", dimsString(e.ChunkShape), "--blockshape", dimsString(e.BlockShape)), nil
	}
	args = append(args, "--format", "frame", "--typesize", strconv.Itoa(e.Typesize), "--blocksize", strconv.Itoa(e.Blocksize))
	if e.Chunksize > 0 {
		args = append(args, "--chunksize", strconv.FormatInt(e.Chunksize, 10))
	}
	return args, nil
}

// TestCompressMatchesCorpus decodes the corpus frames and arrays that
// the compress command can express (regular chunks, no user metalayers)
// and compresses them again with the parameters C-Blosc2 was given: every
// header field agrees (the compressed sizes too when the codec is BloscLZ,
// whose chunks come out byte for byte as C's), the b2nd metalayer is the
// same, and the chunks are cut the same way. f06's 129 BloscLZ chunks and
// compressed index make the whole file identical.
func TestCompressMatchesCorpus(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(testdataDir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Entries []corpusWriteEntry `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	n := 0
	for i, e := range m.Entries {
		if (e.Type != "frame" && e.Type != "b2nd") || len(e.Metalayers) > 0 || len(e.VLMetalayers) > 0 ||
			strings.Trim(e.ChunkPattern, "R") != "" || strings.Contains(e.File, "inserted") {
			continue
		}
		n++
		orig := filepath.Join(testdataDir, e.File)
		raw := filepath.Join(dir, fmt.Sprintf("raw%d", i))
		out := filepath.Join(dir, fmt.Sprintf("out%d", i))
		if r := runTool(nil, "decompress", "-o", raw, orig); r.code != 0 {
			t.Errorf("%s: decompress: %v", e.File, r)
			continue
		}
		args, err := e.compressArgs()
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		if r := runTool(nil, append(append([]string{"compress"}, args...), "-o", out, raw)...); r.code != 0 {
			t.Errorf("%s: compress %v: %v", e.File, args, r)
			continue
		}
		want, err := frame.OpenFile(orig)
		if err != nil {
			t.Fatal(err)
		}
		got, err := frame.OpenFile(out)
		if err != nil {
			t.Errorf("%s: our frame does not open: %v", e.File, err)
			want.Close()
			continue
		}
		exact := e.Codec == "blosclz"
		for _, d := range headerdiff.Headers(want.Header(), got.Header()) {
			if !exact && (d.Name == "compressed_size" || d.Name == "frame_len") {
				continue
			}
			t.Errorf("%s: header field %s: C %s, ours %s", e.File, d.Name, d.A, d.B)
		}
		if w, g := want.Metalayers(), got.Metalayers(); len(w) != len(g) {
			t.Errorf("%s: %d metalayers, C %d", e.File, len(g), len(w))
		} else {
			for k := range w {
				if w[k].Name != g[k].Name || !bytes.Equal(w[k].Content, g[k].Content) {
					t.Errorf("%s: metalayer %d: %q % x, C %q % x", e.File, k, g[k].Name, g[k].Content, w[k].Name, w[k].Content)
				}
			}
		}
		if want.NChunks() != got.NChunks() {
			t.Errorf("%s: %d chunks, C %d", e.File, got.NChunks(), want.NChunks())
		} else {
			for k := 0; k < want.NChunks(); k++ {
				wi, _ := want.ChunkInfo(k)
				gi, _ := got.ChunkInfo(k)
				if wi.Nbytes != gi.Nbytes {
					t.Errorf("%s: chunk %d holds %d bytes, C %d", e.File, k, gi.Nbytes, wi.Nbytes)
				}
				if exact {
					wc, _, _ := want.RawChunk(k)
					gc, _, _ := got.RawChunk(k)
					if !bytes.Equal(wc, gc) {
						t.Errorf("%s: chunk %d differs from C's", e.File, k)
					}
				}
			}
		}
		want.Close()
		got.Close()
		if strings.Contains(e.File, "f06_") {
			w, _ := os.ReadFile(orig)
			g, _ := os.ReadFile(out)
			if !bytes.Equal(w, g) {
				t.Errorf("%s: our %d bytes differ from C's %d", e.File, len(g), len(w))
			}
		}
	}
	if n < 8 {
		t.Errorf("only %d corpus entries compared", n)
	}
}
