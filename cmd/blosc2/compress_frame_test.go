package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
)

// frameInfo is the part of info --json the tests check.
type frameInfo struct {
	Kind        string `json:"kind"`
	FrameHeader struct {
		Magic            string `json:"magic"`
		Codec            string `json:"codec"`
		Clevel           int    `json:"clevel"`
		SplitMode        string `json:"splitmode"`
		UncompressedSize int64  `json:"uncompressed_size"`
		CompressedSize   int64  `json:"compressed_size"`
		TypeSize         int64  `json:"type_size"`
		BlockSize        int64  `json:"block_size"`
		ChunkSize        int64  `json:"chunk_size"`
		Filters          []int  `json:"filters"`
		FormatVersion    int    `json:"format_version"`
		VariableChunks   bool   `json:"variable_chunks"`
	} `json:"frame_header"`
	NChunks    int `json:"nchunks"`
	Metalayers []struct {
		Name string    `json:"name"`
		B2ND *b2ndInfo `json:"b2nd"`
	} `json:"metalayers"`
	VLMetalayers []json.RawMessage `json:"vlmetalayers"`
	Chunks       []struct {
		Index   int    `json:"index"`
		Storage string `json:"storage"`
		Nbytes  int64  `json:"nbytes"`
	} `json:"chunks"`
}

func infoJSON(t *testing.T, path string) frameInfo {
	t.Helper()
	r := runTool(nil, "info", "--json", path)
	if r.code != 0 {
		t.Fatalf("info --json %s: %v", path, r)
	}
	var fi frameInfo
	if err := json.Unmarshal([]byte(r.stdout), &fi); err != nil {
		t.Fatalf("info --json %s: %v", path, err)
	}
	return fi
}

// testBytes returns n bytes of a compressible, non-repeating pattern.
func testBytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7/13) ^ byte(i>>11)
	}
	return b
}

