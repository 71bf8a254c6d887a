// Command build builds the Blosc2 web viewer into a folder of static files:
//
//	go run ./cmd/blosc2view/build -o site
//
// writes site/index.html, viewer.js, viewer.css, blosc2view.wasm (package
// blosc2view built with GOOS=js GOARCH=wasm) and wasm_exec.js (the Go
// runtime's JavaScript support, copied from the Go installation that builds
// it). Serve the folder with any static web server, for instance
// `python3 -m http.server -d site`, and open it in a browser; a URL such as
// index.html?url=data.b2nd loads a file of the same server at start.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/blosc2go/blosc2/cmd/blosc2view/static"
)

// wasmPackage is the package compiled to blosc2view.wasm.
const wasmPackage = "github.com/blosc2go/blosc2/cmd/blosc2view"

func main() {
	out := flag.String("o", "site", "write the site into `DIR` (created if needed)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./cmd/blosc2view/build [-o DIR]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := Build(*out, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

// Build writes the site into dir; the go command's messages go to stderr.
func Build(dir string, stderr io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gobin, err := goCommand()
	if err != nil {
		return err
	}
	wasm := filepath.Join(dir, "blosc2view.wasm")
	cmd := exec.Command(gobin, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, wasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build of %s: %w", wasmPackage, err)
	}
	support, err := wasmExecJS(gobin)
	if err != nil {
		return err
	}
	if err := copyFile(filepath.Join(dir, "wasm_exec.js"), support); err != nil {
		return err
	}
	return fs.WalkDir(static.Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.Files.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, path), b, 0o644)
	})
}

// goCommand finds the go command: $GOROOT/bin/go when go run set GOROOT,
// else go on the PATH.
func goCommand() (string, error) {
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	p, err := exec.LookPath("go")
	if err != nil {
		return "", errors.New("the go command is not on the PATH")
	}
	return p, nil
}

// wasmExecJS returns the path of wasm_exec.js of the Go installation:
// lib/wasm since Go 1.24, misc/wasm before.
func wasmExecJS(gobin string) (string, error) {
	out, err := exec.Command(gobin, "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(out))
	for _, sub := range []string{"lib/wasm", "misc/wasm"} {
		p := filepath.Join(root, filepath.FromSlash(sub), "wasm_exec.js")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no wasm_exec.js in %s/lib/wasm or %s/misc/wasm", root, root)
}

func copyFile(dst, src string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
