package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/frame"
)

func TestRecoverCommand(t *testing.T) {
	src := filepath.Join(testdataDir, "frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	damaged := writeTemp(t, dir, "damaged.b2frame", b[:len(b)-70000])
	out := filepath.Join(dir, "out.b2frame")
	r := runTool(nil, "recover", damaged, "-o", out)
	if r.code != exitOK || !strings.Contains(r.stdout, "recovered 3 chunks") || !strings.Contains(r.stdout, "no index found") {
		t.Fatalf("%v\n%s", r, r.stdout)
	}
	if r := runTool(nil, "verify", out); r.code != exitOK {
		t.Fatalf("recovered frame: %v\n%s", r, r.stdout)
	}
	orig, err := frame.OpenFile(src)
	if err != nil {
		t.Fatal(err)
	}
	defer orig.Close()
	want, _ := orig.ReadChunks(nil, 0, 3)
	got, err := frame.OpenFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if dec, err := got.Decode(nil); err != nil || !bytes.Equal(dec, want) {
		t.Fatalf("recovered content differs: %v", err)
	}
	if om, gm := orig.Metalayers(), got.Metalayers(); len(om) == 0 || len(om) != len(gm) || om[0].Name != gm[0].Name || !bytes.Equal(om[0].Content, gm[0].Content) {
		t.Errorf("metalayers not kept: %v, want %v", gm, om)
	}

	r = runTool(nil, "recover", "--json", "-o", out, src)
	var rep frame.RecoverReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || r.code != exitOK || !rep.IndexFound || rep.Recovered != 5 {
		t.Fatalf("%v %v %+v", r, err, rep)
	}
	// An intact frame comes back the same but for the vlmetalayers'
	// compressed bytes (our encoder's, not C-Blosc2's).
	r = runTool(nil, "diff", src, out)
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if l != "" && !strings.HasPrefix(l, "header: frame_len") {
			t.Errorf("intact frame recovered with a difference: %s", l)
		}
	}
	if r := runTool(nil, "recover", damaged, "-o", damaged); r.code != exitUsage {
		t.Errorf("recover onto itself: %v", r)
	}
	if r := runTool(nil, "recover", damaged); r.code != exitUsage {
		t.Errorf("no -o: %v", r)
	}
	notFrame := writeTemp(t, dir, "text", []byte(strings.Repeat("not a frame ", 20)))
	if r := runTool(nil, "recover", notFrame, "-o", filepath.Join(dir, "x")); r.code != exitError {
		t.Errorf("not a frame: %v", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "x")); err == nil {
		t.Error("output written for a file that is not a frame")
	}
}
