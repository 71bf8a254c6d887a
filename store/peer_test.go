package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
)

// zipCheckScript lists a .b2z as python-blosc2's DictStore sees it: each
// member's name, compression type, size and where its data starts (from
// the local header, as DictStore._get_zip_offsets computes it), and the
// frame magic found there.
const zipCheckScript = `
import json, sys, zipfile
out = []
with open(sys.argv[1], "rb") as f, zipfile.ZipFile(f) as zf:
    assert zf.testzip() is None
    for info in zf.infolist():
        f.seek(info.header_offset)
        h = f.read(30)
        off = info.header_offset + 30 + int.from_bytes(h[26:28], "little") + int.from_bytes(h[28:30], "little")
        f.seek(off + 2)
        out.append({"name": info.filename, "stored": info.compress_type == zipfile.ZIP_STORED,
                    "size": info.file_size, "offset": off, "magic": f.read(8).decode("latin1")})
json.dump(out, sys.stdout)
`

// TestPeerZipfile has Python's zipfile check a .b2z written here: every
// member STORED, largest leaf first, embed.b2e last, each a frame at the
// offset python-blosc2 computes.
func TestPeerZipfile(t *testing.T) {
	peertest.Python(t)
	name := filepath.Join(t.TempDir(), "s.b2z")
	writeStore(t, name, &Options{Threshold: 1000}, testContent())
	var got []struct {
		Name   string
		Stored bool
		Size   int64
		Offset int64
		Magic  string
	}
	if err := json.Unmarshal(peertest.RunPython(t, zipCheckScript, name), &got); err != nil {
		t.Fatal(err)
	}
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var wantNames []string
	prev := int64(1 << 62)
	for i, m := range got {
		if !m.Stored || m.Magic != "b2frame\x00" {
			t.Errorf("member %+v", m)
		}
		if i == len(got)-1 {
			if m.Name != EmbedName {
				t.Errorf("last member %q, want %s", m.Name, EmbedName)
			}
			continue
		}
		if m.Size > prev {
			t.Errorf("member %s (%d bytes) after a smaller one", m.Name, m.Size)
		}
		prev = m.Size
		key, _ := keyOfLeaf(m.Name)
		e, err := s.Stat(key)
		if err != nil || e.Offset != m.Offset || e.Length != m.Size || e.Path != m.Name {
			t.Errorf("%s: %+v, %v; python: %+v", key, e, err, m)
		}
		wantNames = append(wantNames, m.Name)
	}
	if len(wantNames) != 2 {
		t.Errorf("leaves %v", wantNames)
	}
}

// msgpackScript unpacks each file argument as python-blosc2 does
// (msgpack.unpackb, str keys) and prints the values as JSON.
const msgpackScript = `
import json, sys, msgpack
json.dump([msgpack.unpackb(open(p, "rb").read()) for p in sys.argv[1:]], sys.stdout)
`

// TestPeerMsgpack has Debian's python3-msgpack decode the embed store's
// estore_metadata and fixed metalayer written here.
func TestPeerMsgpack(t *testing.T) {
	peertest.Python(t, "msgpack")
	dir := t.TempDir()
	name := filepath.Join(dir, "s.b2d")
	writeStore(t, name, &Options{Threshold: 1000, Flavor: FlavorDict}, testContent())
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	meta, err := s.Embed().VLMetalayer(vlmetaEstore)
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := s.Embed().Metalayer(metaDict)
	if err != nil {
		t.Fatal("no b2dict metalayer")
	}
	p1, p2 := filepath.Join(dir, "meta"), filepath.Join(dir, "fixed")
	if err := os.WriteFile(p1, meta, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p2, fixed, 0o644); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(peertest.RunPython(t, msgpackScript, p1, p2), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"embed_map": map[string]any{}, "current_offset": float64(0)}
	em := want["embed_map"].(map[string]any)
	var off int64
	for _, k := range s.embed.keys {
		e := s.embed.entries[k]
		if e.remote() {
			em[k] = map[string]any{"urlbase": e.urlbase, "path": e.path}
			continue
		}
		em[k] = map[string]any{"offset": float64(e.offset), "length": float64(e.length)}
		off += e.length
	}
	want["current_offset"] = float64(off)
	if len(em) != 3 {
		t.Errorf("embedded keys %v", s.embed.keys)
	}
	if !reflect.DeepEqual(got[0], want) {
		t.Errorf("estore_metadata %v, want %v", got[0], want)
	}
	if !reflect.DeepEqual(got[1], map[string]any{"version": float64(1)}) {
		t.Errorf("b2dict %v", got[1])
	}
}
