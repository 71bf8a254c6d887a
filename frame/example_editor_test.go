package frame_test

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/frame"
)

// Appending data to an existing frame file in place: each Sync is durable
// and crash-safe, and costs the new chunk plus the index, whatever the
// size of the file.
func ExampleEditor() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "log.b2frame")

	// A frame with one chunk.
	fh, _ := os.Create(path)
	w, _ := frame.NewWriter(fh, frame.DefaultParams())
	w.AppendData(bytes.Repeat([]byte("day 1 "), 1000))
	w.Close()
	fh.Close()

	e, err := frame.Edit(path, nil)
	if err != nil {
		log.Fatal(err)
	}
	for day := 2; day <= 3; day++ {
		// Compressed with the frame's own parameters.
		if err := e.AppendData(bytes.Repeat([]byte(fmt.Sprintf("day %d ", day)), 1000)); err != nil {
			log.Fatal(err)
		}
		if err := e.Sync(); err != nil {
			log.Fatal(err)
		}
	}
	e.Close()

	f, err := frame.OpenFile(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	last, _ := f.Chunk(nil, f.NChunks()-1)
	fmt.Println(f.NChunks(), "chunks; the last starts with", string(last[:6]))
	// Output: 3 chunks; the last starts with day 3
}
