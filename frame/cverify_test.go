package frame

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// cb2Verify is C-Blosc2's reader as a local instrument (built by
// shared/reference/tools/build.sh); CI does not have it.
const cb2Verify = "/usr/local/bin/cb2-verify"

// haveCVerify reports whether cb2-verify is installed and can be run (not
// from WebAssembly, which has no processes).
func haveCVerify() bool {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		return false
	}
	_, err := os.Stat(cb2Verify)
	return err == nil
}

// cVerify checks with C-Blosc2 that the frame at path decodes to raw. It
// reports false when cb2-verify is not installed.
func cVerify(t testing.TB, path string, raw []byte) bool {
	t.Helper()
	if !haveCVerify() {
		return false
	}
	rf := filepath.Join(t.TempDir(), "raw")
	must(t, os.WriteFile(rf, raw, 0o644))
	out, err := exec.Command(cb2Verify, "frame", path, rf).CombinedOutput()
	if err != nil {
		t.Fatalf("C-Blosc2 does not read %s: %v\n%s", path, err, out)
	}
	return true
}

// TestCReadsEditedFrames: C-Blosc2 reads the frames in-place edits leave
// (dead chunks and old indexes inside the chunk section, a file longer
// than the frame) and the compacted frame.
func TestCReadsEditedFrames(t *testing.T) {
	if !haveCVerify() {
		t.Skip("cb2-verify not installed (C-Blosc2 instrument, see shared/reference/tools)")
	}
	path, want := newTestFrame(t, t.TempDir(), 5, 16<<10)
	e, err := Edit(path, nil)
	must(t, err)
	defer e.Close()
	steps := []func(){
		func() { must(t, e.AppendData(want[1])); want = append(want, want[1]) },
		func() {
			c, _ := BloscCompressor(e.Params())(nil, testgen.Random(16<<10, 5), 4)
			must(t, e.UpdateChunk(2, c))
			want[2] = testgen.Random(16<<10, 5)
		},
		func() { must(t, e.DeleteChunk(0)); want = want[1:] },
		func() {
			must(t, e.Reorder([]int{4, 3, 2, 1, 0}))
			want = []([]byte){want[4], want[3], want[2], want[1], want[0]}
		},
		func() {
			must(t, e.SetVLMetalayer("x", []byte("y")))
			must(t, e.AppendData(want[0][:5000]))
			want = append(want, want[0][:5000])
		},
	}
	for i, s := range steps {
		s()
		must(t, e.Sync())
		// A failed commit's leftovers past the frame do not matter either.
		fh, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		fh.Write(bytes.Repeat([]byte{0xee}, 100))
		fh.Close()
		checkFrame(t, path, want)
		cVerify(t, path, bytes.Join(want, nil))
		t.Logf("step %d verified by C-Blosc2", i)
	}
	must(t, e.Compact())
	cVerify(t, path, bytes.Join(want, nil))
}
