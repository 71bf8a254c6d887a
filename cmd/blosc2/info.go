package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

const infoUsage = "info [--json] FILE"

var infoCommand = &command{
	usage:   infoUsage,
	summary: "print the header fields (frames: metalayers and a per-chunk table)",
	run:     runInfo,
}

func runInfo(e *env, args []string) error {
	fs := newFlagSet("info")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (usage: %s %s)", len(pos), progName, infoUsage)
	}
	if isStore(pos[0]) {
		return runStoreInfo(e, pos[0], *asJSON)
	}
	var in *input
	if isURL(pos[0]) {
		// One connection for both: a store, or a frame, array or chunk.
		r, derr := dialURL(pos[0])
		if derr != nil {
			return derr
		}
		s, serr := r.store()
		if serr == nil {
			defer s.Close()
			return printStoreInfo(e, pos[0], s, *asJSON)
		}
		if !errors.Is(serr, errNotStore) {
			return serr
		}
		in, err = r.input()
	} else {
		in, err = openInput(pos[0], e.stdin)
	}
	if err != nil {
		return err
	}
	defer in.close()

	var report any
	if in.kind == kindChunk {
		report, err = newChunkReport(in)
	} else {
		report, err = newFrameReport(in)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", in.path, err)
	}
	// The whole report is built before anything is printed, so an invalid
	// file prints nothing but the error.
	var buf bytes.Buffer
	if *asJSON {
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		if err := enc.Encode(report); err != nil {
			return err
		}
	} else {
		switch r := report.(type) {
		case *chunkReport:
			writeChunkText(&buf, r)
		case *frameReport:
			writeFrameText(&buf, r)
		}
	}
	out := buf.Bytes()
	if !*asJSON {
		out = trimLines(out)
	}
	_, err = e.stdout.Write(out)
	return err
}
