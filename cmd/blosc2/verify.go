package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/blosc2go/blosc2/frame"
)

const verifyUsage = "verify [--json] [--structure-only] [--workers N] FILE..."

// FILE "-" is standard input (a chunk or a contiguous frame, read into
// memory); other FILEs are read lazily, a chunk per worker at a time.

var verifyCommand = &command{
	usage:   verifyUsage,
	summary: "check every header, offset and chunk of chunks, frames and b2nd arrays",
	run:     runVerify,
}

// verifier checks one FILE argument. It returns handled false for a file
// it does not know, so the next one is tried. A store check (python-blosc2
// stores, in their own package) is added by putting its function before
// verifyFrameOrChunk in verifiers; it returns a *frame.Report like the
// others.
type verifier func(path string, opts []frame.Option) (rep *frame.Report, handled bool, err error)

var verifiers = []verifier{
	verifyStore,
	verifyFrameOrChunk,
}

// verifyFrameOrChunk handles contiguous and sparse frames, b2nd arrays and
// chunk files: everything package frame reads.
func verifyFrameOrChunk(path string, opts []frame.Option) (*frame.Report, bool, error) {
	rep, err := frame.VerifyFile(path, opts...)
	return rep, true, err
}

// verifyStdin verifies a chunk or contiguous frame read from standard
// input (held in memory).
func verifyStdin(stdin io.Reader, opts []frame.Option) (*frame.Report, error) {
	b, err := io.ReadAll(stdin)
	if err != nil {
		return nil, fmt.Errorf("reading standard input: %w", err)
	}
	if isFrame(b) {
		return frame.Verify(bytes.NewReader(b), int64(len(b)), opts...)
	}
	return frame.VerifyChunk(bytes.NewReader(b), int64(len(b)), opts...)
}

// verifyResult is one FILE's entry in the --json output.
type verifyResult struct {
	File string `json:"file"`
	*frame.Report
	Sound bool   `json:"sound"`
	Error string `json:"error,omitempty"` // the file could not be read
}

func runVerify(e *env, args []string) error {
	fs := newFlagSet("verify")
	asJSON := fs.Bool("json", false, "print one JSON array describing every FILE")
	structOnly := fs.Bool("structure-only", false, "check headers, offsets and sizes without decoding the chunks")
	workers := fs.Int("workers", 0, "chunks decoded at a time (0: one per CPU)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want at least one FILE (usage: %s %s)", progName, verifyUsage)
	}
	if *workers < 0 {
		return usagef("--workers must not be negative")
	}
	var results []verifyResult
	bad := 0
	for _, path := range pos {
		opts := []frame.Option{frame.WithWorkers(*workers)}
		if *structOnly {
			opts = append(opts, frame.WithStructureOnly())
		}
		prog := newChunkProgress(e.stderr, path)
		if prog != nil {
			opts = append(opts, frame.WithProgress(prog.update))
		}
		res := verifyResult{File: path}
		var rep *frame.Report
		if path == "-" {
			rep, err = verifyStdin(e.stdin, opts)
		} else {
			for _, v := range verifiers {
				var handled bool
				if rep, handled, err = v(path, opts); handled {
					break
				}
			}
		}
		prog.clear()
		switch {
		case err != nil:
			res.Error = oneLine(describeOSError(err).Error())
			res.Report = &frame.Report{Problems: []frame.Problem{}}
		default:
			res.Report = rep
			res.Sound = rep.Sound()
		}
		if !res.Sound {
			bad++
		}
		if *asJSON {
			results = append(results, res)
		} else {
			writeVerifyText(e.stdout, &res, *structOnly)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(results); err != nil {
			return err
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d files have problems", bad, len(pos))
	}
	return nil
}

// writeVerifyText prints one line per problem and a summary line.
func writeVerifyText(w io.Writer, r *verifyResult, structOnly bool) {
	if r.Error != "" {
		fmt.Fprintf(w, "%s: cannot verify: %s\n", r.File, strings.TrimPrefix(r.Error, r.File+": "))
		return
	}
	for _, p := range r.Problems {
		fmt.Fprintf(w, "%s: %s\n", r.File, oneLine(p.String()))
	}
	status := "OK"
	if !r.Sound {
		status = "DAMAGED"
	}
	checked := fmt.Sprintf("%d decoded", r.Decoded)
	if structOnly {
		checked = "structure only"
	}
	kind := r.Kind
	if kind == "" {
		kind = "unknown"
	}
	fmt.Fprintf(w, "%s: %s: %s, %d chunks (%d special), %s, %d errors, %d warnings\n",
		r.File, status, kind, r.NChunks, r.Special, checked, r.Errors(), r.Warnings())
}

// chunkProgress shows "FILE: k/n chunks decoded" on a terminal's standard
// error, at most five times a second, and erases it when done.
type chunkProgress struct {
	mu    sync.Mutex
	w     io.Writer
	name  string
	last  time.Time
	shown bool
}

// newChunkProgress returns nil when w is not a terminal.
func newChunkProgress(w io.Writer, name string) *chunkProgress {
	if !isTerminal(w) {
		return nil
	}
	return &chunkProgress{w: w, name: name}
}

func (p *chunkProgress) update(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if done < total && now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	p.shown = true
	fmt.Fprintf(p.w, "\r\x1b[K%s: %d/%d chunks decoded (%d%%)", p.name, done, total, 100*done/total)
}

func (p *chunkProgress) clear() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
}
