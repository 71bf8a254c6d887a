package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
)

// Fixed colors of special chunks in chunk maps (NaN chunks take NaNColor).
var (
	ZerosColor  = color.NRGBA{0xff, 0xff, 0xff, 0xff} // white: all zeros
	UninitColor = color.NRGBA{0x9e, 0x9e, 0x9e, 0xff} // gray: uninitialized
	RepeatColor = color.NRGBA{0x4f, 0xc3, 0xf7, 0xff} // light blue: one repeated value
	markColor   = color.NRGBA{0x30, 0x30, 0x30, 0xff} // the X over special chunks
	gapColor    = color.NRGBA{0x20, 0x20, 0x20, 0xff} // between cells
)

// RatioMax is the compression ratio that takes the brightest chunk map color;
// ratios from 1 to RatioMax are spread on a log scale.
const RatioMax = 256

// Chunk is what a chunk map shows of one chunk.
type Chunk struct {
	Index int `json:"index"`
	// Special is "" for a chunk with data, else the special value it is
	// stored as: "zeros", "nan", "uninit" (in the frame index or the chunk's
	// own header) or "value" (a chunk holding one repeated value).
	Special string   `json:"special,omitempty"`
	Nbytes  int64    `json:"nbytes"`            // decoded bytes (-1: unknown)
	Cbytes  int64    `json:"cbytes"`            // stored bytes, header included (0 for specials of the index)
	Codec   string   `json:"codec,omitempty"`   // "zstd", "lz4", ..., "memcpy"; "" for special chunks
	Filters []string `json:"filters,omitempty"` // the filter pipeline, "name" or "name:meta"
	Offset  int64    `json:"offset"`            // in the frame file, -1 when not stored there
}

// Ratio returns Nbytes/Cbytes, 0 when unknown.
func (c *Chunk) Ratio() float64 {
	if c.Cbytes <= 0 || c.Nbytes < 0 {
		return 0
	}
	return float64(c.Nbytes) / float64(c.Cbytes)
}

// Color returns the chunk's cell color: its special value's color, or the
// viridis color of its ratio.
func (c *Chunk) Color() color.NRGBA {
	switch c.Special {
	case "":
	case "zeros":
		return ZerosColor
	case "nan":
		return NaNColor
	case "value":
		return RepeatColor
	default:
		return UninitColor
	}
	r := c.Ratio()
	if r <= 1 {
		return Viridis(0)
	}
	return Viridis(math.Log(r) / math.Log(RatioMax))
}

// ChunkLayout places n chunks in a grid of square cells: chunk i is at
// column i%Cols, row i/Cols. Cells are Cell pixels wide, a 1-pixel gap of
// them included when Cell >= 4.
type ChunkLayout struct {
	N, Cols, Rows, Cell int
}

// NewChunkLayout lays out n chunks in a grid as square as possible (at most
// cols columns, 0: no limit).
func NewChunkLayout(n, cell, cols int) ChunkLayout {
	l := ChunkLayout{N: n, Cell: cell}
	if n == 0 {
		return l
	}
	l.Cols = int(math.Ceil(math.Sqrt(float64(n))))
	if cols > 0 && l.Cols > cols {
		l.Cols = cols
	}
	l.Rows = (n + l.Cols - 1) / l.Cols
	return l
}

// Size returns the picture's width and height.
func (l ChunkLayout) Size() (w, h int) { return l.Cols * l.Cell, l.Rows * l.Cell }

// At returns the chunk at pixel (x, y), or -1.
func (l ChunkLayout) At(x, y int) int {
	if x < 0 || y < 0 || l.Cell <= 0 {
		return -1
	}
	c, r := x/l.Cell, y/l.Cell
	if c >= l.Cols || r >= l.Rows || r*l.Cols+c >= l.N {
		return -1
	}
	return r*l.Cols + c
}

// DrawChunkMap draws chunks with layout l (l.N must be len(chunks)).
// Places after the last chunk stay transparent.
func DrawChunkMap(chunks []Chunk, l ChunkLayout) (*image.NRGBA, error) {
	if l.N != len(chunks) || l.Cell < 1 || (l.N > 0 && l.Cols*l.Rows < l.N) {
		return nil, fmt.Errorf("render: bad chunk layout %+v for %d chunks", l, len(chunks))
	}
	if err := checkPixels(int64(l.Cols)*int64(l.Cell), int64(l.Rows)*int64(l.Cell)); err != nil {
		return nil, err
	}
	w, h := l.Size()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	inner, gap := l.Cell, 0
	if l.Cell >= 4 {
		inner, gap = l.Cell-1, 1
	}
	for i := range chunks {
		x, y := (i%l.Cols)*l.Cell, (i/l.Cols)*l.Cell
		if gap > 0 {
			fill(img, x, y, l.Cell, gapColor)
		}
		fill(img, x, y, inner, chunks[i].Color())
		if chunks[i].Special != "" && inner >= 5 {
			for d := 1; d < inner-1; d++ {
				img.SetNRGBA(x+d, y+d, markColor)
				img.SetNRGBA(x+inner-1-d, y+d, markColor)
			}
		}
	}
	return img, nil
}
