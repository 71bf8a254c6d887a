package zarr

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Peer tests run real Zarr clients: Debian's python3-zarr (zarr-python 2.x,
// for its N5 store) and python3-tifffile, and zarrita on Node.js. Policy:
// skipped when BLOSC2_NO_PEERS=1; a missing peer fails the test when CI is
// set and skips it otherwise.

const python = "/usr/bin/python3"

func peerMissing(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

func skipNoPeers(t *testing.T) {
	t.Helper()
	if os.Getenv("BLOSC2_NO_PEERS") == "1" {
		t.Skip("BLOSC2_NO_PEERS=1")
	}
}

// requirePython checks that /usr/bin/python3 imports the given modules;
// debs names the Debian packages providing them.
func requirePython(t *testing.T, modules, debs string) {
	t.Helper()
	skipNoPeers(t)
	if out, err := exec.Command(python, "-c", "import "+modules).CombinedOutput(); err != nil {
		peerMissing(t, "peer missing: "+python+" cannot import "+modules+" (apt-get install "+debs+"): "+string(bytes.TrimSpace(out)))
	}
}

// runPython runs a Python script with arguments and returns its stdout.
func runPython(t *testing.T, script string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(python, append([]string{"-c", script}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python peer failed: %v\n%s", err, stderr.Bytes())
	}
	return out
}

// zarritaScript prepares a directory from which zarrita_peer.mjs resolves
// the zarrita packages that CI installed in $ZARRITA_DIR (see
// testdata/js/package.json), and returns the script's path there.
func zarritaScript(t *testing.T) string {
	t.Helper()
	skipNoPeers(t)
	const how = "set ZARRITA_DIR to a directory prepared with: cp zarr/testdata/js/package*.json $ZARRITA_DIR && (cd $ZARRITA_DIR && npm ci)"
	dir := os.Getenv("ZARRITA_DIR")
	if dir == "" {
		peerMissing(t, "zarrita peer not configured: "+how)
	}
	mods, err := filepath.Abs(filepath.Join(dir, "node_modules"))
	if err == nil {
		_, err = os.Stat(filepath.Join(mods, "zarrita", "package.json"))
	}
	if err != nil {
		peerMissing(t, "zarrita not installed in $ZARRITA_DIR ("+err.Error()+"): "+how)
	}
	if _, err := exec.LookPath("node"); err != nil {
		peerMissing(t, "node not found (apt-get install nodejs)")
	}
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

func runNode(t *testing.T, script string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("node", append([]string{script}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("zarrita peer %v failed: %v\n%s", args, err, stderr.Bytes())
	}
	return out
}
