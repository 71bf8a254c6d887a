package zstd

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden from the zstd command line tool")

// cliInputs are the inputs compressed with the zstd command line tool.
func cliInputs() map[string][]byte {
	return map[string][]byte{
		"text":  testgen.Text(20000, 11),
		"mixed": testgen.Mixed(30000, 12),
		"sine8": testgen.Shuffle(testgen.Sine(16384), 8),
	}
}

// dictSamples are the samples a dictionary is trained on, and dictInput
// what is compressed with it.
func dictSamples() [][]byte {
	var s [][]byte
	for i := 0; i < 300; i++ {
		s = append(s, testgen.Text(1000+i*7, uint64(100+i)))
	}
	return s
}

func dictInput() []byte { return testgen.Text(3000, 999) }

// cliCase is one way of running the tool: its arguments and a name.
type cliCase struct {
	name string
	args []string
}

func cliCases(short bool) []cliCase {
	var cs []cliCase
	for l := 1; l <= 19; l++ {
		if short && l != 1 && l != 3 && l != 19 {
			continue
		}
		cs = append(cs, cliCase{fmt.Sprintf("l%d", l), []string{fmt.Sprintf("-%d", l)}})
	}
	cs = append(cs,
		cliCase{"ultra22", []string{"--ultra", "-22"}},
		cliCase{"long27", []string{"--long=27", "-19"}},
		cliCase{"l3-check", []string{"-3", "--check"}},
		cliCase{"l3-nocheck", []string{"-3", "--no-check"}},
		cliCase{"l19-check", []string{"-19", "--check"}},
		cliCase{"l1-nocontentsize", []string{"-1", "--no-content-size"}},
	)
	return cs
}

// runZstd compresses in with the tool and the arguments.
func runZstd(t *testing.T, tool string, in []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(tool, append([]string{"-q", "-c"}, args...)...)
	cmd.Stdin = bytes.NewReader(in)
	return peertest.Output(t, "zstd "+fmt.Sprint(args), cmd)
}

// TestZstdCLI decodes what Debian's zstd command line tool writes: every
// level, --ultra -22, --long, with and without checksums and content
// size, and with a dictionary trained by zstd --train.
func TestZstdCLI(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	var d Decoder
	golden := map[string][]byte{}
	sums := map[string][]byte{} // the content of each golden frame
	for name, in := range cliInputs() {
		if testing.Short() && name != "text" {
			continue
		}
		for _, c := range cliCases(testing.Short()) {
			f := runZstd(t, tool, in, c.args...)
			check(t, &d, name+"/"+c.name, f, in, nil)
			if name == "text" || c.name == "l3-check" {
				golden[name+"-"+c.name] = f
				sums[name+"-"+c.name] = in
			}
		}
	}
	// A trained dictionary.
	dir := t.TempDir()
	var files []string
	for i, s := range dictSamples() {
		p := filepath.Join(dir, fmt.Sprintf("s%03d", i))
		if err := os.WriteFile(p, s, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	dictPath := filepath.Join(dir, "dict")
	peertest.Output(t, "zstd --train", exec.Command(tool, append([]string{"-q", "--train", "--maxdict=16384", "-o", dictPath}, files...)...))
	dictBytes, err := os.ReadFile(dictPath)
	if err != nil {
		t.Fatal(err)
	}
	dict, err := NewDict(dictBytes)
	if err != nil {
		t.Fatal(err)
	}
	if dict.ID() == 0 {
		t.Fatal("trained dictionary without an ID")
	}
	in := dictInput()
	for _, l := range []string{"-1", "-3", "-9", "-19"} {
		f := runZstd(t, tool, in, l, "-D", dictPath)
		check(t, &d, "dict"+l, f, in, dict)
		golden["dict"+l] = f
		sums["dict"+l] = in
	}
	if *updateGolden {
		if err := os.WriteFile(filepath.Join("testdata", "golden", "trained.dict"), dictBytes, 0o644); err != nil {
			t.Fatal(err)
		}
		var list []string
		for name, in := range sums {
			list = append(list, fmt.Sprintf("%x  %s.zst\n", sha256.Sum256(in), name))
		}
		sort.Strings(list)
		if err := os.WriteFile(filepath.Join("testdata", "golden", "SHA256SUMS"), []byte(strings.Join(list, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		for name, b := range golden {
			if err := os.WriteFile(filepath.Join("testdata", "golden", name+".zst"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestGolden decodes frames the zstd command line tool wrote (committed in
// testdata/golden by TestZstdCLI -update, with the sha256 of their
// content), so that the tool's output is tested without it.
func TestGolden(t *testing.T) {
	list, err := os.ReadFile(filepath.Join("testdata", "golden", "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	dictBytes, err := os.ReadFile(filepath.Join("testdata", "golden", "trained.dict"))
	if err != nil {
		t.Fatal(err)
	}
	dict, err := NewDict(dictBytes)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(list)), "\n")
	if len(lines) < 10 {
		t.Fatalf("%d golden frames", len(lines))
	}
	var d Decoder
	for _, l := range lines {
		sum, name, _ := strings.Cut(l, "  ")
		f, err := os.ReadFile(filepath.Join("testdata", "golden", name))
		if err != nil {
			t.Fatal(err)
		}
		var dd *Dict
		if strings.HasPrefix(name, "dict") {
			dd = dict
		}
		dst := make([]byte, 1<<20)
		n, err := d.DecodeDictInto(dst, f, dd)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(dst[:n])); got != sum {
			t.Errorf("%s: decoded content has sha256 %s, want %s", name, got, sum)
		}
	}
}
