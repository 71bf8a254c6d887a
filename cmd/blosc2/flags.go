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

// helpError is errHelp with the subcommand's flags described.
type helpError struct{ flags string }

func (e *helpError) Error() string        { return errHelp.Error() }
func (e *helpError) Is(target error) bool { return target == errHelp }

// flagHelp describes the flags of fs, one per entry, spelled --name.
func flagHelp(fs *flag.FlagSet) string {
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		// One-letter flags (-o) keep their single dash.
		if strings.HasPrefix(l, "  -") && len(l) > 4 && l[4] != ' ' {
			lines[i] = "  --" + l[3:]
		}
	}
	return strings.Join(lines, "\n")
}

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
				return nil, &helpError{flags: flagHelp(fs)}
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
	msg := err.Error()
	if strings.HasPrefix(msg, unknown) {
		return "unknown flag " + strings.TrimPrefix(msg, unknown)
	}
	// "invalid value "x" for flag -shape: ..." names the flag as written
	// in the usage, --shape.
	return strings.Replace(msg, " for flag -", " for --", 1)
}
