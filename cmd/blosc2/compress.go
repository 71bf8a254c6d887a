package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

const compressUsage = "compress [FLAGS] [-o OUT] FILE"

var compressCommand = &command{
	usage: compressUsage,
	summary: "compress FILE (- for stdin) into a frame (default), a b2nd array (--format b2nd --dtype ... --shape ...) " +
		"or one chunk (--format chunk|blosc1); flags: compress -h",
	run: runCompress,
}

// Values of --format: how the compressed bytes are packaged.
const (
	formatFrame  = "frame"  // contiguous frame, the input cut into --chunksize chunks
	formatB2ND   = "b2nd"   // b2nd array in a contiguous frame
	formatChunk  = "chunk"  // one Blosc2 chunk
	formatBlosc1 = "blosc1" // one chunk with the 16-byte Blosc1 header

	defaultFormat = formatFrame
)

// defaultChunksize is the --chunksize of frames when the flag is absent
// (rounded down to a multiple of the typesize): small enough to keep memory
// bounded and to let readers decode chunks in parallel, large enough for
// good ratios. (python-blosc2's SChunk puts all the data in one chunk of
// at most 256 MiB, or 16 MiB chunks when it has no data yet.)
const defaultChunksize = 1 << 20

// compressJob is a parsed and checked compress command line.
type compressJob struct {
	in, out string
	format  string
	opts    blosc.Options // chunk options (b2nd: typesize and blocksize come from the array)

	chunksize int // frame

	// b2nd
	dtype                 frame.Dtype
	dtypeStr              string  // canonical NumPy string
	shape, chunks, blocks []int64 // nil when not given (shape: 1-D from the input size)

	progress progress // bytes read and written, for the progress line and summary
}

