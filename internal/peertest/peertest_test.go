package peertest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeTB records how a check ended: "pass", "skip" or "fatal", with the
// message. Skip and Fatal end the goroutine as the real ones do.
type fakeTB struct {
	testing.TB
	outcome string
	msg     string
}

func (f *fakeTB) Helper() {}

func (f *fakeTB) end(outcome string, args ...any) {
	f.outcome, f.msg = outcome, fmt.Sprint(args...)
	runtime.Goexit()
}

func (f *fakeTB) Skip(args ...any)                 { f.end("skip", args...) }
func (f *fakeTB) Skipf(format string, args ...any) { f.end("skip", fmt.Sprintf(format, args...)) }
func (f *fakeTB) Fatal(args ...any)                { f.end("fatal", args...) }
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.end("fatal", fmt.Sprintf(format, args...))
}

// run calls check with a fake TB in its own goroutine and returns how it
// ended.
func run(check func(tb testing.TB)) *fakeTB {
	f := &fakeTB{outcome: "pass"}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(f)
	}()
	<-done
	return f
}

const fakeModule = "blosc2go_peertest_no_such_module"

func TestPythonPolicy(t *testing.T) {
	// The rows with a present module need the interpreter itself.
	if err := CheckPython(); err != nil {
		SkipIfDisabled(t, PythonPath)
		Missing(t, err.Error())
	}
	tests := []struct {
		noPeers, ci string
		modules     []string
		want        string
		msgHas      []string
	}{
		{"", "", []string{"json"}, "pass", nil},
		{"0", "", []string{"json"}, "pass", nil},
		{"", "1", []string{"json"}, "pass", nil},
		{"1", "", []string{"json"}, "skip", []string{"BLOSC2_NO_PEERS", PythonPath + " with json"}},
		{"1", "1", []string{fakeModule}, "skip", []string{"BLOSC2_NO_PEERS"}},
		{"yes", "", []string{fakeModule}, "skip", []string{"BLOSC2_NO_PEERS"}},
		{"", "", []string{"json", fakeModule}, "skip", []string{fakeModule, "python3-" + fakeModule}},
		{"0", "", []string{fakeModule}, "skip", []string{fakeModule}},
		{"", "1", []string{fakeModule, "json"}, "fatal", []string{"cannot import " + fakeModule + " (", "python3-" + fakeModule}},
		{"", "true", []string{fakeModule}, "fatal", []string{fakeModule}},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("NO_PEERS=%q,CI=%q,%s", tt.noPeers, tt.ci, strings.Join(tt.modules, "+"))
		t.Run(name, func(t *testing.T) {
			t.Setenv("BLOSC2_NO_PEERS", tt.noPeers)
			t.Setenv("CI", tt.ci)
			var got string
			f := run(func(tb testing.TB) { got = Python(tb, tt.modules...) })
			if f.outcome != tt.want {
				t.Fatalf("outcome %s (%q), want %s", f.outcome, f.msg, tt.want)
			}
			if f.outcome == "pass" && got != PythonPath {
				t.Errorf("Python returned %q, want %q", got, PythonPath)
			}
			for _, s := range tt.msgHas {
				if !strings.Contains(f.msg, s) {
					t.Errorf("message %q lacks %q", f.msg, s)
				}
			}
			if f.outcome != "pass" && !Disabled() && strings.Contains(f.msg, "json") {
				t.Errorf("message %q names the module that imports", f.msg)
			}
		})
	}
}

func TestDebianPackage(t *testing.T) {
	for module, want := range map[string]string{
		"blosc": "python3-blosc", "numcodecs": "python3-numcodecs", "zarr": "python3-zarr",
		"tifffile": "python3-tifffile", "numpy": "python3-numpy", "yaml": "python3-yaml",
	} {
		if got := DebianPackage(module); got != want {
			t.Errorf("DebianPackage(%q) = %q, want %q", module, got, want)
		}
	}
}

func TestNodePolicy(t *testing.T) {
	const env = "BLOSC2_PEERTEST_NODE_DIR"
	installed := t.TempDir()
	if err := os.MkdirAll(filepath.Join(installed, "node_modules", "fakepkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(installed, "node_modules", "fakepkg", "package.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, nodeErr := exec.LookPath("node")
	tests := []struct {
		noPeers, ci, dir string
		want             string
		msgHas           string
	}{
		{"1", "1", "", "skip", "BLOSC2_NO_PEERS is set: skipping a test that needs node with fakepkg"},
		{"", "", "", "skip", "set " + env},
		{"", "1", "", "fatal", "how to set up"},
		{"", "", t.TempDir(), "skip", "fakepkg not installed"},
		{"", "1", t.TempDir(), "fatal", "how to set up"},
		{"", "1", installed, "pass", ""},
	}
	for i, tt := range tests {
		if tt.want == "pass" && nodeErr != nil {
			tt.want, tt.msgHas = map[bool]string{true: "fatal", false: "skip"}[tt.ci != ""], "nodejs"
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Setenv("BLOSC2_NO_PEERS", tt.noPeers)
			t.Setenv("CI", tt.ci)
			t.Setenv(env, tt.dir)
			var node, modules string
			f := run(func(tb testing.TB) { node, modules = Node(tb, env, "fakepkg", "how to set up") })
			if f.outcome != tt.want || !strings.Contains(f.msg, tt.msgHas) {
				t.Fatalf("outcome %s (%q), want %s with %q", f.outcome, f.msg, tt.want, tt.msgHas)
			}
			if f.outcome == "pass" && (node == "" || modules != filepath.Join(installed, "node_modules")) {
				t.Errorf("Node returned %q, %q", node, modules)
			}
		})
	}
}

func TestRunPython(t *testing.T) {
	Python(t)
	if got := string(RunPython(t, "import sys; print(' '.join(sys.argv[1:]))", "a", "b c")); got != "a b c\n" {
		t.Errorf("RunPython printed %q", got)
	}
	f := run(func(tb testing.TB) {
		RunPython(tb, "import sys; sys.stderr.write('went wrong here'); sys.exit(3)")
	})
	if f.outcome != "fatal" || !strings.Contains(f.msg, "went wrong here") || !strings.Contains(f.msg, "exit status 3") {
		t.Errorf("a failing script: outcome %s (%q), want fatal with its stderr", f.outcome, f.msg)
	}
}
