// Package peertest applies the project's policy for tests that need a peer
// program: Debian's /usr/bin/python3 with modules such as blosc (C-Blosc
// 1.21), numcodecs, zarr or tifffile, or node with npm packages such as
// zarrita.
//
// The policy:
//   - when the environment variable BLOSC2_NO_PEERS is set (to anything
//     but "" or "0"), the test is skipped (emulated CI runs set it);
//   - otherwise, when the peer is missing, the test fails if the
//     environment variable CI is non-empty and is skipped if not, with a
//     message naming the package to install.
//
// The package imports testing and is meant for the _test.go files of this
// module only.
package peertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// PythonPath is the interpreter of Debian's python3 packages. It is used
// instead of the python3 on PATH, which may be a virtual environment.
const PythonPath = "/usr/bin/python3"

// debianPackages names the Debian package providing each Python module the
// tests import. Modules not listed follow Debian's naming rule, python3-
// and the module name.
var debianPackages = map[string]string{
	"blosc":     "python3-blosc",
	"numcodecs": "python3-numcodecs",
	"numpy":     "python3-numpy",
	"tifffile":  "python3-tifffile",
	"zarr":      "python3-zarr",
}

// DebianPackage returns the Debian package providing Python module module.
func DebianPackage(module string) string {
	if p, ok := debianPackages[module]; ok {
		return p
	}
	return "python3-" + module
}

// Disabled reports whether BLOSC2_NO_PEERS asks to skip the tests that
// need a peer.
func Disabled() bool {
	v := os.Getenv("BLOSC2_NO_PEERS")
	return v != "" && v != "0"
}

// SkipIfDisabled skips tb when BLOSC2_NO_PEERS is set; peer names the
// program the test needs, for the message.
func SkipIfDisabled(tb testing.TB, peer string) {
	tb.Helper()
	if Disabled() {
		tb.Skip("BLOSC2_NO_PEERS is set: skipping a test that needs " + peer)
	}
}

// Missing reports that a peer is missing: tb fails with msg when CI is set
// and is skipped with msg otherwise.
func Missing(tb testing.TB, msg string) {
	tb.Helper()
	if os.Getenv("CI") != "" {
		tb.Fatal(msg)
	}
	tb.Skip(msg)
}

// checkImports imports each module given as an argument and prints one
// line per module that fails: the module name, a tab and the error.
const checkImports = `
import importlib, sys
for m in sys.argv[1:]:
    try:
        importlib.import_module(m)
    except Exception as e:
        print(m + "\t" + repr(e).replace("\n", " "))
`

// CheckPython reports whether PythonPath runs and imports every module. Its
// error names the Debian packages to install. It does not look at the
// environment.
func CheckPython(modules ...string) error {
	var stderr bytes.Buffer
	cmd := exec.Command(PythonPath, append([]string{"-c", checkImports}, modules...)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		pkgs := []string{"python3"}
		for _, m := range modules {
			pkgs = append(pkgs, DebianPackage(m))
		}
		return fmt.Errorf("peer missing: %s does not run (%v: %s); install the Debian packages %s",
			PythonPath, err, strings.TrimSpace(stderr.String()), strings.Join(pkgs, " "))
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil
	}
	var missing, reasons, pkgs []string
	for _, l := range lines {
		m, reason, _ := strings.Cut(l, "\t")
		missing = append(missing, m)
		reasons = append(reasons, m+": "+reason)
		pkgs = append(pkgs, DebianPackage(m))
	}
	return fmt.Errorf("peer missing: %s cannot import %s (%s); install the Debian package(s) %s",
		PythonPath, strings.Join(missing, ", "), strings.Join(reasons, "; "), strings.Join(pkgs, " "))
}

// Python applies the policy to PythonPath with the given modules and
// returns PythonPath when every module imports.
func Python(tb testing.TB, modules ...string) string {
	tb.Helper()
	peer := PythonPath
	if len(modules) > 0 {
		peer += " with " + strings.Join(modules, ", ")
	}
	SkipIfDisabled(tb, peer)
	if err := CheckPython(modules...); err != nil {
		Missing(tb, err.Error())
	}
	return PythonPath
}

