package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/blosc"
)

const compressUsage = "compress [FLAGS] [-o OUT] FILE"

var compressCommand = &command{
	usage: compressUsage,
	summary: "compress FILE (- for stdin) into one chunk; flags: --format chunk|blosc1, --codec, " +
		"--clevel, --typesize, --blocksize, --filter (repeatable), --splitmode, --nthreads",
	run: runCompress,
}

// compressFormats are the values of --format: how the compressed bytes are
// packaged. Frames (frame, b2nd) will add entries here.
var compressFormats = map[string]func(e *env, src []byte, opts blosc.Options) ([]byte, error){
	"chunk":  compressChunk,
	"blosc1": compressChunk,
}

var codecsByName = map[string]blosc.Codec{
	"blosclz": blosc.BloscLZ, "lz4": blosc.LZ4, "lz4hc": blosc.LZ4HC, "zlib": blosc.Zlib, "zstd": blosc.Zstd,
}

var splitModesByName = map[string]blosc.SplitMode{
	"always": blosc.SplitAlways, "never": blosc.SplitNever, "auto": blosc.SplitAuto, "forward_compat": blosc.SplitForwardCompat,
}

// filterList collects the repeatable --filter flag in pipeline order.
type filterList struct {
	filters []blosc.Filter
	meta    []uint8
}

func (l *filterList) String() string { return "" }

// Set parses shuffle, bitshuffle, delta, bytedelta, truncprec:BITS or
// inttrunc:BITS (BITS a signed precision in bits).
func (l *filterList) Set(s string) error {
	name, arg, hasArg := strings.Cut(s, ":")
	var f blosc.Filter
	switch name {
	case "shuffle":
		f = blosc.Shuffle
	case "bitshuffle":
		f = blosc.BitShuffle
	case "delta":
		f = blosc.Delta
	case "bytedelta":
		f = blosc.ByteDelta
	case "truncprec":
		f = blosc.TruncPrec
	case "inttrunc":
		f = blosc.IntTrunc
	default:
		return fmt.Errorf("unknown filter %q (shuffle, bitshuffle, delta, bytedelta, truncprec:BITS, inttrunc:BITS)", s)
	}
	var meta uint8
	if f == blosc.TruncPrec || f == blosc.IntTrunc {
		if !hasArg {
			return fmt.Errorf("filter %s needs a precision: %s:BITS", name, name)
		}
		bits, err := strconv.ParseInt(arg, 10, 8)
		if err != nil || bits == 0 {
			return fmt.Errorf("filter %s: precision %q is not a non-zero number of bits in -128..127", name, arg)
		}
		meta = uint8(int8(bits))
	} else if hasArg {
		return fmt.Errorf("filter %s takes no parameter", name)
	}
	if len(l.filters) == blosc.MaxFilters {
		return fmt.Errorf("at most %d filters", blosc.MaxFilters)
	}
	l.filters = append(l.filters, f)
	l.meta = append(l.meta, meta)
	return nil
}

// choiceFlag is a string flag restricted to the keys of a set.
type choiceFlag struct {
	value   string
	choices []string
}

func (c *choiceFlag) String() string { return c.value }

func (c *choiceFlag) Set(s string) error {
	for _, v := range c.choices {
		if s == v {
			c.value = s
			return nil
		}
	}
	return fmt.Errorf("%q is not one of %s", s, strings.Join(c.choices, ", "))
}

// rangeFlag is an int flag with bounds.
type rangeFlag struct {
	value    int
	min, max int
}

func (r *rangeFlag) String() string { return strconv.Itoa(r.value) }

func (r *rangeFlag) Set(s string) error {
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not an integer", s)
	}
	if v < r.min || v > r.max {
		return fmt.Errorf("%d not in %d..%d", v, r.min, r.max)
	}
	r.value = v
	return nil
}

