package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the info text tests")

const testdataDir = "../../testdata"

// manifestEntry is the part of a testdata manifest entry the tests use.
type manifestEntry struct {
	Type         string                     `json:"type"`
	File         string                     `json:"file"`
	Sha256       string                     `json:"sha256"`
	Nbytes       int64                      `json:"nbytes"`
	Header       map[string]json.RawMessage `json:"header"`
	FrameHeader  map[string]json.RawMessage `json:"frame_header"`
	Metalayers   []manifestMeta             `json:"metalayers"`
	VLMetalayers []manifestMeta             `json:"vlmetalayers"`
	NChunks      *int                       `json:"nchunks"`
}

type manifestMeta struct {
	Name       string `json:"name"`
	Len        int    `json:"len"`
	ContentHex string `json:"content_hex"`
}

func loadManifest(t *testing.T, path string) []manifestEntry {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Entries []manifestEntry `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(m.Entries) == 0 {
		t.Fatalf("%s: no entries", path)
	}
	return m.Entries
}

// corpus returns the entries of testdata/manifest.json and
// testdata/external/manifest.json of the given types, with File made a
// path from this directory.
func corpus(t *testing.T, types ...string) []manifestEntry {
	t.Helper()
	var out []manifestEntry
	for _, e := range append(loadManifest(t, filepath.Join(testdataDir, "manifest.json")),
		loadManifest(t, filepath.Join(testdataDir, "external", "manifest.json"))...) {
		for _, ty := range types {
			if e.Type == ty {
				e.File = filepath.Join(testdataDir, e.File)
				out = append(out, e)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %v entries in the manifests", types)
	}
	return out
}

// result is what one in-process run of the tool produced.
type result struct {
	code           int
	stdout, stderr string
}

func runTool(stdin []byte, args ...string) result {
	var out, errb bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

func (r result) String() string {
	return fmt.Sprintf("exit %d, stderr %q", r.code, r.stderr)
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// isUninit reports whether a manifest chunk is an uninitialized special
// chunk: its content is undefined, only its size can be compared.
func isUninit(e manifestEntry) bool {
	return string(e.Header["special"]) == "4"
}

func TestDecompressCorpusChunks(t *testing.T) {
	dir := t.TempDir()
	for i, e := range corpus(t, "chunk") {
		out := filepath.Join(dir, fmt.Sprintf("out%d", i))
		r := runTool(nil, "decompress", "-o", out, e.File)
		if r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("%s: %v, stdout %d bytes", e.File, r, len(r.stdout))
			continue
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if isUninit(e) {
			if int64(len(got)) != e.Nbytes {
				t.Errorf("%s: decoded %d bytes, want %d", e.File, len(got), e.Nbytes)
			}
			continue
		}
		if sha(got) != e.Sha256 {
			t.Errorf("%s: sha256 of the %d decoded bytes differs from the manifest", e.File, len(got))
		}
	}
}

// TestDecompressStdout decodes to standard output: no -o, and -o -.
func TestDecompressStdout(t *testing.T) {
	for _, e := range corpus(t, "chunk")[:8] {
		for _, args := range [][]string{{"decompress", e.File}, {"decompress", "-o", "-", e.File}, {"decompress", e.File, "-o", "-"}, {"decompress", "--", e.File}} {
			r := runTool(nil, args...)
			if r.code != 0 || sha([]byte(r.stdout)) != e.Sha256 {
				t.Errorf("%v: %v, sha256 mismatch %v", args, r, sha([]byte(r.stdout)) != e.Sha256)
			}
		}
	}
}

// TestDecompressStdin reads a chunk and a frame from standard input ("-").
func TestDecompressStdin(t *testing.T) {
	for _, e := range []manifestEntry{corpus(t, "chunk")[3], corpus(t, "frame")[0]} {
		in, err := os.ReadFile(e.File)
		if err != nil {
			t.Fatal(err)
		}
		r := runTool(in, "decompress", "-")
		if r.code != 0 || sha([]byte(r.stdout)) != e.Sha256 {
			t.Errorf("%s on stdin: %v, sha256 mismatch %v", e.File, r, sha([]byte(r.stdout)) != e.Sha256)
		}
	}
}

func TestDecompressCorpusFrames(t *testing.T) {
	dir := t.TempDir()
	for i, e := range corpus(t, "frame", "sframe", "b2nd") {
		out := filepath.Join(dir, fmt.Sprintf("out%d", i))
		r := runTool(nil, "decompress", "-o", out, e.File)
		if strings.Contains(e.File, "lazyexpr_v1_expr") {
			// A saved python-blosc2 LazyExpr: its chunks are placeholders,
			// refused by name rather than decoded as zeros.
			if r.code != exitError || !strings.Contains(r.stderr, `"a + b"`) {
				t.Errorf("%s: %v; want exit 1 naming the expression", e.File, r)
			}
			continue
		}
		if r.code != 0 {
			t.Errorf("%s: %v", e.File, r)
			continue
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if sha(got) != e.Sha256 {
			t.Errorf("%s: sha256 of the %d decoded bytes differs from the manifest", e.File, len(got))
		}
	}
}

// TestInfoJSONChunks checks every header field info --json reports against
// the fields the corpus generator parsed from the same bytes.
func TestInfoJSONChunks(t *testing.T) {
	for _, e := range corpus(t, "chunk") {
		if e.Header == nil {
			continue
		}
		r := runTool(nil, "info", "--json", e.File)
		if r.code != 0 {
			t.Errorf("%s: %v", e.File, r)
			continue
		}
		var rep struct {
			Kind   string                     `json:"kind"`
			Header map[string]json.RawMessage `json:"header"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		if rep.Kind != kindChunk {
			t.Errorf("%s: kind %q", e.File, rep.Kind)
		}
		compareFields(t, e.File+" header", rep.Header, e.Header)
	}
}

