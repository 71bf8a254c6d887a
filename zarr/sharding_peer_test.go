package zarr

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestZarritaReadsSharded: zarrita reads the sharded arrays we write and a
// shard assembled by hand from the specification. (zarrita 0.7 cannot write
// sharded arrays, and reads the index from the end of the shard whatever
// index_location says, so the "start" case is read here only.)
func TestZarritaReadsSharded(t *testing.T) {
	script := zarritaScript(t)
	tmp := t.TempDir()
	var dirs []string
	var want [][]byte
	var names []string
	for _, c := range shardCases {
		if c.loc == "start" {
			continue
		}
		dir := filepath.Join(tmp, c.name+".zarr")
		a, err := CreateArray(NewFSStore(dir), "", c.metadata(t))
		if err != nil {
			t.Fatal(err)
		}
		data := c.data(t)
		if err := a.Write(data); err != nil {
			t.Fatal(err)
		}
		dirs, want, names = append(dirs, dir), append(want, data), append(names, c.name)
	}
	hand := filepath.Join(tmp, "hand.zarr")
	dirs, want, names = append(dirs, hand), append(want, handShardArray(t, NewFSStore(hand))), append(names, "hand-built")
	var results []struct {
		Error string `json:"error"`
		Data  []byte `json:"data"`
	}
	if err := json.Unmarshal(runNode(t, script, append([]string{"read-many"}, dirs...)...), &results); err != nil || len(results) != len(dirs) {
		t.Fatalf("%d results for %d arrays: %v", len(results), len(dirs), err)
	}
	for i, r := range results {
		t.Run(names[i], func(t *testing.T) {
			if r.Error != "" {
				t.Fatalf("zarrita cannot read the array: %s", r.Error)
			}
			if !bytes.Equal(r.Data, want[i]) {
				t.Fatalf("zarrita read different values (%d bytes, want %d)", len(r.Data), len(want[i]))
			}
		})
	}
}
