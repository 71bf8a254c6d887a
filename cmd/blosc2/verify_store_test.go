package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVerifyStore(t *testing.T) {
	for _, form := range []string{"b2z", "b2d", "b2e"} {
		t.Run(form, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "s."+form)
			makeStore(t, name)
			r := runTool(nil, "verify", name)
			if r.code != 0 || !strings.Contains(r.stdout, "store ("+form+")") {
				t.Fatalf("verify a sound store: %v\n%s", r, r.stdout)
			}
			var res []struct {
				Sound   bool `json:"sound"`
				NChunks int  `json:"nchunks"`
			}
			r = runTool(nil, "verify", "--json", name)
			if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res) != 1 || !res[0].Sound || res[0].NChunks < 3 {
				t.Fatalf("verify --json: %v %+v\n%s", err, res, r.stdout)
			}
		})
	}
	// A damaged member: a flipped byte in the header of an external
	// leaf's first chunk (the index says where it is).
	dir := t.TempDir()
	name := filepath.Join(dir, "s.b2d")
	makeStore(t, name)
	leaf := filepath.Join(name, "grid", "a.b2nd")
	b, err := os.ReadFile(leaf)
	if err != nil {
		t.Fatal(err)
	}
	// The header's first byte: no longer a msgpack fixarray.
	b[0] ^= 0xff
	if err := os.WriteFile(leaf, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runTool(nil, "verify", name)
	if r.code != 1 || !strings.Contains(r.stdout, "member /grid/a") {
		t.Fatalf("verify a damaged store: %v\n%s", r, r.stdout)
	}
}
