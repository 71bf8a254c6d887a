// Command blosc2 inspects, decodes and encodes Blosc2 chunks, contiguous
// frames (.b2frame), sparse frames (a directory holding chunks.b2frame) and
// b2nd arrays (.b2nd).
//
// Usage:
//
//	blosc2 compress [FLAGS] [-o OUT] FILE       compress FILE (- for stdin) into a frame, b2nd array or chunk
//	blosc2 decompress [-o OUT] FILE             write the decoded bytes (stdout when OUT is - or absent)
//	blosc2 decompress --slice SEL FILE          write a region of a b2nd array ("10:20,3,:"), C order
//	blosc2 decompress --key KEY [-o OUT] STORE  write one store member's decoded bytes
//	blosc2 info [--json] FILE|STORE             print the header fields as text or JSON
//	blosc2 ls [--json] STORE                    list a python-blosc2 store's keys
//	blosc2 append [--chunksize N] FRAME IN      append IN's bytes (- for stdin) to FRAME in place
//	blosc2 plot [--chunks] -o OUT.png FILE      draw a b2nd slice as a heatmap, or a frame's chunk map
//	blosc2 verify [--json] [--structure-only] FILE...  check every header, offset and chunk
//	blosc2 diff [--json] A B                    compare two chunks or frames field by field
//	blosc2 recover [--json] -o OUT DAMAGED      rebuild a frame with a damaged index or trailer
//
// FILE may be an http:// or https:// URL for info and decompress: the file
// is then read with HTTP range requests, only the parts a command needs.
//
// append compresses with the frame's own parameters, in chunks of
// --chunksize bytes (default: the frame's chunk size, or 1 MiB when its
// chunks vary), and commits in place and crash-safe (see frame.Editor),
// every 64 MiB and at the end. On a b2nd array IN holds whole rows in C
// order, appended along the first axis (frame.ArrayEditor).
//
// ls, info and decompress --key read python-blosc2's stores (package
// store): a .b2e file, a .b2d directory or a .b2z zip. ls prints one line
// per key: key, kind, shape, dtype, nbytes, embedded or external (--json:
// an array of objects with those names, embedded a boolean); info prints
// the form and flavor and the same table; decompress --key writes the
// member's decoded bytes (arrays in C order).
//
//	blosc2 --version                        print the version
//
// compress takes --format frame|b2nd|chunk|blosc1 (default frame) and the
// chunk options --codec blosclz|lz4|lz4hc|zlib|zstd, --clevel 0..9,
// --typesize N, --blocksize N (0 = automatic), --filter NAME (repeatable, in
// pipeline order: shuffle, bitshuffle, delta, bytedelta, truncprec:BITS,
// inttrunc:BITS; default shuffle, as in C-Blosc2 and python-blosc2;
// --filter none for no filter), --splitmode
// always|never|auto|forward_compat, --nthreads N and --use-dict (a
// dictionary trained from each chunk's data, stored in the chunk where it
// pays: C-Blosc2's use_dict, with zstd, lz4 or lz4hc, not with --format
// blosc1; a frame's header then records use_dict); the other defaults are
// those of package blosc (DefaultOptions: zstd, clevel 5, typesize 8, split
// mode auto). An OUT that is FILE itself (the same file, however spelled)
// is refused; OUT may be a device or named pipe (-o /dev/null), written
// directly. When standard error is a terminal, a job that runs longer than
// a second shows a progress line there, and every job ends with a one-line
// summary (bytes in, bytes out, ratio, time, MB/s); --progress shows them
// also when standard error is not a terminal, --quiet never.
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
// extents (--shape 123,45). The input is streamed: one chunk row of the
// array (--chunkshape's first extent times the other dimensions) is in
// memory at a time. Without --shape the array is 1-D, of as many items as
// the input holds (standard input is then spooled to a temporary file to
// learn its size). Missing chunk and block shapes come from
// frame.AutoShapes (python-blosc2's compute_chunks_blocks with fixed
// cache sizes: about 128 KiB blocks, chunks of 32 blocks and at least
// 4 MiB). The input must
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
	"runtime"
	"runtime/debug"
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
	"append":     appendCommand,
	"compress":   compressCommand,
	"decompress": decompressCommand,
	"diff":       diffCommand,
	"info":       infoCommand,
	"plot":       plotCommand,
	"ls":         lsCommand,
	"recover":    recoverCommand,
	"verify":     verifyCommand,
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
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, versionString())
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

// versionString is what --version prints: the module version the
// program was built from (or "devel" and the VCS revision), and the Go
// toolchain.
func versionString() string {
	v, rev := "devel", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " " + s.Value[:12]
			}
		}
	}
	return fmt.Sprintf("%s %s%s (github.com/blosc2go/blosc2, pure Go, %s %s/%s)", progName, v, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
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
	fmt.Fprintf(w, "usage: %s COMMAND [FLAGS] FILE\n       %s --version\n\ncommands:\n", progName, progName)
	for _, n := range commandNames() {
		c := commands[n]
		fmt.Fprintf(w, "  %-36s %s\n", progName+" "+c.usage, c.summary)
	}
}

// oneLine keeps an error message on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