func runCompress(e *env, args []string) error {
	def := blosc.DefaultOptions()
	fs := newFlagSet("compress")
	format := &choiceFlag{value: "chunk", choices: []string{"chunk", "blosc1"}}
	codec := &choiceFlag{value: def.Codec.String(), choices: []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"}}
	split := &choiceFlag{value: def.SplitMode.String(), choices: []string{"always", "never", "auto", "forward_compat"}}
	clevel := &rangeFlag{value: def.Clevel, min: 0, max: 9}
	typesize := &rangeFlag{value: def.Typesize, min: 1, max: blosc.MaxTypesize}
	blocksize := &rangeFlag{value: 0, min: 0, max: blosc.MaxBlocksize}
	nthreads := &rangeFlag{value: 0, min: 0, max: 1 << 16}
	var filters filterList
	fs.Var(format, "format", "`chunk` (Blosc2, 32-byte header) or blosc1 (16-byte header for C-Blosc 1.x, Zarr v2)")
	fs.Var(codec, "codec", "`codec`: blosclz, lz4, lz4hc, zlib or zstd")
	fs.Var(clevel, "clevel", "compression `level` 0..9")
	fs.Var(typesize, "typesize", "element size in `bytes`, 1..255")
	fs.Var(blocksize, "blocksize", "block size in `bytes` (0: automatic)")
	fs.Var(&filters, "filter", "filter `name`, repeatable in pipeline order: shuffle, bitshuffle, delta, bytedelta, truncprec:BITS, inttrunc:BITS")
	fs.Var(split, "splitmode", "`mode`: always, never, auto or forward_compat")
	fs.Var(nthreads, "nthreads", "goroutines per chunk (0: one per CPU)")
	out := fs.String("o", "", "output `file`; standard output when absent or -")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (usage: %s %s)", len(pos), progName, compressUsage)
	}

	opts := def
	opts.Codec = codecsByName[codec.value]
	opts.Clevel = clevel.value
	opts.Typesize = typesize.value
	opts.Blocksize = blocksize.value
	opts.SplitMode = splitModesByName[split.value]
	opts.Workers = nthreads.value
	opts.Filters = [blosc.MaxFilters]blosc.Filter{}
	// The pipeline ends in the last slot, where C-Blosc2 puts its shuffle.
	first := blosc.MaxFilters - len(filters.filters)
	for i, f := range filters.filters {
		opts.Filters[first+i] = f
		opts.FiltersMeta[first+i] = filters.meta[i]
	}
	if format.value == "blosc1" {
		opts.Format = blosc.FormatBlosc1
	}
	if _, err := blosc.NewEncoder(opts); err != nil {
		return usagef("%s", flagOptionMessage(err))
	}

	src, err := readCompressInput(pos[0], e.stdin)
	if err != nil {
		return err
	}
	chunk, err := compressFormats[format.value](e, src, opts)
	if err != nil {
		return fmt.Errorf("%s: %w", inputName(pos[0]), err)
	}
	o, err := openOutput(*out, e.stdout)
	if err != nil {
		return err
	}
	if _, err := o.Write(chunk); err != nil {
		o.abort()
		return fmt.Errorf("writing %s: %w", outputName(*out), err)
	}
	if err := o.commit(); err != nil {
		return fmt.Errorf("writing %s: %w", outputName(*out), err)
	}
	return nil
}

// flagOptionMessage words an invalid-options error in terms of the flags.
func flagOptionMessage(err error) string {
	var oe *blosc.OptionError
	if !errors.As(err, &oe) {
		return err.Error()
	}
	field := oe.Field
	switch {
	case strings.HasPrefix(field, "Filters"), strings.HasPrefix(field, "FiltersMeta"):
		field = "--filter"
	case field == "Blocksize":
		field = "--blocksize"
	case field == "Typesize":
		field = "--typesize"
	case field == "Format":
		field = "--format"
	}
	return field + ": " + oe.Reason
}

func compressChunk(e *env, src []byte, opts blosc.Options) ([]byte, error) {
	return blosc.Compress(nil, src, opts)
}

func inputName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// readCompressInput reads FILE ("-": standard input) whole, refusing more
// than one chunk can hold.
func readCompressInput(path string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, describeOSError(err)
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return nil, describeOSError(err)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is not a regular file", path)
		}
		if st.Size() > blosc.MaxNbytes {
			return nil, fmt.Errorf("%s: %d bytes, more than a chunk holds (%d)", path, st.Size(), blosc.MaxNbytes)
		}
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, blosc.MaxNbytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", inputName(path), err)
	}
	if len(b) > blosc.MaxNbytes {
		return nil, fmt.Errorf("%s: more than a chunk holds (%d bytes)", inputName(path), blosc.MaxNbytes)
	}
	return b, nil
}
