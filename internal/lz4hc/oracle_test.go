package lz4hc

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestOracle compares with lz4 1.10.0 itself, every level 1..9 and several
// output capacities, when the environment variable LZ4HC_ORACLE names a
// program built against lz4 1.10.0's lz4.c and lz4hc.c (not part of the
// module). The program reads lines "INFILE LEVEL CAPACITY OUTFILE" on its
// standard input (CAPACITY -1 meaning LZ4_compressBound), calls
// LZ4_compress_HC(src, dst, size, CAPACITY, LEVEL), writes the result's
// bytes to OUTFILE and prints the returned size on a line of its own.
func TestOracle(t *testing.T) {
	prog := os.Getenv("LZ4HC_ORACLE")
	if prog == "" {
		t.Skip("LZ4HC_ORACLE is not set: no lz4 1.10.0 program to compare with")
	}
	max := 4 << 20
	if testing.Short() {
		max = 256 << 10
	}
	ds := testInputs(max)
	dir := t.TempDir()
	cmd := exec.Command(prog)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	lines := bufio.NewScanner(stdout)
	c := NewCompressor()
	checked := 0
	for i, d := range ds {
		in := filepath.Join(dir, strconv.Itoa(i))
		if err := os.WriteFile(in, d.data, 0o600); err != nil {
			t.Fatal(err)
		}
		for l := MinLevel; l <= MaxLevel; l++ {
			n := len(d.data)
			full := make([]byte, CompressBound(n))
			size := c.Compress(full, d.data, l)
			caps := []int{-1, n, n * 3 / 4, n / 2, size, size - 1, size - 5, size / 2, 16, 1, 0}
			for _, cp := range caps {
				if cp < -1 {
					continue
				}
				out := in + ".out"
				fmt.Fprintf(stdin, "%s %d %d %s\n", in, l, cp, out)
				if !lines.Scan() {
					t.Fatalf("oracle stopped: %v", lines.Err())
				}
				want, _ := strconv.Atoi(lines.Text())
				wantB, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				dcap := cp
				if cp == -1 {
					dcap = CompressBound(n)
				}
				dst := make([]byte, dcap+8)
				for k := range dst {
					dst[k] = 0xA5
				}
				got := c.Compress(dst[:dcap], d.data, l)
				for k := dcap; k < len(dst); k++ {
					if dst[k] != 0xA5 {
						t.Fatalf("%s level %d cap %d: wrote past len(dst)", d.name, l, dcap)
					}
				}
				if got != want || !bytes.Equal(dst[:got], wantB) {
					t.Errorf("%s level %d cap %d: %d bytes, lz4 %d; first difference at %d", d.name, l, cp, got, want, firstDiff(dst[:got], wantB))
				}
				checked++
			}
		}
	}
	t.Logf("%d compressions identical to lz4 1.10.0", checked)
}
