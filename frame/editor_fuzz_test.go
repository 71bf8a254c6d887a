package frame

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// fuzzChunk returns the data of a chunk: mostly 2048 bytes, sometimes
// shorter (variable chunk sizes), sometimes zeros (a special chunk).
func fuzzChunk(seed byte) []byte {
	switch {
	case seed%11 == 0:
		return make([]byte, 2048)
	case seed%7 == 0:
		return testgen.Mixed(512+int(seed), uint64(seed))
	}
	return testgen.Mixed(2048, uint64(seed))
}

// FuzzEditor applies random edit sequences to a frame and to an in-memory
// model, and compares them after every Sync, Compact and reopening.
func FuzzEditor(f *testing.F) {
	f.Add([]byte{0, 1, 0, 2, 6, 2, 3, 5, 9, 6, 4, 1, 7, 8})
	f.Add([]byte{3, 0, 3, 1, 3, 2, 6, 1, 7, 6, 8, 0, 22, 6})
	f.Add([]byte{0, 11, 0, 14, 6, 5, 0, 0, 6, 7, 8})
	f.Add([]byte{0x80, 1, 0, 2, 6, 2, 3, 5, 9, 6, 4, 1, 7, 8, 0, 11, 6, 0})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		dir := t.TempDir()
		path, model := newTestFrame(t, dir, 2, 2048)
		if len(ops) > 0 && ops[0]&0x80 != 0 { // a sparse frame
			path = filepath.Join(dir, "sparse")
			p := DefaultParams()
			p.Typesize, p.Codec = 4, 1
			w, err := NewSparseWriter(path, p)
			must(t, err)
			for _, c := range model {
				must(t, w.AppendData(c))
			}
			must(t, w.Close())
		}
		e, err := editOn(noSyncFS{}, path, settings{})
		must(t, err)
		defer func() { e.Close() }()
		synced := append([][]byte(nil), model...)
		vl, syncedVL := "", ""
		check := func(what string) {
			checkFrame(t, path, model)
			if v, err := e.Frame().VLMetalayer("v"); vl != "" && (err != nil || string(v) != vl) {
				t.Fatalf("%s: vlmetalayer %q %v, want %q", what, v, err, vl)
			}
			synced, syncedVL = append([][]byte(nil), model...), vl
		}
		for k := 0; k+1 < len(ops); k += 2 {
			op, arg := ops[k]%9, ops[k+1]
			n := len(model)
			switch op {
			case 0: // append
				c := fuzzChunk(arg)
				must(t, e.AppendData(c))
				model = append(model, c)
			case 1: // insert
				i := int(arg) % (n + 1)
				c := fuzzChunk(arg)
				raw, err := BloscCompressor(e.Params())(nil, c, 4)
				must(t, err)
				must(t, e.InsertChunk(i, raw))
				model = append(model[:i], append([][]byte{c}, model[i:]...)...)
			case 2: // update
				if n == 0 {
					continue
				}
				i := int(arg) % n
				c := fuzzChunk(arg + 1)
				raw, _ := BloscCompressor(e.Params())(nil, c, 4)
				must(t, e.UpdateChunk(i, raw))
				model[i] = c
			case 3: // delete
				if n == 0 {
					continue
				}
				i := int(arg) % n
				must(t, e.DeleteChunk(i))
				model = append(model[:i:i], model[i+1:]...)
			case 4: // reorder: rotate
				if n == 0 {
					continue
				}
				r := int(arg) % n
				order := make([]int, n)
				next := make([][]byte, n)
				for j := range order {
					order[j] = (j + r) % n
					next[j] = model[order[j]]
				}
				must(t, e.Reorder(order))
				model = next
			case 5: // vlmetalayer
				vl = string(rune('a' + arg%26))
				must(t, e.SetVLMetalayer("v", []byte(vl)))
			case 6:
				if err := e.Sync(); err != nil {
					if bytes.Equal(bytes.Join(model, nil), nil) && len(model) > 0 {
						// chunks of no bytes cannot be indexed: refused
						continue
					}
					t.Fatalf("Sync: %v", err)
				}
				check("Sync")
			case 7:
				must(t, e.Compact())
				check("Compact")
			case 8: // abandon pending edits and reopen
				must(t, e.Close())
				model, vl = append([][]byte(nil), synced...), syncedVL
				if e, err = editOn(noSyncFS{}, path, settings{}); err != nil {
					t.Fatal(err)
				}
				checkFrame(t, path, model)
			}
		}
		must(t, e.Commit())
		checkFrame(t, path, model)
	})
}
