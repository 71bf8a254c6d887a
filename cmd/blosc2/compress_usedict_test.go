package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// useDictInput is text-like records that a chunk dictionary compresses
// better in small blocks.
func useDictInput(n int) []byte {
	var b []byte
	for i := 0; len(b) < n; i++ {
		k := i * 7919
		b = fmt.Appendf(b, `{"id":%d,"user":"user_%05d","status":"%s","city":"%s"}`+"\n",
			k, k%100000, []string{"active", "pending", "closed"}[k%3], []string{"Lyon", "Porto", "Turin", "Ghent"}[(k/3)%4])
	}
	return b[:n]
}

// TestCompressUseDict: --use-dict writes chunks holding a dictionary (one
// chunk, and frames whose header records use_dict), which decode back
// (decompress subcommand and the library); it is a one-line usage error
// with blosclz, zlib and --format blosc1.
func TestCompressUseDict(t *testing.T) {
	dir := t.TempDir()
	data := useDictInput(300 << 10)
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"--codec", "lz4", "--typesize", "1", "--filter", "none", "--blocksize", "1024", "--use-dict"}

	out := filepath.Join(dir, "out.b2chunk")
	code, _, stderr := compressRun(nil, append(append([]string{"compress", "--format", "chunk"}, common...), "-o", out, in)...)
	if code != exitOK {
		t.Fatalf("chunk: exit %d: %s", code, stderr)
	}
	chunk, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if h, err := blosc.ReadHeader(chunk); err != nil || !h.HasDict() {
		t.Errorf("chunk: no dictionary (%v)", err)
	}
	if got, err := blosc.Decompress(nil, chunk); err != nil || !bytes.Equal(got, data) {
		t.Errorf("chunk: does not decode back: %v", err)
	}

	fout := filepath.Join(dir, "out.b2frame")
	code, _, stderr = compressRun(nil, append(append([]string{"compress", "--chunksize", "131072"}, common...), "-o", fout, in)...)
	if code != exitOK {
		t.Fatalf("frame: exit %d: %s", code, stderr)
	}
	f, err := frame.OpenFile(fout)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !f.Header().UseDict {
		t.Error("frame: the header does not record use_dict")
	}
	for i := 0; i < f.NChunks(); i++ {
		c, _, err := f.RawChunk(i)
		if err != nil {
			t.Fatal(err)
		}
		if h, _ := blosc.ReadHeader(c); !h.HasDict() {
			t.Errorf("frame: chunk %d has no dictionary", i)
		}
	}
	code, dec, stderr := compressRun(nil, "decompress", fout)
	if code != exitOK || !bytes.Equal(dec, data) {
		t.Errorf("frame: decompress: exit %d: %s", code, stderr)
	}
	code, info, _ := compressRun(nil, "info", fout)
	if code != exitOK || !strings.Contains(string(info), "(dictionary)") {
		t.Errorf("info does not show the dictionary flag:\n%s", info)
	}

	for _, bad := range [][]string{
		{"--codec", "blosclz"},
		{"--codec", "zlib"},
		{"--codec", "lz4", "--format", "blosc1"},
	} {
		args := append(append([]string{"compress", "--use-dict"}, bad...), "-o", filepath.Join(dir, "bad"), in)
		code, _, stderr := compressRun(nil, args...)
		if code != exitUsage || !strings.HasPrefix(strings.TrimPrefix(stderr, "blosc2 compress: "), "--use-dict: ") ||
			strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line about --use-dict", bad, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "bad")); err == nil {
			t.Errorf("%v: wrote an output", bad)
		}
	}
	code, help, stderr := compressRun(nil, "compress", "-h")
	if !strings.Contains(string(help)+stderr, "--use-dict") {
		t.Errorf("compress -h does not list --use-dict (exit %d)", code)
	}
}
