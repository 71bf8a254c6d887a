// Command blosc2 inspects, decodes and encodes Blosc2 chunks, contiguous
// frames (.b2frame), sparse frames (a directory holding chunks.b2frame) and
// b2nd arrays (.b2nd).
//
// Usage:
//
//	blosc2 compress [FLAGS] [-o OUT] FILE   compress FILE (- for stdin) into a frame, b2nd array or chunk
//	blosc2 decompress [-o OUT] FILE         write the decoded bytes (stdout when OUT is - or absent)
//	blosc2 info [--json] FILE               print the header fields as text or JSON
//	blosc2 plot [FLAGS] -o OUT.png FILE     draw a b2nd slice as a heatmap PNG, or (--chunks) a frame's chunk map
//
// compress takes --format frame|b2nd|chunk|blosc1 (default frame) and the
// chunk options --codec blosclz|lz4|lz4hc|zlib|zstd, --clevel 0..9,
// --typesize N, --blocksize N (0 = automatic), --filter NAME (repeatable, in
// pipeline order: shuffle, bitshuffle, delta, bytedelta, truncprec:BITS,
// inttrunc:BITS; none when absent), --splitmode
// always|never|auto|forward_compat and --nthreads N; the other defaults are
// those of package blosc (DefaultOptions: zstd, clevel 5, typesize 8, split
// mode auto).
//
// --format frame writes a contiguous frame: the input is cut into chunks of
// --chunksize BYTES (default 1 MiB rounded down to a multiple of the
// typesize), the last one shorter, and is read one chunk at a time.
// (python-blosc2's SChunk would make all the data one chunk of up to
// 256 MiB; 1 MiB chunks keep memory bounded and let readers decode chunks
// in parallel.)
//
// --format b2nd writes a b2nd array from the input read as the array in C
// order: --dtype is a NumPy dtype string (<f8, <i4, |u1, <U8, <M8[ns], ...;
// required, stored as NumPy writes it, e.g. f8 as <f8) whose item size is
// the typesize; --shape, --chunkshape and --blockshape are comma-separated
// extents (--shape 123,45). The whole input is read into memory. Without
// --shape the array is 1-D, of as many items as the input holds. Without --blockshape, blocks start at 2 items
// per dimension (1 where the chunk or array extent is 1) and double, last
// dimension first and capped by the chunk and the array, up to 128 KiB;
// without --chunkshape, chunks start at the block shape and double the same
// way, capped by the array, up to 2 MiB (python-blosc2's compute_chunks_blocks
// with its cache-size probes replaced by these fixed sizes). The input must
// hold exactly the items of --shape (exit status 1 otherwise); chunk and
// block shapes must have one extent >= 1 per dimension with blocks no
// larger than chunks (exit status 2 otherwise). --chunksize applies to
// frames only, --dtype and the shapes to b2nd only, --blocksize not to b2nd
// (its blocks are the block shape).
//
// --format chunk writes one Blosc2 chunk (32-byte header), --format blosc1
// one chunk with the 16-byte header C-Blosc 1.x and Zarr v2 read; the input
// must fit a chunk (2 GiB - 33 bytes).
//
// decompress and info take the kind of FILE from its content, not its name: a directory is a
// sparse frame, a file with the frame magic "b2frame\x00" at offset 2 is a
// frame (a b2nd array when it has a "b2nd" metalayer), anything else is read
// as a single chunk. FILE "-" reads a chunk or a contiguous frame from
// standard input.
//
// Exit status: 0 on success, 1 when FILE cannot be read or is not valid, 2
// for a usage error. Errors are one line on standard error. decompress writes
// OUT through a temporary file in OUT's directory that is renamed only when
// everything was decoded, so a failure leaves no partial OUT behind;
// compress writes OUT the same way.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

const progName = "blosc2"

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the input is missing, unreadable or invalid
	exitUsage = 2 // bad subcommand, flag or argument count

	exitInterrupted = 130 // killed by SIGINT or SIGTERM
)

// env is what a subcommand runs with.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one subcommand. run gets the arguments after the subcommand
// name and returns an error; a *usageError makes the exit status 2.
type command struct {
	usage   string // synopsis after "blosc2 "
	summary string // one line
	run     func(e *env, args []string) error
}

// commands is the subcommand table.
var commands = map[string]*command{
	"compress":   compressCommand,
	"decompress": decompressCommand,
	"info":       infoCommand,
	"plot":       plotCommand,
}

func main() {
	// An interrupted decompress leaves no temporary file behind.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		removeTemps()
		os.Exit(exitInterrupted)
	}()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program: it parses args (without the program name), runs
// the subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		printUsage(stdout)
		return exitOK
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "%s: unknown command %q (commands: %s)\n", progName, name, strings.Join(commandNames(), ", "))
		return exitUsage
	}
	err := cmd.run(e, args[1:])
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errHelp):
		fmt.Fprintf(stdout, "usage: %s %s\n", progName, cmd.usage)
		var he *helpError
		if errors.As(err, &he) && he.flags != "" {
			fmt.Fprintf(stdout, "\nflags:\n%s", he.flags)
		}
		return exitOK
	}
	fmt.Fprintf(stderr, "%s %s: %s\n", progName, name, oneLine(err.Error()))
	var ue *usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitError
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s COMMAND [FLAGS] FILE\n\ncommands:\n", progName)
	for _, n := range commandNames() {
		c := commands[n]
		fmt.Fprintf(w, "  %-36s %s\n", progName+" "+c.usage, c.summary)
	}
}

// oneLine keeps an error message on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
