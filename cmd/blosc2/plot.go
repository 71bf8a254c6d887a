package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"strconv"

	"github.com/blosc2go/blosc2/internal/render"
)

const plotUsage = "plot [FLAGS] -o OUT.png FILE"

var plotCommand = &command{
	usage:   plotUsage,
	summary: "draw a 2-D slice of a b2nd array as a heatmap PNG (--chunks: a frame's chunk map)",
	run:     runPlot,
}

// Defaults of --scale.
const (
	defaultHeatmapScale = 1
	defaultChunkCell    = 8
)

// floatFlag is a float64 flag that remembers whether it was given.
type floatFlag struct {
	v   float64
	set bool
}

func (f *floatFlag) String() string {
	if !f.set {
		return ""
	}
	return strconv.FormatFloat(f.v, 'g', -1, 64)
}

func (f *floatFlag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%q is not a finite number", s)
	}
	f.v, f.set = v, true
	return nil
}

// plotFlags are the parsed flags of plot.
type plotFlags struct {
	chunks      bool
	out         string
	scale       int
	axes, index dimsFlag
	start, stop dimsFlag
	min, max    floatFlag
}

func runPlot(e *env, args []string) error {
	fs := newFlagSet("plot")
	var p plotFlags
	fs.BoolVar(&p.chunks, "chunks", false, "draw the chunk map of a frame or b2nd array instead of a slice: one square cell per chunk,\n"+
		"in index order, row by row; color = compression ratio, viridis on a log scale from 1x (dark purple)\n"+
		"to 256x (yellow); chunks stored as special values are crossed and white (zeros), red (NaN),\n"+
		"gray (uninitialized) or light blue (one repeated value)")
	fs.StringVar(&p.out, "o", "", "write the PNG to `OUT` (- for standard output; required)")
	fs.IntVar(&p.scale, "scale", 0, "`N`: each element is an NxN square of pixels (heatmap, default 1), each chunk cell NxN (chunk map, default 8)")
	fs.Var(&p.axes, "axes", "the two axes `R,C` drawn as rows and columns (default 0,1; 0 for a 1-D array, drawn as one row)")
	fs.Var(&p.index, "index", "`I,J,...`: the index along every axis not drawn, in axis order (or one per dimension,\n"+
		"those of the drawn axes ignored); default 0")
	fs.Var(&p.start, "start", "first row and column `R0,C0` drawn (default 0,0; for a 1-D array one value)")
	fs.Var(&p.stop, "stop", "rows and columns up to `R1,C1`, excluded (default: the array's extents)")
	fs.Var(&p.min, "min", "value drawn darkest, viridis' dark purple (default: the slice's smallest finite value)")
	fs.Var(&p.max, "max", "value drawn brightest, viridis' yellow (default: the slice's largest finite value);\n"+
		"values outside [min, max] take the end colors, NaNs (and NaT) are pure red #ff0000")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (usage: %s %s)", len(pos), progName, plotUsage)
	}
	if p.out == "" {
		return usagef("-o OUT.png is required")
	}
	if p.scale < 0 || (p.scale == 0 && isFlagSet(fs, "scale")) {
		return usagef("--scale %d: want at least 1", p.scale)
	}
	if p.chunks {
		for _, name := range []string{"axes", "index", "start", "stop", "min", "max"} {
			if isFlagSet(fs, name) {
				return usagef("--%s does not apply to --chunks", name)
			}
		}
	}
	if p.min.set && p.max.set && p.min.v > p.max.v {
		return usagef("--min %g is above --max %g", p.min.v, p.max.v)
	}

	in, err := openInput(pos[0], e.stdin)
	if err != nil {
		return err
	}
	defer in.close()
	var img image.Image
	if p.chunks {
		img, err = plotChunks(in, &p)
	} else {
		img, err = plotSlice(in, &p)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", in.path, err)
	}
	return writePNG(p.out, img, e)
}

func isFlagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// plotSlice draws the heatmap of the slice the flags select.
func plotSlice(in *input, p *plotFlags) (image.Image, error) {
	if in.array == nil {
		return nil, errors.New("not a b2nd array (plot --chunks draws the chunk map of any frame)")
	}
	s, err := sliceOf(in.array.Shape(), p)
	if err != nil {
		return nil, err
	}
	g, err := render.ReadSlice(in.array, s)
	if err != nil {
		return nil, err
	}
	if g.Rows == 0 {
		return nil, errors.New("the slice is empty: nothing to draw")
	}
	lo, hi, ok := g.Range()
	if !ok {
		lo, hi = 0, 0 // NaNs and infinities only
	}
	if p.min.set {
		lo = p.min.v
	}
	if p.max.set {
		hi = p.max.v
	}
	if lo > hi { // one bound given beyond the data's other end
		if p.min.set {
			hi = lo
		} else {
			lo = hi
		}
	}
	scale := p.scale
	if scale == 0 {
		scale = defaultHeatmapScale
	}
	return render.Heatmap(g, scale, lo, hi)
}

// sliceOf turns --axes, --index, --start and --stop into a render.Slice for
// an array of the given shape.
func sliceOf(shape []int64, p *plotFlags) (render.Slice, error) {
	nd := len(shape)
	if nd == 0 {
		return render.Slice{}, errors.New("a 0-dimensional array has no slice to draw")
	}
	s := render.DefaultSlice(nd)
	want := 2 // values per --axes, --start, --stop
	if nd == 1 {
		want = 1
	}
	if p.axes.set {
		if len(p.axes.dims) != want {
			return s, usagef("--axes: want %d axes for a %d-D array, got %d", want, nd, len(p.axes.dims))
		}
		for _, a := range p.axes.dims {
			if a >= int64(nd) {
				return s, usagef("--axes: axis %d of a %d-D array", a, nd)
			}
		}
		if want == 2 {
			if p.axes.dims[0] == p.axes.dims[1] {
				return s, usagef("--axes: the two axes are both %d", p.axes.dims[0])
			}
			s.Axes = [2]int{int(p.axes.dims[0]), int(p.axes.dims[1])}
		}
	}
	if p.index.set {
		switch len(p.index.dims) {
		case nd:
			s.Index = p.index.dims
		case nd - want:
			s.Index = make([]int64, nd)
			k := 0
			for d := 0; d < nd; d++ {
				if want == 2 && (d == s.Axes[0] || d == s.Axes[1]) || want == 1 {
					continue
				}
				s.Index[d] = p.index.dims[k]
				k++
			}
		default:
			return s, usagef("--index: want %d values (the axes not drawn) or %d, got %d", nd-want, nd, len(p.index.dims))
		}
	}
	for _, f := range []struct {
		name string
		v    *dimsFlag
		dst  *[2]int64
	}{{"start", &p.start, &s.Start}, {"stop", &p.stop, &s.Stop}} {
		if !f.v.set {
			continue
		}
		if len(f.v.dims) != want {
			return s, usagef("--%s: want %d values for a %d-D array, got %d", f.name, want, nd, len(f.v.dims))
		}
		copy(f.dst[2-want:], f.v.dims)
	}
	if p.stop.set {
		for k := 2 - want; k < 2; k++ {
			if s.Stop[k] <= s.Start[k] {
				return s, usagef("--stop %d is not above --start %d", s.Stop[k], s.Start[k])
			}
		}
	}
	return s, nil
}

// plotChunks draws the chunk map of a frame.
func plotChunks(in *input, p *plotFlags) (image.Image, error) {
	if in.frame == nil {
		return nil, errors.New("a single chunk has no chunk map (want a frame or b2nd array)")
	}
	chunks, err := render.Chunks(in.frame, in.ra)
	if err != nil {
		return nil, err
	}
	if len(chunks) == 0 {
		return nil, errors.New("the frame has no chunks: nothing to draw")
	}
	cell := p.scale
	if cell == 0 {
		cell = defaultChunkCell
	}
	return render.DrawChunkMap(chunks, render.NewChunkLayout(len(chunks), cell, 0))
}

// writePNG writes img to path through a temporary file.
func writePNG(path string, img image.Image, e *env) error {
	out, err := openOutput(path, e.stdout)
	if err != nil {
		return err
	}
	if err := png.Encode(out, img); err != nil {
		out.abort()
		return err
	}
	return out.commit()
}
