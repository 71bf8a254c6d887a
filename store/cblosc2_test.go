package store

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// cb2Verify is C-Blosc2 reading a frame or b2nd file and comparing it with
// raw bytes; it is built by shared/reference/tools on developer machines
// and absent in CI, so the test skips without it.
const cb2Verify = "/usr/local/bin/cb2-verify"

// TestCBlosc2ReadsStore has C-Blosc2 read what the Writer wrote: the embed
// store (a frame whose decoded stream is the embedded members' frames) and
// every external leaf (b2nd arrays and super-chunks).
func TestCBlosc2ReadsStore(t *testing.T) {
	if _, err := os.Stat(cb2Verify); err != nil || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("C-Blosc2's cb2-verify is not installed or cannot run here (a local check, not a CI one)")
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "s.b2d")
	c := testContent()
	writeStore(t, name, &Options{Threshold: 1000}, c)
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	verify := func(kind, file string, raw []byte) {
		t.Helper()
		rawPath := filepath.Join(dir, "raw")
		if err := os.WriteFile(rawPath, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(cb2Verify, kind, file, rawPath).CombinedOutput(); err != nil {
			t.Errorf("cb2-verify %s %s: %v\n%s", kind, file, err, out)
		}
	}
	stream, err := s.Embed().Decode(nil)
	if err != nil {
		t.Fatal(err)
	}
	verify("frame", filepath.Join(name, EmbedName), stream)
	ents, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if e.Embedded {
			continue
		}
		raw, err := s.ReadAll(e.Key)
		if err != nil {
			t.Fatal(err)
		}
		kind := "frame"
		if e.Kind == KindNDArray {
			kind = "b2nd"
		}
		verify(kind, filepath.Join(name, filepath.FromSlash(e.Path)), raw)
		n++
	}
	if n != 2 {
		t.Errorf("%d external leaves checked", n)
	}
}
