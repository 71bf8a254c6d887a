package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/frame"
)

const recoverUsage = "recover [--json] -o OUT DAMAGED"

var recoverCommand = &command{
	usage:   recoverUsage,
	summary: "rebuild a frame whose index or trailer is damaged or cut short from its intact chunks",
	run:     runRecover,
}

func runRecover(e *env, args []string) error {
	fs := newFlagSet("recover")
	out := fs.String("o", "", "output `file` for the rebuilt frame (required; - for standard output)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one DAMAGED file, got %d arguments (usage: %s %s)", len(pos), progName, recoverUsage)
	}
	if *out == "" {
		return usagef("-o OUT is required (usage: %s %s)", progName, recoverUsage)
	}
	path := pos[0]
	in, err := os.Open(path)
	if err != nil {
		return describeOSError(err)
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	if st.IsDir() {
		return fmt.Errorf("%s is a directory: recover rebuilds contiguous frames (a sparse frame keeps each chunk in its own file)", path)
	}
	if ost, err := os.Stat(*out); err == nil && os.SameFile(st, ost) {
		return usagef("OUT is DAMAGED itself: recover never writes over its input")
	}
	o, err := openOutput(*out, e.stdout)
	if err != nil {
		return err
	}
	rep, err := frame.Recover(in, st.Size(), o.target())
	if err != nil {
		o.abort()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := o.commit(); err != nil {
		return fmt.Errorf("writing %s: %w", outputName(*out), err)
	}
	w := e.stdout
	if *out == "-" {
		w = e.stderr
	}
	if *asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	writeRecoverText(w, path, outputName(*out), rep)
	return nil
}

func writeRecoverText(w io.Writer, in, out string, r *frame.RecoverReport) {
	fmt.Fprintf(w, "%s: recovered %d chunks (%d bytes decoded) into %s\n", in, r.Recovered, r.RecoveredNbytes, out)
	if r.IndexFound {
		fmt.Fprintf(w, "%s: index found: chunk order and special chunks kept\n", in)
	} else {
		fmt.Fprintf(w, "%s: no index found: chunks in file order, special chunks (stored only in the index) lost\n", in)
	}
	if len(r.LostChunks) > 0 {
		s := make([]string, len(r.LostChunks))
		for i, c := range r.LostChunks {
			s[i] = strconv.Itoa(c)
		}
		fmt.Fprintf(w, "%s: lost: chunks %s of the index\n", in, strings.Join(s, ", "))
	}
	for _, l := range r.Lost {
		fmt.Fprintf(w, "%s: lost: offset %d: %d bytes hold no complete valid chunk\n", in, l.Offset, l.Length)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "%s: note: %s\n", in, oneLine(n))
	}
}
