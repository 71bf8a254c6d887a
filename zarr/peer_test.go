package zarr

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
)

// Peer tests run real Zarr clients: Debian's python3-zarr (zarr-python 2.x,
// for its N5 store) and python3-tifffile, and zarrita on Node.js, under the
// policy of internal/peertest.

// zarritaScript prepares a directory from which zarrita_peer.mjs resolves
// the zarrita packages that CI installed in $ZARRITA_DIR (see
// testdata/js/package.json), and returns the script's path there.
func zarritaScript(t *testing.T) string {
	t.Helper()
	const setup = "cp zarr/testdata/js/package*.json $ZARRITA_DIR && (cd $ZARRITA_DIR && npm ci)"
	_, mods := peertest.Node(t, "ZARRITA_DIR", "zarrita", setup)
	work := t.TempDir()
	if err := os.Symlink(mods, filepath.Join(work, "node_modules")); err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join("testdata", "js", "zarrita_peer.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(work, "zarrita_peer.mjs")
	if err := os.WriteFile(path, script, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runNode runs the zarrita peer script with arguments and returns its
// standard output.
func runNode(t *testing.T, script string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("node", append([]string{script}, args...)...)
	return peertest.Output(t, fmt.Sprintf("zarrita peer %v", args), cmd)
}