// Node applies the policy to node and an npm package pkg installed in the
// directory named by the environment variable dirEnv. It returns the node
// executable and the absolute path of that directory's node_modules. setup
// tells how to prepare the directory; the messages include it.
func Node(tb testing.TB, dirEnv, pkg, setup string) (node, modules string) {
	tb.Helper()
	SkipIfDisabled(tb, "node with "+pkg)
	dir := os.Getenv(dirEnv)
	if dir == "" {
		Missing(tb, fmt.Sprintf("%s peer not configured: set %s to a directory prepared with: %s", pkg, dirEnv, setup))
	}
	modules, err := filepath.Abs(filepath.Join(dir, "node_modules"))
	if err == nil {
		_, err = os.Stat(filepath.Join(modules, pkg, "package.json"))
	}
	if err != nil {
		Missing(tb, fmt.Sprintf("%s not installed in $%s (%v): %s", pkg, dirEnv, err, setup))
	}
	node, err = exec.LookPath("node")
	if err != nil {
		Missing(tb, fmt.Sprintf("node not found (%v); install the Debian package nodejs", err))
	}
	return node, modules
}

// Output runs cmd and returns its standard output. When cmd fails, tb fails
// with what, the error and cmd's standard error (unless cmd.Stderr is
// already set).
func Output(tb testing.TB, what string, cmd *exec.Cmd) []byte {
	tb.Helper()
	var stderr bytes.Buffer
	if cmd.Stderr == nil {
		cmd.Stderr = &stderr
	}
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("%s failed: %v\n%s", what, err, stderr.Bytes())
	}
	return out
}

// RunPython runs script with PythonPath -c and the arguments and returns
// its standard output; tb fails with the script's standard error when it
// fails.
func RunPython(tb testing.TB, script string, args ...string) []byte {
	tb.Helper()
	return Output(tb, "python peer", exec.Command(PythonPath, append([]string{"-c", script}, args...)...))
}

// cblosc1SumsScript decodes each chunk listed in the JSON file argv[1]
// with C-Blosc 1.x and prints its version and, per chunk, the sha256 of
// the decoded bytes or the error.
const cblosc1SumsScript = `
import hashlib, json, sys
import blosc
out = {"version": blosc.blosclib_version, "results": {}}
for p in json.load(open(sys.argv[1])):
    try:
        with open(p, "rb") as f:
            out["results"][p] = hashlib.sha256(blosc.decompress(f.read())).hexdigest()
    except Exception as e:
        out["results"][p] = "error: %s" % e
json.dump(out, sys.stdout)
`

// CBlosc1Sums has C-Blosc 1.x (Debian's python3-blosc) decode the chunk
// files at paths and returns its version and, for each path, the hex
// sha256 of the decoded bytes or "error: " and C-Blosc's message. It
// applies the policy to the blosc module first; dir is a directory for
// the list of paths.
func CBlosc1Sums(tb testing.TB, dir string, paths []string) (version string, sums map[string]string) {
	tb.Helper()
	Python(tb, "blosc")
	list, err := json.Marshal(paths)
	if err != nil {
		tb.Fatal(err)
	}
	listPath := filepath.Join(dir, "cblosc1-list.json")
	if err := os.WriteFile(listPath, list, 0o644); err != nil {
		tb.Fatal(err)
	}
	var res struct {
		Version string            `json:"version"`
		Results map[string]string `json:"results"`
	}
	if err := json.Unmarshal(RunPython(tb, cblosc1SumsScript, listPath), &res); err != nil {
		tb.Fatal(err)
	}
	return res.Version, res.Results
}

// Command applies the policy to the program name, provided by the Debian
// package pkg, and returns its path.
func Command(tb testing.TB, name, pkg string) string {
	tb.Helper()
	SkipIfDisabled(tb, name)
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(tb, fmt.Sprintf("peer missing: %s not found (%v); install the Debian package %s", name, err, pkg))
	}
	return p
}
