package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/internal/peertest"
)

// TestCompressCommandBlosc1Peer runs "compress --format blosc1" for every
// codec and every filter a Blosc1 chunk can hold, at clevels 0, 1, 5 and 9,
// and checks that C-Blosc 1.21 and our decoder both give the input back.
func TestCompressCommandBlosc1Peer(t *testing.T) {
	peertest.Python(t, "blosc")
	data := compressTestData()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.bin")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	want := hex.EncodeToString(sum[:])
	var paths []string
	for _, codec := range []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"} {
		for _, filter := range []string{"", "shuffle", "bitshuffle"} {
			for _, clevel := range []string{"0", "1", "5", "9"} {
				out := filepath.Join(dir, fmt.Sprintf("%s_%s_c%s.blosc", codec, filter, clevel))
				args := []string{"compress", "--format", "blosc1", "--codec", codec, "--clevel", clevel, "--typesize", "8", "-o", out}
				if filter != "" {
					args = append(args, "--filter", filter)
				}
				if code, _, stderr := compressRun(nil, append(args, in)...); code != exitOK {
					t.Fatalf("%v: exit %d: %s", args, code, stderr)
				}
				chunk, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if got, err := blosc.Decompress(nil, chunk); err != nil || !bytes.Equal(got, data) {
					t.Errorf("%s: our decoder does not give the input back: %v", filepath.Base(out), err)
				}
				paths = append(paths, out)
			}
		}
	}
	version, sums := peertest.CBlosc1Sums(t, dir, paths)
	for _, p := range paths {
		if got := sums[p]; got != want {
			t.Errorf("%s: C-Blosc %s: %s", filepath.Base(p), version, got)
		}
	}
	t.Logf("C-Blosc %s decoded the %d chunks of the compress command", version, len(paths))
}
