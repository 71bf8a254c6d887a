package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// usageError is a bad command line: the program exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// errHelp is returned for -h / --help: usage goes to stdout, status 0.
var errHelp = errors.New("help requested")

// newFlagSet returns a flag set that reports errors to nobody: parseArgs
// turns them into one-line usage errors.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseArgs parses flags anywhere among the arguments (so both
// "-o out FILE" and "FILE -o out" work; "--" ends the flags) and returns the
// positional arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, &usageError{msg: flagMessage(err)}
		}
		rest := fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// flagMessage rewords the flag package's errors.
func flagMessage(err error) string {
	const unknown = "flag provided but not defined: "
	if msg := err.Error(); strings.HasPrefix(msg, unknown) {
		return "unknown flag " + strings.TrimPrefix(msg, unknown)
	}
	return err.Error()
}
