package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVerifyCorpus(t *testing.T) {
	var files []string
	for _, e := range corpus(t, "chunk", "frame", "sframe", "b2nd") {
		files = append(files, e.File)
	}
	r := runTool(nil, append([]string{"verify"}, files...)...)
	if r.code != exitOK {
		t.Fatalf("%v\n%s", r, r.stdout)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != len(files) {
		t.Fatalf("%d lines for %d files:\n%s", len(lines), len(files), r.stdout)
	}
	for _, l := range lines {
		if !strings.Contains(l, ": OK: ") || !strings.HasSuffix(l, "0 errors, 0 warnings") {
			t.Errorf("summary line %q", l)
		}
	}
	r = runTool(nil, append([]string{"verify", "--structure-only", "--json"}, files...)...)
	var res []verifyResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != exitOK || len(res) != len(files) {
		t.Fatalf("--json: %v %v %d", r, err, len(res))
	}
	for _, x := range res {
		if !x.Sound || x.Decoded != 0 {
			t.Errorf("%s: %+v", x.File, x)
		}
	}
}

func TestVerifyDamaged(t *testing.T) {
	src := filepath.Join(testdataDir, "frames", "f06_blosclz_many_small_chunks.b2frame")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cut := writeTemp(t, dir, "cut.b2frame", b[:len(b)-100])
	flipped := append([]byte(nil), b...)
	flipped[len(b)-21] ^= 0xff // trailer_len
	flip := writeTemp(t, dir, "flip.b2frame", flipped)
	chunk := writeTemp(t, dir, "chunk.b2chunk", []byte("not a chunk at all, just text"))
	for _, path := range []string{cut, flip, chunk} {
		r := runTool(nil, "verify", path)
		if r.code != exitError || !strings.Contains(r.stdout, path+": DAMAGED") || !strings.Contains(r.stderr, "1 of 1 files have problems") {
			t.Errorf("%s: %v\n%s", path, r, r.stdout)
		}
		if strings.Count(r.stdout, "\n") < 2 {
			t.Errorf("%s: no problem line:\n%s", path, r.stdout)
		}
	}
	r := runTool(nil, "verify", "--json", cut, filepath.Join(dir, "missing"))
	var res []verifyResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != exitError || len(res) != 2 {
		t.Fatalf("%v %v", r, err)
	}
	if res[0].Sound || len(res[0].Problems) == 0 || res[0].Problems[0].Offset != 15 || res[1].Error == "" {
		t.Errorf("%+v", res)
	}
	if r := runTool(b, "verify", "-"); r.code != exitOK || !strings.Contains(r.stdout, "-: OK: frame, 129 chunks") {
		t.Errorf("stdin: %v\n%s", r, r.stdout)
	}
	if r := runTool(b[:1000], "verify", "-"); r.code != exitError {
		t.Errorf("stdin cut: %v", r)
	}
	if r := runTool(nil, "verify"); r.code != exitUsage {
		t.Errorf("no FILE: %v", r)
	}
}

func TestVerifyVersions(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(testdataDir, "frames", "f01_lz4_shuffle_f64_meta_vlmeta.b2frame"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	major := append([]byte(nil), b...)
	major[25] = major[25]&0xf0 | 4 // general_flags: frame format 4
	minor := append([]byte(nil), b...)
	minor[0]++ // a header array of 15 entries
	r := runTool(nil, "verify", writeTemp(t, dir, "major.b2frame", major))
	if r.code != exitError || !strings.Contains(r.stdout, "written by a newer version (4), this reader understands up to 3") || strings.Contains(r.stdout, "corrupt") {
		t.Errorf("newer major: %v\n%s", r, r.stdout)
	}
	r = runTool(nil, "verify", writeTemp(t, dir, "minor.b2frame", minor))
	if r.code != exitOK || !strings.Contains(r.stdout, "warning: header: header has 15 entries") || !strings.Contains(r.stdout, "0 errors, 1 warnings") {
		t.Errorf("newer minor: %v\n%s", r, r.stdout)
	}
}