func writeTemp(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkDecompress decodes path through the decompress subcommand and
// compares with want.
func checkDecompress(t *testing.T, what, path string, want []byte) {
	t.Helper()
	r := runTool(nil, "decompress", path)
	if r.code != 0 {
		t.Errorf("%s: decompress: %v", what, r)
	} else if !bytes.Equal([]byte(r.stdout), want) {
		t.Errorf("%s: decompress gives %d bytes that differ from the %d input bytes", what, len(r.stdout), len(want))
	}
}

func TestCompressDefaultFormatIsFrame(t *testing.T) {
	dir := t.TempDir()
	data := testBytes(10000)
	in := writeTemp(t, dir, "in.bin", data)
	out := filepath.Join(dir, "out")
	if r := runTool(nil, "compress", "-o", out, in); r.code != 0 {
		t.Fatalf("%v", r)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !isFrame(b) {
		t.Fatalf("default output is not a frame: % x", b[:16])
	}
	fi := infoJSON(t, out)
	if fi.Kind != kindFrame || fi.NChunks != 1 || fi.FrameHeader.ChunkSize != 10000 || fi.FrameHeader.TypeSize != 8 ||
		fi.FrameHeader.Codec != "zstd" || fi.FrameHeader.Clevel != 5 || fi.FrameHeader.SplitMode != "auto" {
		t.Errorf("default frame: %+v", fi)
	}
	checkDecompress(t, "default", out, data)
	// Standard input to standard output gives the same bytes.
	r := runTool(data, "compress", "-")
	if r.code != 0 || r.stdout != string(b) {
		t.Errorf("stdin to stdout: %v, %d bytes, same %v", r, len(r.stdout), r.stdout == string(b))
	}
}

func TestCompressFrame(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name   string
		n      int
		args   []string
		chunks []int64 // nbytes of each chunk
		cs     int64   // header chunk_size
		ts     int64
	}{
		{"cut", 1000, []string{"--chunksize", "300", "--typesize", "4", "--codec", "lz4", "--filter", "shuffle"}, []int64{300, 300, 300, 100}, 300, 4},
		{"exact", 1200, []string{"--chunksize", "400", "--codec", "blosclz", "--filter", "bitshuffle", "--typesize", "2"}, []int64{400, 400, 400}, 400, 2},
		{"one-short", 99, []string{"--chunksize", "100", "--codec", "zlib"}, []int64{99}, 99, 8},
		{"empty", 0, nil, nil, -1, 8},
		{"default-1MiB", 2<<20 + 5, []string{"--typesize", "4", "--filter", "delta", "--filter", "shuffle"}, []int64{1 << 20, 1 << 20, 5}, 1 << 20, 4},
		{"default-ts3", 1 << 20, []string{"--typesize", "3", "--codec", "lz4hc", "--clevel", "1"}, []int64{1<<20 - 1, 1}, 1<<20 - 1, 3},
		{"blocksize", 50000, []string{"--chunksize", "20000", "--blocksize", "4096", "--splitmode", "never", "--nthreads", "2"}, []int64{20000, 20000, 10000}, 20000, 8},
	}
	for _, c := range cases {
		data := testBytes(c.n)
		in := writeTemp(t, dir, c.name+".bin", data)
		out := filepath.Join(dir, c.name+".b2frame")
		args := append(append([]string{"compress", "--format", "frame"}, c.args...), "-o", out, in)
		if r := runTool(nil, args...); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("%s: %v", c.name, r)
			continue
		}
		checkDecompress(t, c.name, out, data)

		// Our frame reader sees the chunks cut as asked.
		fr, err := frame.OpenFile(out)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		h := fr.Header()
		var sizes []int64
		for i := 0; i < fr.NChunks(); i++ {
			ci, err := fr.ChunkInfo(i)
			if err != nil {
				t.Fatal(err)
			}
			sizes = append(sizes, ci.Nbytes)
		}
		if !reflect.DeepEqual(sizes, c.chunks) || int64(h.Chunksize) != c.cs || int64(h.Typesize) != c.ts ||
			h.Nbytes != int64(c.n) || h.VariableChunks || h.Version != frame.VersionRC1 || len(fr.Metalayers()) != 0 {
			t.Errorf("%s: chunks %v chunksize %d typesize %d nbytes %d variable %v version %d; want %v %d %d %d",
				c.name, sizes, h.Chunksize, h.Typesize, h.Nbytes, h.VariableChunks, h.Version, c.chunks, c.cs, c.ts, c.n)
		}
		got, err := fr.Decode(nil)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: frame.Decode: %v", c.name, err)
		}
		fr.Close()

		// info --json reports the same.
		fi := infoJSON(t, out)
		if fi.Kind != kindFrame || fi.NChunks != len(c.chunks) || len(fi.Chunks) != len(c.chunks) ||
			fi.FrameHeader.ChunkSize != c.cs || fi.FrameHeader.UncompressedSize != int64(c.n) || fi.FrameHeader.Magic != "b2frame" {
			t.Errorf("%s: info --json %+v", c.name, fi)
		}
		for i, row := range fi.Chunks {
			if i < len(c.chunks) && (row.Nbytes != c.chunks[i] || row.Storage != "stored" || row.Index != i) {
				t.Errorf("%s: info chunk row %+v, want %d bytes", c.name, row, c.chunks[i])
			}
		}
	}
}

func f64Bytes(n int) []byte {
	b := make([]byte, 8*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(100*math.Sin(float64(i)/50)))
	}
	return b
}

