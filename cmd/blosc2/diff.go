package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/blosc2go/blosc2/internal/headerdiff"
)

const diffUsage = "diff [--json] [--no-chunks] [--no-content] A B"

var diffCommand = &command{
	usage:   diffUsage,
	summary: "compare two chunks or frames field by field (exit 1 when they differ)",
	run:     runDiff,
}

// errDiffer makes the exit status 1 when the files differ, like diff(1).
var errDiffer = errors.New("the files differ")

func runDiff(e *env, args []string) error {
	fs := newFlagSet("diff")
	asJSON := fs.Bool("json", false, "print the differences as a JSON array")
	noChunks := fs.Bool("no-chunks", false, "do not compare the chunk headers one by one")
	noContent := fs.Bool("no-content", false, "do not decode and compare the content")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("want two files A and B, got %d arguments (usage: %s %s)", len(pos), progName, diffUsage)
	}
	if pos[0] == "-" && pos[1] == "-" {
		return usagef("only one of A and B can be standard input")
	}
	a, err := openInput(pos[0], e.stdin)
	if err != nil {
		return err
	}
	defer a.close()
	b, err := openInput(pos[1], e.stdin)
	if err != nil {
		return err
	}
	defer b.close()

	var diffs []headerdiff.Diff
	switch {
	case a.kind == kindChunk && b.kind == kindChunk:
		diffs, err = headerdiff.ChunkBytes(a.chunk, b.chunk, !*noContent)
	case a.kind != kindChunk && b.kind != kindChunk:
		diffs, err = headerdiff.Frames(a.frame, b.frame, headerdiff.Options{NoChunks: *noChunks, NoContent: *noContent})
	default:
		return fmt.Errorf("%s is a %s and %s a %s: compare two chunks or two frames", a.path, a.kind, b.path, b.kind)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		if diffs == nil {
			diffs = []headerdiff.Diff{}
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(diffs); err != nil {
			return err
		}
	} else {
		for _, d := range diffs {
			fmt.Fprintln(e.stdout, oneLine(d.String()))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("%w: %d differences between %s and %s", errDiffer, len(diffs), a.path, b.path)
	}
	return nil
}