func runCompress(e *env, args []string) error {
	def := blosc.DefaultOptions()
	fs := newFlagSet("compress")
	format := &choiceFlag{value: defaultFormat, choices: []string{formatFrame, formatB2ND, formatChunk, formatBlosc1}}
	codec := &choiceFlag{value: def.Codec.String(), choices: []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"}}
	split := &choiceFlag{value: def.SplitMode.String(), choices: []string{"always", "never", "auto", "forward_compat"}}
	clevel := &rangeFlag{value: def.Clevel, min: 0, max: 9}
	typesize := &rangeFlag{value: def.Typesize, min: 1, max: blosc.MaxTypesize}
	blocksize := &rangeFlag{value: 0, min: 0, max: blosc.MaxBlocksize}
	nthreads := &rangeFlag{value: 0, min: 0, max: 1 << 16}
	chunksize := &rangeFlag{value: 0, min: 1, max: blosc.MaxNbytes}
	filters := filterList{def: "shuffle"}
	var shape, chunkshape, blockshape dimsFlag
	fs.Var(format, "format", "`format`: frame (contiguous frame), b2nd (n-dimensional array), "+
		"chunk (one Blosc2 chunk) or blosc1 (one chunk with the 16-byte header of C-Blosc 1.x, Zarr v2)")
	fs.Var(codec, "codec", "`codec`: blosclz, lz4, lz4hc, zlib or zstd")
	fs.Var(clevel, "clevel", "compression `level` 0..9")
	fs.Var(typesize, "typesize", "element size in `bytes`, 1..255 (b2nd: the dtype's item size)")
	fs.Var(blocksize, "blocksize", "block size in `bytes` (0: automatic; not for b2nd)")
	fs.Var(&filters, "filter", "filter `name`, repeatable in pipeline order: shuffle, bitshuffle, delta, bytedelta, truncprec:BITS, inttrunc:BITS; none for no filter")
	fs.Var(split, "splitmode", "`mode`: always, never, auto or forward_compat")
	useDict := fs.Bool("use-dict", false, "train a dictionary from each chunk's data and store it in the chunk "+
		"(C-Blosc2's use_dict; codecs zstd, lz4 and lz4hc, not with --format blosc1; kept only where it makes the chunk smaller)")
	fs.Var(nthreads, "nthreads", "`goroutines` per chunk (0: one per CPU)")
	fs.Var(chunksize, "chunksize", "frame: `bytes` per chunk (the last one shorter; default 1 MiB rounded down to a multiple of the typesize)")
	dtype := fs.String("dtype", "", "b2nd: NumPy `dtype` string such as <f8, <i4, |u1 (required)")
	fs.Var(&shape, "shape", "b2nd: array shape, comma-separated `extents` (default: 1-D, from the input size)")
	fs.Var(&chunkshape, "chunkshape", "b2nd: chunk shape, comma-separated `extents` (default: frame.AutoShapes, chunks of 32 blocks and at least 4 MiB)")
	fs.Var(&blockshape, "blockshape", "b2nd: block shape, comma-separated `extents` (default: frame.AutoShapes, about 128 KiB blocks)")
	out := fs.String("o", "", "output `file` (or device, e.g. /dev/null); standard output when absent or -")
	progress := fs.Bool("progress", false, "show a progress line (jobs over a second) and a summary on standard error even when it is not a terminal (default: only on a terminal)")
	quiet := fs.Bool("quiet", false, "no progress line or summary")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (usage: %s %s)", len(pos), progName, compressUsage)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	j := &compressJob{in: pos[0], out: *out, format: format.value}
	j.opts = def
	j.opts.Codec, _ = blosc.ParseCodec(codec.value) // one of codec's choices
	j.opts.Clevel = clevel.value
	j.opts.Typesize = typesize.value
	j.opts.Blocksize = blocksize.value
	j.opts.SplitMode, _ = blosc.ParseSplitMode(split.value) // one of split's choices
	j.opts.Workers = nthreads.value
	j.opts.UseDict = *useDict
	j.opts.Filters = [blosc.MaxFilters]blosc.Filter{}
	// The pipeline ends in the last slot, where C-Blosc2 puts its shuffle;
	// without --filter it is SHUFFLE alone, as in C-Blosc2 and python-blosc2.
	if len(filters.filters) == 0 && !filters.none {
		filters.filters, filters.meta = []blosc.Filter{blosc.Shuffle}, []uint8{0}
	}
	first := blosc.MaxFilters - len(filters.filters)
	for i, f := range filters.filters {
		j.opts.Filters[first+i] = f
		j.opts.FiltersMeta[first+i] = filters.meta[i]
	}
	if j.format == formatBlosc1 {
		j.opts.Format = blosc.FormatBlosc1
	}

	// Flags that belong to another format are mistakes, not no-ops.
	for _, f := range formatOnlyFlags {
		if set[f.name] && !contains(f.formats, j.format) {
			return usagef("--%s applies to --format %s only", f.name, strings.Join(f.formats, ", "))
		}
	}

	switch j.format {
	case formatFrame:
		j.chunksize = chunksize.value
		if !set["chunksize"] {
			j.chunksize = defaultChunksize / j.opts.Typesize * j.opts.Typesize
		}
	case formatB2ND:
		if !set["dtype"] {
			return usagef("--format b2nd needs --dtype (a NumPy dtype string such as <f8, <i4, |u1)")
		}
		ts := 0 // not given
		if set["typesize"] {
			ts = typesize.value
		}
		if err := j.setArray(*dtype, ts, shape, chunkshape, blockshape); err != nil {
			return err
		}
	}
	if _, err := blosc.NewEncoder(j.opts); err != nil {
		return usagef("%s", flagOptionMessage(err))
	}
	if *progress && *quiet {
		return usagef("--progress and --quiet exclude each other")
	}
	if err := checkNotInput(j.in, j.out); err != nil {
		return err
	}
	show := !*quiet && (*progress || isTerminal(e.stderr))
	stop := j.progress.start(e.stderr, show)
	// err: the job
	switch j.format {
	case formatFrame:
		err = j.writeFrame(e)
	case formatB2ND:
		err = j.writeB2ND(e)
	default:
		err = j.writeChunk(e)
	}
	stop(err == nil)
	return err
}

// formatOnlyFlags are the flags that apply to some formats only.
var formatOnlyFlags = []struct {
	name    string
	formats []string
}{
	{"chunksize", []string{formatFrame}},
	{"dtype", []string{formatB2ND}},
	{"shape", []string{formatB2ND}},
	{"chunkshape", []string{formatB2ND}},
	{"blockshape", []string{formatB2ND}},
	{"blocksize", []string{formatFrame, formatChunk, formatBlosc1}},
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// chunkTypesize is the typesize chunks are compressed with for items of
// itemsize bytes: sizes above 255 compress as 1, as C-Blosc2 does.
func chunkTypesize(itemsize int) int {
	if itemsize > blosc.MaxTypesize {
		return 1
	}
	return itemsize
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
	case field == "UseDict":
		field = "--use-dict"
	}
	return field + ": " + oe.Reason
}

func inputName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// writeTo writes the output of a compress job through openOutput (a
// temporary file renamed into place on success): fill gets the writer
// to use, an *os.File for a file OUT (so a frame writer can seek back to
// its header) and a buffered standard output otherwise.
func (j *compressJob) writeTo(e *env, fill func(w io.Writer) error) error {
	o, err := openOutput(j.out, e.stdout)
	if err != nil {
		return err
	}
	if err := fill(o.target()); err != nil {
		o.abort()
		return err
	}
	if err := o.commit(); err != nil {
		return fmt.Errorf("writing %s: %w", outputName(j.out), err)
	}
	j.progress.out = o.written
	return nil
}