// compareFields checks that got has every key of want with the same JSON
// value.
func compareFields(t *testing.T, what string, got, want map[string]json.RawMessage) {
	t.Helper()
	for k, wv := range want {
		gv, ok := got[k]
		if !ok {
			t.Errorf("%s: field %s missing", what, k)
			continue
		}
		var g, w any
		if json.Unmarshal(gv, &g) != nil || json.Unmarshal(wv, &w) != nil || !reflect.DeepEqual(g, w) {
			t.Errorf("%s: field %s = %s, want %s", what, k, gv, wv)
		}
	}
}

func TestInfoJSONFrames(t *testing.T) {
	for _, e := range corpus(t, "frame", "sframe", "b2nd") {
		r := runTool(nil, "info", "--json", e.File)
		if r.code != 0 {
			t.Errorf("%s: %v", e.File, r)
			continue
		}
		var rep struct {
			Kind         string                     `json:"kind"`
			FrameHeader  map[string]json.RawMessage `json:"frame_header"`
			NChunks      int                        `json:"nchunks"`
			Metalayers   []manifestMeta             `json:"metalayers"`
			VLMetalayers []manifestMeta             `json:"vlmetalayers"`
			Chunks       []frameChunkRow            `json:"chunks"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		wantKind := map[string]string{"frame": kindFrame, "sframe": kindSparse, "b2nd": kindB2ND}[e.Type]
		if rep.Kind != wantKind {
			t.Errorf("%s: kind %q, want %q", e.File, rep.Kind, wantKind)
		}
		if e.FrameHeader != nil {
			want := map[string]json.RawMessage{}
			for k, v := range e.FrameHeader {
				if k != "first_0x57_bytes_hex" && k != "trailer_tail_hex" {
					want[k] = v
				}
			}
			compareFields(t, e.File+" frame_header", rep.FrameHeader, want)
		}
		if e.NChunks != nil && (rep.NChunks != *e.NChunks || len(rep.Chunks) != *e.NChunks) {
			t.Errorf("%s: nchunks %d with %d rows, want %d", e.File, rep.NChunks, len(rep.Chunks), *e.NChunks)
		}
		var total int64
		for _, c := range rep.Chunks {
			total += c.Nbytes
		}
		if e.Nbytes != 0 && e.Type != "b2nd" && total != e.Nbytes {
			t.Errorf("%s: chunk table adds up to %d bytes, want %d", e.File, total, e.Nbytes)
		}
		if e.Type != "b2nd" && e.FrameHeader != nil {
			if !reflect.DeepEqual(nonNil(rep.Metalayers), nonNil(e.Metalayers)) {
				t.Errorf("%s: metalayers %+v, want %+v", e.File, rep.Metalayers, e.Metalayers)
			}
			if !reflect.DeepEqual(nonNil(rep.VLMetalayers), nonNil(e.VLMetalayers)) {
				t.Errorf("%s: vlmetalayers %+v, want %+v", e.File, rep.VLMetalayers, e.VLMetalayers)
			}
		}
	}
}

func nonNil(m []manifestMeta) []manifestMeta {
	if m == nil {
		return []manifestMeta{}
	}
	return m
}

// TestInfoText compares the text report of a few files with golden files
// (go test -run TestInfoText -update rewrites them).
func TestInfoText(t *testing.T) {
	for _, c := range []struct{ file, golden string }{
		{"chunks/A_005_blosclz_c1_shuffle_ts4_i32ramp_n50495.b2chunk", "info_chunk.txt"},
		{"chunks/H_001_blosc1api_compat_lz4_c5_shuf2_ts8_f64sine_n50000.b2chunk", "info_chunk16.txt"},
		{"chunks/S_007_repeatval_ts8_n40000.b2chunk", "info_special.txt"},
		{"frames/f05_special_chunks.b2frame", "info_frame.txt"},
		{"sframe/s01_sparse_lz4.b2frame", "info_sframe.txt"},
		{"b2nd/a01_2d_f8.b2nd", "info_b2nd.txt"},
	} {
		// Paths as the README shows them, relative to the module root.
		wd, err := os.Getwd()
		if err != nil {
			t.Fatal(err)
		}
		root := filepath.Join(wd, "..", "..")
		if err := os.Chdir(root); err != nil {
			t.Fatal(err)
		}
		r := runTool(nil, "info", filepath.Join("testdata", c.file))
		if err := os.Chdir(wd); err != nil {
			t.Fatal(err)
		}
		if r.code != 0 {
			t.Errorf("%s: %v", c.file, r)
			continue
		}
		golden := filepath.Join("testdata", c.golden)
		if *update {
			if err := os.WriteFile(golden, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -run TestInfoText -update to create it)", err)
		}
		if r.stdout != string(want) {
			t.Errorf("info %s differs from %s:\n%s", c.file, golden, r.stdout)
		}
	}
}

// TestErrors checks exit statuses, one-line messages and that a failed
// decompress leaves no output file (nor temporary file) behind.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	chunkPath := filepath.Join(testdataDir, "chunks", "A_005_blosclz_c1_shuffle_ts4_i32ramp_n50495.b2chunk")
	framePath := filepath.Join(testdataDir, "frames", "f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	chunk, err := os.ReadFile(chunkPath)
	if err != nil {
		t.Fatal(err)
	}
	frameBytes, err := os.ReadFile(framePath)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	garbage := write("garbage.bin", []byte("this is not a blosc chunk, it is just some text\n"))
	empty := write("empty.b2chunk", nil)
	truncated := write("truncated.b2chunk", chunk[:len(chunk)-10])
	short := write("short.b2chunk", chunk[:9])
	// A chunk whose header is fine but whose streams are not: overwrite
	// the compressed bytes after the header and bstarts.
	badStream := append([]byte(nil), chunk...)
	for i := 48; i < len(badStream); i++ {
		badStream[i] = 0x7f
	}
	badStreamPath := write("badstream.b2chunk", badStream)
	// A frame whose last chunk (at offset 250634) has a block start past
	// its end: the earlier chunks decode, so decompress has written to its
	// temporary file before failing.
	badFrame := append([]byte(nil), frameBytes...)
	copy(badFrame[250634+32:], []byte{0xff, 0xff, 0xff, 0x7f})
	badFramePath := write("badchunk.b2frame", badFrame)
	// The same chunk claiming more bytes (cbytes) than the frame holds.
	bigFrame := append([]byte(nil), frameBytes...)
	copy(bigFrame[250634+12:], []byte{0x00, 0xff, 0xff, 0x7f})
	bigFramePath := write("bigchunk.b2frame", bigFrame)
	cutFrame := write("cut.b2frame", frameBytes[:len(frameBytes)/2])
	emptyDir := filepath.Join(dir, "emptydir")
	if err := os.Mkdir(emptyDir, 0o755); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name string
		args []string
		code int
		msg  string // substring of the error line
	}{
		{"garbage", []string{"decompress", "-o", "OUT", garbage}, 1, "not a valid Blosc chunk or frame"},
		{"empty file", []string{"decompress", "-o", "OUT", empty}, 1, "empty file"},
		{"truncated chunk", []string{"decompress", "-o", "OUT", truncated}, 1, "truncated"},
		{"short header", []string{"decompress", "-o", "OUT", short}, 1, "header truncated"},
		{"bad stream", []string{"decompress", "-o", "OUT", badStreamPath}, 1, "corrupt"},
		{"bad frame chunk", []string{"decompress", "-o", "OUT", badFramePath}, 1, "chunk 4"},
		{"cut frame", []string{"decompress", "-o", "OUT", cutFrame}, 1, "frame"},
		{"missing file", []string{"decompress", "-o", "OUT", filepath.Join(dir, "nope.b2chunk")}, 1, "no such file"},
		{"empty dir", []string{"decompress", "-o", "OUT", emptyDir}, 1, "not a valid sparse frame"},
		{"output dir missing", []string{"decompress", "-o", filepath.Join(dir, "nodir", "out"), chunkPath}, 1, "cannot create"},
		{"output is a dir", []string{"decompress", "-o", emptyDir, chunkPath}, 1, "not a regular file"},
		{"info bad chunk header", []string{"info", bigFramePath}, 1, "chunk 4: cbytes"},
		{"decompress bad chunk header", []string{"decompress", "-o", "OUT", bigFramePath}, 1, "chunk 4"},
		{"info garbage", []string{"info", garbage}, 1, "not a valid Blosc chunk or frame"},
		{"info truncated", []string{"info", "--json", truncated}, 1, "truncated"},
		{"info missing", []string{"info", filepath.Join(dir, "nope")}, 1, "no such file"},
		{"bad flag", []string{"decompress", "-x", chunkPath}, 2, "unknown flag -x"},
		{"flag without value", []string{"decompress", chunkPath, "-o"}, 2, "flag needs an argument"},
		{"info bad flag", []string{"info", "--jsn", chunkPath}, 2, "unknown flag -jsn"},
		{"no file", []string{"decompress"}, 2, "want one FILE"},
		{"two files", []string{"info", chunkPath, chunkPath}, 2, "want one FILE"},
		{"no command", nil, 2, "usage"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
	}
	for _, c := range cases {
		out := filepath.Join(dir, "out-"+strings.ReplaceAll(c.name, " ", "_"))
		args := append([]string(nil), c.args...)
		for i := range args {
			if args[i] == "OUT" {
				args[i] = out
			}
		}
		r := runTool(nil, args...)
		if r.code != c.code {
			t.Errorf("%s: %v, want exit %d", c.name, r, c.code)
		}
		if c.code != 0 && c.name != "no command" && (strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n")) {
			t.Errorf("%s: error is not one line: %q", c.name, r.stderr)
		}
		if !strings.Contains(r.stderr, c.msg) {
			t.Errorf("%s: stderr %q does not mention %q", c.name, r.stderr, c.msg)
		}
		if r.stdout != "" {
			t.Errorf("%s: wrote %d bytes to stdout", c.name, len(r.stdout))
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: left an output file behind", c.name)
		}
	}
	// No temporary files either.
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestFailureKeepsExistingOutput: a failed decompress does not touch an
// existing OUT file; a successful one replaces it.
func TestFailureKeepsExistingOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.raw")
	if err := os.WriteFile(out, []byte("previous"), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.b2chunk")
	if err := os.WriteFile(bad, []byte{2, 1, 0x21, 4, 100, 0, 0, 0, 100, 0, 0, 0, 16, 0, 0, 0}, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runTool(nil, "decompress", "-o", out, bad); r.code != 1 {
		t.Errorf("bad chunk: %v, want exit 1", r)
	}
	if b, _ := os.ReadFile(out); string(b) != "previous" {
		t.Errorf("failed decompress changed the existing output to %q", b)
	}
	e := corpus(t, "chunk")[0]
	if r := runTool(nil, "decompress", "-o", out, e.File); r.code != 0 {
		t.Fatalf("%v", r)
	}
	b, err := os.ReadFile(out)
	if err != nil || sha(b) != e.Sha256 {
		t.Errorf("output not replaced: %v", err)
	}
	if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("replaced output lost its mode: %v %v", st.Mode(), err)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		r := runTool(nil, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "decompress [-o OUT]") || !strings.Contains(r.stdout, "info [--json] FILE") {
			t.Errorf("%v: %v\n%s", args, r, r.stdout)
		}
	}
	for _, args := range [][]string{{"info", "-h"}, {"decompress", "--help"}} {
		r := runTool(nil, args...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: blosc2 "+args[0]) {
			t.Errorf("%v: %v\n%s", args, r, r.stdout)
		}
	}
}

// TestRemoveTemps: what the interrupt handler runs removes the temporary
// file of a decompress in progress.
func TestRemoveTemps(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	o, err := openOutput(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Write([]byte("partial")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(o.tmpPath); err != nil {
		t.Fatalf("temporary file missing: %v", err)
	}
	removeTemps()
	if _, err := os.Stat(o.tmpPath); err == nil {
		t.Error("removeTemps left the temporary file")
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("output created")
	}
	o.abort()
}
