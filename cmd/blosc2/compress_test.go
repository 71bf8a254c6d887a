package main

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

func compressRun(stdin []byte, args ...string) (int, []byte, string) {
	var out, errb bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errb)
	return code, out.Bytes(), errb.String()
}

func compressTestData() []byte {
	b := make([]byte, 8*50000)
	for i := 0; i < 50000; i++ {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(1000*math.Sin(float64(i)*1e-3)))
	}
	return b
}

func TestCompressCommand(t *testing.T) {
	data := compressTestData()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.bin")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want func(h blosc.Header) bool
	}{
		{[]string{"--format", "chunk"}, func(h blosc.Header) bool {
			// The library's defaults: SHUFFLE without --filter.
			return h.Codec() == blosc.Zstd && h.Typesize == 8 && h.Extended && h.Filters == [blosc.MaxFilters]blosc.Filter{blosc.MaxFilters - 1: blosc.Shuffle}
		}},
		{[]string{"--format", "chunk", "--filter", "none"}, func(h blosc.Header) bool {
			return h.Filters == [blosc.MaxFilters]blosc.Filter{}
		}},
		{[]string{"--codec", "lz4", "--clevel", "9", "--filter", "shuffle"}, func(h blosc.Header) bool {
			return h.Codec() == blosc.LZ4 && h.Filters[5] == blosc.Shuffle && !h.DontSplit()
		}},
		{[]string{"--filter", "delta", "--filter", "bitshuffle", "--codec", "blosclz", "--splitmode", "never"}, func(h blosc.Header) bool {
			return h.Filters[4] == blosc.Delta && h.Filters[5] == blosc.BitShuffle && h.DontSplit()
		}},
		{[]string{"--filter", "truncprec:20", "--filter", "shuffle", "--filter", "bytedelta"}, func(h blosc.Header) bool {
			return h.Filters[3] == blosc.TruncPrec && h.FiltersMeta[3] == 20 && h.Filters[5] == blosc.ByteDelta && h.FiltersMeta[5] == 8
		}},
		{[]string{"--filter", "inttrunc:-3", "--typesize", "4", "--blocksize", "4099", "--nthreads", "2"}, func(h blosc.Header) bool {
			return h.Filters[5] == blosc.IntTrunc && int8(h.FiltersMeta[5]) == -3 && h.Blocksize == 4096 && h.Typesize == 4
		}},
		{[]string{"--format", "blosc1", "--codec", "zlib", "--filter", "bitshuffle"}, func(h blosc.Header) bool {
			return !h.Extended && h.Version == blosc.VersionBlosc1 && h.Flags&blosc.FlagBitShuffle != 0 && h.Codec() == blosc.Zlib
		}},
		{[]string{"--clevel", "0", "--format", "chunk"}, func(h blosc.Header) bool { return h.Memcpyed() }},
	}
	for _, c := range cases {
		out := filepath.Join(dir, "out.b2chunk")
		os.Remove(out)
		args := append([]string{"compress"}, c.args...)
		if !strings.Contains(strings.Join(c.args, " "), "--format") {
			args = append(args, "--format", "chunk")
		}
		args = append(args, "-o", out, in)
		code, _, stderr := compressRun(nil, args...)
		if code != exitOK {
			t.Errorf("%v: exit %d: %s", c.args, code, stderr)
			continue
		}
		chunk, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		h, err := blosc.ReadHeader(chunk)
		if err != nil || !c.want(h) {
			t.Errorf("%v: header %v (%v)", c.args, &h, err)
		}
		got, err := blosc.Decompress(nil, chunk)
		lossy := strings.Contains(strings.Join(c.args, " "), "trunc")
		if err != nil || len(got) != len(data) || (!lossy && !bytes.Equal(got, data)) {
			t.Errorf("%v: does not decode back: %v", c.args, err)
		}
		// Round trip through the decompress subcommand too.
		code, dec, stderr := compressRun(nil, "decompress", out)
		if code != exitOK || len(dec) != len(data) {
			t.Errorf("%v: decompress: exit %d: %s", c.args, code, stderr)
		}
	}

	// Standard input to standard output.
	code, chunk, stderr := compressRun(data, "compress", "--format", "chunk", "--codec", "lz4", "-")
	if code != exitOK {
		t.Fatalf("stdin: exit %d: %s", code, stderr)
	}
	if got, err := blosc.Decompress(nil, chunk); err != nil || !bytes.Equal(got, data) {
		t.Errorf("stdin: round trip failed: %v", err)
	}
	code, chunk2, _ := compressRun(data, "compress", "--format", "chunk", "--codec", "lz4", "-o", "-", "-")
	if code != exitOK || !bytes.Equal(chunk, chunk2) {
		t.Errorf("-o - differs from no -o")
	}
}

func TestCompressCommandErrors(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.bin")
	if err := os.WriteFile(in, compressTestData(), 0o644); err != nil {
		t.Fatal(err)
	}
	usage := [][]string{
		{"--format", "zip"},
		{"--codec", "snappy"},
		{"--clevel", "10"},
		{"--clevel", "x"},
		{"--typesize", "0"},
		{"--typesize", "256"},
		{"--blocksize", "-1"},
		{"--filter", "noshuffle"},
		{"--filter", "truncprec"},
		{"--filter", "truncprec:0"},
		{"--filter", "truncprec:500"},
		{"--filter", "shuffle:2"},
		{"--filter", "truncprec:60"},
		{"--typesize", "2", "--filter", "truncprec:5"},
		{"--filter", "delta", "--format", "blosc1"},
		{"--filter", "shuffle", "--filter", "shuffle", "--filter", "shuffle", "--filter", "shuffle", "--filter", "shuffle", "--filter", "shuffle", "--filter", "shuffle"},
		{"--splitmode", "sometimes"},
		{"--nthreads", "-1"},
		{"--bogus"},
		{},
	}
	for _, a := range usage {
		args := append([]string{"compress"}, a...)
		if len(a) > 0 {
			args = append(args, in)
		}
		code, _, stderr := compressRun(nil, args...)
		if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", a, code, stderr)
		}
	}
	code, _, stderr := compressRun(nil, "compress", filepath.Join(dir, "missing"))
	if code != exitError || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
	code, _, _ = compressRun(nil, "compress", dir)
	if code != exitError {
		t.Errorf("directory: exit %d", code)
	}
}
