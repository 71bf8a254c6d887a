package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiffCommand(t *testing.T) {
	f01 := filepath.Join(testdataDir, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	f12 := filepath.Join(testdataDir, "frames/f12_lz4hc_never_split_bs8k.b2frame")
	chunk := filepath.Join(testdataDir, "chunks/A_000_blosclz_c0_nofilter_ts4_i32ramp_n30000.b2chunk")
	if r := runTool(nil, "diff", f01, f01); r.code != exitOK || r.stdout != "" {
		t.Errorf("same frame: %v %q", r, r.stdout)
	}
	if r := runTool(nil, "diff", chunk, chunk); r.code != exitOK || r.stdout != "" {
		t.Errorf("same chunk: %v %q", r, r.stdout)
	}
	r := runTool(nil, "diff", f01, f12)
	if r.code != exitError || !strings.Contains(r.stderr, "the files differ") {
		t.Fatalf("%v", r)
	}
	for _, want := range []string{"header: compcode (offset 27): 1 | 2", "vlmetalayers: names: [info description] | []", "chunks: nchunks: 5 | 4", "chunk 0: codec (offset 2): lz4 | lz4hc", "content: first difference at decoded byte"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in\n%s", want, r.stdout)
		}
	}
	r = runTool(nil, "diff", "--json", "--no-content", f01, f12)
	var d []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil || r.code != exitError || len(d) == 0 {
		t.Fatalf("%v %v", r, err)
	}
	if r := runTool(nil, "diff", f01, chunk); r.code != exitError || !strings.Contains(r.stderr, "compare two chunks or two frames") {
		t.Errorf("frame vs chunk: %v", r)
	}
	if r := runTool(nil, "diff", f01); r.code != exitUsage {
		t.Errorf("one file: %v", r)
	}
}
