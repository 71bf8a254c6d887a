package frame

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// benchFrames caches the big frames BenchmarkEditorAppend appends to, so
// that the benchmark's rounds do not write them again.
var benchFrames = map[int64]string{}

// benchFrame returns a frame of about size bytes of 1 MiB chunks (DefaultParams).
func benchFrame(b *testing.B, size int64) string {
	if p, ok := benchFrames[size]; ok {
		return p
	}
	dir, err := os.MkdirTemp("", "blosc2-bench-")
	must(b, err)
	path := filepath.Join(dir, "big.b2frame")
	fh, err := os.Create(path)
	must(b, err)
	w, err := NewWriter(fh, DefaultParams())
	must(b, err)
	chunk, err := BloscCompressor(DefaultParams())(nil, testgen.Mixed(1<<20, 1), 8)
	must(b, err)
	for n := int64(0); n < size; n += int64(len(chunk)) {
		must(b, w.AppendChunk(chunk))
	}
	must(b, w.Close())
	must(b, fh.Sync()) // the first timed fsync must not flush the setup
	must(b, fh.Close())
	benchFrames[size] = path
	return path
}

// BenchmarkEditorAppend appends 1 MiB of data (compressed with the frame's
// parameters) to frames of growing size, one Sync per append: the time
// per append must not depend on the size of the frame. "durable" is the
// default (two fsyncs per append); "nosync" leaves out the fsyncs, as
// C-Blosc2's blosc2_schunk_append_buffer does. -short runs only the small
// frame.
func BenchmarkEditorAppend(b *testing.B) {
	data := testgen.Mixed(1<<20, 2)
	sizes := []int64{64 << 20, 1 << 30, 2 << 30}
	if testing.Short() {
		sizes = sizes[:1]
	}
	defer func() {
		for _, p := range benchFrames {
			os.RemoveAll(filepath.Dir(p))
		}
		benchFrames = map[int64]string{}
	}()
	for _, size := range sizes {
		for _, mode := range []string{"durable", "nosync"} {
			b.Run(fmt.Sprintf("frame=%dMiB/%s", size>>20, mode), func(b *testing.B) {
				path := benchFrame(b, size)
				var fsys fileSystem = osFS
				if mode == "nosync" {
					fsys = noSyncFS{}
				}
				e, err := editOn(fsys, path, settings{})
				must(b, err)
				defer e.Close()
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := e.AppendData(data); err != nil {
						b.Fatal(err)
					}
					if err := e.Sync(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
