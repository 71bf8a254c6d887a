package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
)

// Colors with a fixed meaning, outside the viridis range.
var (
	// NaNColor marks NaN values in heatmaps (and NaT datetimes) and NaN
	// special chunks in chunk maps: pure red, #ff0000.
	NaNColor = color.NRGBA{0xff, 0x00, 0x00, 0xff}
)

// MaxPixels bounds the pixels of a picture (2^28, 1 GiB as NRGBA).
const MaxPixels = 1 << 28

// Grid is a 2-D slice of values in row-major order: Values[r*Cols+c].
type Grid struct {
	Rows, Cols int
	Values     []float64
}

// At returns the value at row r, column c.
func (g *Grid) At(r, c int) float64 { return g.Values[r*g.Cols+c] }

// Range returns the smallest and largest finite values; ok is false when
// there is none (an empty grid, or NaNs and infinities only).
func (g *Grid) Range() (min, max float64, ok bool) {
	min, max = math.Inf(1), math.Inf(-1)
	for _, v := range g.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		if v < min {
			min = v
		}
		if v > max {
			max = v
		}
		ok = true
	}
	if !ok {
		return 0, 0, false
	}
	return min, max, true
}

// Heatmap draws g with scale×scale pixels per value: row r at the top is
// g's row r. A value v takes Viridis((v-min)/(max-min)) (values outside
// [min, max], infinities included, take the end colors; when max == min every
// number takes the darkest color); NaN takes NaNColor. The image is opaque.
func Heatmap(g *Grid, scale int, min, max float64) (*image.NRGBA, error) {
	if scale < 1 {
		return nil, fmt.Errorf("%w: scale %d, want at least 1", ErrSlice, scale)
	}
	if g.Rows < 0 || g.Cols < 0 || len(g.Values) != g.Rows*g.Cols {
		return nil, fmt.Errorf("%w: %d values for %dx%d", ErrSlice, len(g.Values), g.Rows, g.Cols)
	}
	if math.IsNaN(min) || math.IsNaN(max) || math.IsInf(min, 0) || math.IsInf(max, 0) || max < min {
		return nil, fmt.Errorf("%w: color range [%g, %g]", ErrSlice, min, max)
	}
	if err := checkPixels(int64(g.Cols)*int64(scale), int64(g.Rows)*int64(scale)); err != nil {
		return nil, err
	}
	img := image.NewNRGBA(image.Rect(0, 0, g.Cols*scale, g.Rows*scale))
	span := max - min
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			v := g.At(r, c)
			var col color.NRGBA
			switch {
			case math.IsNaN(v):
				col = NaNColor
			case span == 0:
				col = Viridis(0)
			case math.IsInf(span, 0):
				// Finite bounds too far apart for float64: halve first.
				col = Viridis((v/2 - min/2) / (max/2 - min/2))
			default:
				col = Viridis((v - min) / span)
			}
			fill(img, c*scale, r*scale, scale, col)
		}
	}
	return img, nil
}

// fill paints the size×size square at (x, y).
func fill(img *image.NRGBA, x, y, size int, c color.NRGBA) {
	for dy := 0; dy < size; dy++ {
		off := img.PixOffset(x, y+dy)
		row := img.Pix[off : off+4*size]
		for i := 0; i < len(row); i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
		}
	}
}

func checkPixels(w, h int64) error {
	if w > 0 && h > 0 && (w > MaxPixels || h > MaxPixels || w*h > MaxPixels) {
		return fmt.Errorf("%w: a %dx%d picture exceeds %d pixels", ErrSlice, w, h, MaxPixels)
	}
	return nil
}