func TestCompressB2ND(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name                  string
		data                  []byte
		args                  []string
		dtype                 string // canonical, as stored
		shape                 []int64
		chunkshape, blockshle []int32
		nchunks               int
	}{
		{"2d-ragged", f64Bytes(123 * 45), []string{"--dtype", "<f8", "--shape", "123,45", "--chunkshape", "50,20", "--blockshape", "10,7", "--filter", "shuffle"},
			"<f8", []int64{123, 45}, []int32{50, 20}, []int32{10, 7}, 9},
		{"3d", testBytes(4 * 7 * 11 * 13), []string{"--dtype", "<i4", "--shape", "7,11,13", "--chunkshape", "3,4,5", "--blockshape", "2,3,5", "--codec", "lz4"},
			"<i4", []int64{7, 11, 13}, []int32{3, 4, 5}, []int32{2, 3, 5}, 27},
		{"u1-1d-default", testBytes(5000), []string{"--dtype", "u1", "--codec", "blosclz"},
			"|u1", []int64{5000}, []int32{5000}, []int32{5000}, 1},
		{"default-shapes", f64Bytes(300 * 1000), []string{"--dtype", "f8", "--shape", "300,1000"},
			"<f8", []int64{300, 1000}, []int32{300, 1000}, []int32{15, 1000}, 1},
		{"default-blocks", f64Bytes(300 * 1000), []string{"--dtype", ">f8", "--shape", "300,1000", "--chunkshape", "100,100"},
			">f8", []int64{300, 1000}, []int32{100, 100}, []int32{100, 100}, 30},
		{"default-chunks", testBytes(2 * 3000), []string{"--dtype", "<i2", "--shape", "3000", "--blockshape", "256"},
			"<i2", []int64{3000}, []int32{3000}, []int32{256}, 1},
		{"unicode", testBytes(12 * 10), []string{"--dtype", "<U3", "--shape", "2,5", "--chunkshape", "2,2", "--blockshape", "1,2"},
			"<U3", []int64{2, 5}, []int32{2, 2}, []int32{1, 2}, 3},
		{"wide-items", testBytes(300 * 6), []string{"--dtype", "|V300", "--shape", "6", "--chunkshape", "4", "--blockshape", "3"},
			"|V300", []int64{6}, []int32{4}, []int32{3}, 2},
		{"empty", nil, []string{"--dtype", "<f8", "--shape", "0,5", "--chunkshape", "4,5", "--blockshape", "2,5"},
			"<f8", []int64{0, 5}, []int32{4, 5}, []int32{2, 5}, 0},
		{"0-d", f64Bytes(1), []string{"--dtype", "<f8", "--shape="},
			"<f8", []int64{}, []int32{}, []int32{}, 1},
		{"typesize-agrees", testBytes(64), []string{"--dtype", "<i4", "--typesize", "4", "--shape", "4,4"},
			"<i4", []int64{4, 4}, []int32{4, 4}, []int32{4, 4}, 1},
	}
	for _, c := range cases {
		in := writeTemp(t, dir, c.name+".bin", c.data)
		out := filepath.Join(dir, c.name+".b2nd")
		args := append(append([]string{"compress", "--format", "b2nd"}, c.args...), "-o", out, in)
		if r := runTool(nil, args...); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("%s: %v", c.name, r)
			continue
		}
		checkDecompress(t, c.name, out, c.data)

		a, err := frame.OpenArrayFile(out)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		m := a.Meta()
		h := a.Frame().Header()
		itemsize := int64(len(c.data))
		if n := prod(c.shape); n > 0 {
			itemsize /= n
		}
		if m.Dtype != c.dtype || !reflect.DeepEqual(m.Shape, c.shape) || !reflect.DeepEqual(m.ChunkShape, c.chunkshape) ||
			!reflect.DeepEqual(m.BlockShape, c.blockshle) || a.Frame().NChunks() != c.nchunks {
			t.Errorf("%s: meta %+v, %d chunks; want %s %v %v %v %d", c.name, m, a.Frame().NChunks(), c.dtype, c.shape, c.chunkshape, c.blockshle, c.nchunks)
		}
		if len(c.data) > 0 && int64(h.Typesize) != itemsize {
			t.Errorf("%s: typesize %d, want %d", c.name, h.Typesize, itemsize)
		}
		got, err := a.ReadAll(nil)
		if err != nil || !bytes.Equal(got, c.data) {
			t.Errorf("%s: ReadAll: %v", c.name, err)
		}
		a.Frame().Close()

		fi := infoJSON(t, out)
		if fi.Kind != kindB2ND || fi.NChunks != c.nchunks || len(fi.Chunks) != c.nchunks || len(fi.Metalayers) != 1 ||
			fi.Metalayers[0].Name != "b2nd" || fi.Metalayers[0].B2ND == nil || len(fi.VLMetalayers) != 0 {
			t.Errorf("%s: info --json %+v", c.name, fi)
			continue
		}
		b := fi.Metalayers[0].B2ND
		if b.Dtype != c.dtype || !reflect.DeepEqual(b.Shape, c.shape) || !reflect.DeepEqual(b.ChunkShape, c.chunkshape) ||
			!reflect.DeepEqual(b.BlockShape, c.blockshle) || b.Nbytes != int64(len(c.data)) || b.NChunks != int64(c.nchunks) {
			t.Errorf("%s: info --json b2nd %+v", c.name, b)
		}
	}

	// Standard input, and an array whose shape comes from the input size.
	data := f64Bytes(1000)
	r := runTool(data, "compress", "--format", "b2nd", "--dtype", "<f8", "--chunkshape", "300", "-")
	if r.code != 0 {
		t.Fatalf("stdin: %v", r)
	}
	a, err := frame.OpenBytes([]byte(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	arr, err := frame.OpenArray(a)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := arr.ReadAll(nil); err != nil || !bytes.Equal(got, data) || !reflect.DeepEqual(arr.Shape(), []int64{1000}) || a.NChunks() != 4 {
		t.Errorf("stdin: shape %v, %d chunks, %v", arr.Shape(), a.NChunks(), err)
	}
}

func prod(v []int64) int64 {
	p := int64(1)
	for _, x := range v {
		p *= x
	}
	return p
}

func TestCompressFrameErrors(t *testing.T) {
	dir := t.TempDir()
	in := writeTemp(t, dir, "in.bin", f64Bytes(600))
	odd := writeTemp(t, dir, "odd.bin", testBytes(4801))
	cases := []struct {
		code int
		args []string
		msg  string
	}{
		{exitError, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "20,20", in}, "needs 3200 bytes"},
		{exitError, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "599", in}, "needs"},
		{exitError, []string{"--format", "b2nd", "--dtype", "<f8", odd}, "whole number"},
		{exitError, []string{"--format", "frame", filepath.Join(dir, "missing")}, "no such file"},
		{exitError, []string{"--format", "b2nd", "--dtype", "|u1", dir}, "not a regular file"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<q8", in}, "--dtype"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "float64", in}, "--dtype"},
		{exitUsage, []string{"--format", "b2nd", in}, "needs --dtype"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "20,30", "--chunkshape", "5", in}, "dimensions"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "20,30", "--chunkshape", "5,0", in}, "extent"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "20,30", "--blockshape", "5,5,5", in}, "dimensions"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "20,30", "--chunkshape", "5,5", "--blockshape", "6,5", in}, "exceeds"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--chunkshape", "5,5", in}, "dimensions"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "20,x", in}, "--shape"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "20,-1", in}, "--shape"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", in}, "--shape"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--shape", "600", "--chunkshape", "300000000", in}, "chunk"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--typesize", "4", in}, "--typesize"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--blocksize", "4096", in}, "--blocksize"},
		{exitUsage, []string{"--format", "b2nd", "--dtype", "<f8", "--chunksize", "4096", in}, "--chunksize"},
		{exitUsage, []string{"--format", "frame", "--shape", "600", in}, "--shape"},
		{exitUsage, []string{"--format", "chunk", "--dtype", "<f8", in}, "--dtype"},
		{exitUsage, []string{"--chunksize", "0", in}, "--chunksize"},
		{exitUsage, []string{"--chunksize", "x", in}, "--chunksize"},
		{exitUsage, []string{"--format", "frame", "--filter", "truncprec:5", "--typesize", "2", in}, "--filter"},
	}
	out := filepath.Join(dir, "out")
	keep := filepath.Join(dir, "keep")
	for _, c := range cases {
		for _, o := range []string{out, keep} {
			if err := os.WriteFile(keep, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append(append([]string{"compress"}, c.args...), "-o", o)
			r := runTool(nil, args...)
			if r.code != c.code || r.stdout != "" || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.Contains(r.stderr, c.msg) {
				t.Errorf("%v: %v; want exit %d and one line with %q", c.args, r, c.code, c.msg)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%v: left %s behind", c.args, out)
				os.Remove(out)
			}
			if b, _ := os.ReadFile(keep); string(b) != "old" {
				t.Errorf("%v: changed the existing OUT", c.args)
			}
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				if strings.Contains(e.Name(), ".tmp-") {
					t.Errorf("%v: left temporary file %s", c.args, e.Name())
				}
			}
		}
	}
	// A short standard input is also an input error.
	r := runTool(f64Bytes(10), "compress", "--format", "b2nd", "--dtype", "<f8", "--shape", "11", "-")
	if r.code != exitError || r.stdout != "" || !strings.Contains(r.stderr, "standard input: 80 bytes") {
		t.Errorf("short stdin: %v", r)
	}
	r = runTool(f64Bytes(12), "compress", "--format", "b2nd", "--dtype", "<f8", "--shape", "11", "-")
	if r.code != exitError || r.stdout != "" || !strings.Contains(r.stderr, "more than") {
		t.Errorf("long stdin: %v", r)
	}
}

func TestCompressHelp(t *testing.T) {
	r := runTool(nil, "compress", "--help")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: blosc2 compress") {
		t.Fatalf("%v", r)
	}
	for _, f := range []string{"--format", "--chunksize", "--dtype", "--shape", "--chunkshape", "--blockshape", "--codec", "--filter", "-o"} {
		if !strings.Contains(r.stdout, "\n  "+f+" ") {
			t.Errorf("compress --help does not describe %s:\n%s", f, r.stdout)
		}
	}
	r = runTool(nil, "help")
	if !strings.Contains(r.stdout, "blosc2 compress") || !strings.Contains(r.stdout, "frame (default)") {
		t.Errorf("help: %s", r.stdout)
	}
}
