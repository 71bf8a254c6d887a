package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
)

func TestAppendCommand(t *testing.T) {
	data := compressTestData()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.bin")
	fr := filepath.Join(dir, "f.b2frame")
	if err := os.WriteFile(in, data[:100000], 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runTool(nil, "compress", "--chunksize", "40000", "-o", fr, in); r.code != 0 {
		t.Fatalf("compress: %v", r)
	}
	if err := os.WriteFile(in, data[100000:250000], 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runTool(nil, "append", fr, in); r.code != 0 {
		t.Fatalf("append: %v", r)
	}
	if r := runTool(data[250000:], "append", "--chunksize", "65536", fr, "-"); r.code != 0 {
		t.Fatalf("append from stdin: %v", r)
	}
	f, err := frame.OpenFile(fr)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := f.Decode(nil)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("appended frame decodes wrongly (%v)", err)
	}
	h := f.Header()
	if h.Codec.String() != "zstd" && h.Typesize != 8 {
		t.Errorf("parameters changed: %+v", h)
	}
	r := runTool(nil, "decompress", fr)
	if r.code != 0 || r.stdout != string(data) {
		t.Fatalf("decompress after append: %v", r)
	}

	// b2nd arrays grow along their first axis: input that is not whole
	// rows is refused with the file untouched; whole rows are appended.
	b2 := filepath.Join(dir, "a.b2nd")
	orig, _ := os.ReadFile(filepath.Join(testdataDir, "b2nd/a01_2d_f8.b2nd"))
	if err := os.WriteFile(b2, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	before := runTool(nil, "decompress", b2)
	oa, err := frame.OpenArrayFile(b2)
	if err != nil {
		t.Fatal(err)
	}
	shape := oa.Shape()
	oa.Close()
	rowBytes := 8 * shape[1]
	odd := filepath.Join(dir, "odd.raw")
	os.WriteFile(odd, make([]byte, rowBytes+3), 0o644)
	r = runTool(nil, "append", b2, odd)
	if r.code != 1 || !strings.Contains(r.stderr, "rows") {
		t.Errorf("append of partial rows to b2nd: %v", r)
	}
	if now, _ := os.ReadFile(b2); !bytes.Equal(now, orig) {
		t.Error("refused append changed the array")
	}
	rows := make([]byte, 3*rowBytes)
	for i := range rows {
		rows[i] = byte(i * 7)
	}
	r = runTool(rows, "append", b2, "-")
	if r.code != 0 {
		t.Fatalf("append rows to b2nd: %v", r)
	}
	na, err := frame.OpenArrayFile(b2)
	if err != nil {
		t.Fatal(err)
	}
	if got := na.Shape(); got[0] != shape[0]+3 || got[1] != shape[1] {
		t.Errorf("shape after append %v, was %v", got, shape)
	}
	na.Close()
	after := runTool(nil, "decompress", b2)
	if after.code != 0 || after.stdout != before.stdout+string(rows) {
		t.Errorf("appended array decodes wrongly: %v", after)
	}
	for _, args := range [][]string{{"append", fr}, {"append", "--chunksize", "-1", fr, in}} {
		if r := runTool(nil, args...); r.code != 2 {
			t.Errorf("%v: %v", args, r)
		}
	}
	if r := runTool(nil, "append", filepath.Join(dir, "missing"), in); r.code != 1 {
		t.Errorf("missing frame: %v", r)
	}
}
