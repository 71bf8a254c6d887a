package render_test

import (
	"fmt"
	"math"

	"github.com/blosc2go/blosc2/internal/render"
)

// A heatmap of a 2x3 grid at 4 pixels per value: the smallest value is
// viridis' dark purple, the largest its yellow, NaN red.
func ExampleHeatmap() {
	g := &render.Grid{Rows: 2, Cols: 3, Values: []float64{0, 1, 2, 3, math.NaN(), 4}}
	lo, hi, _ := g.Range()
	img, err := render.Heatmap(g, 4, lo, hi)
	if err != nil {
		panic(err)
	}
	fmt.Println(img.Bounds().Dx(), "x", img.Bounds().Dy(), "pixels")
	fmt.Printf("min %v: %v\n", lo, img.NRGBAAt(0, 0))
	fmt.Printf("max %v: %v\n", hi, img.NRGBAAt(11, 7))
	fmt.Printf("NaN: %v\n", img.NRGBAAt(5, 5))
	// Output:
	// 12 x 8 pixels
	// min 0: {68 1 84 255}
	// max 4: {253 231 37 255}
	// NaN: {255 0 0 255}
}

// A chunk map: one cell per chunk, colored by compression ratio, special
// chunks in fixed colors.
func ExampleDrawChunkMap() {
	chunks := []render.Chunk{
		{Nbytes: 1 << 20, Cbytes: 1 << 16, Codec: "zstd"}, // ratio 16
		{Special: "zeros", Nbytes: 1 << 20},
		{Nbytes: 1 << 20, Cbytes: 1 << 20, Codec: "memcpy"}, // ratio 1
	}
	l := render.NewChunkLayout(len(chunks), 10, 0)
	img, err := render.DrawChunkMap(chunks, l)
	if err != nil {
		panic(err)
	}
	fmt.Println(l.Cols, "columns,", l.Rows, "rows:", img.Bounds().Dx(), "x", img.Bounds().Dy(), "pixels")
	for _, p := range [][2]int{{4, 4}, {15, 4}, {4, 15}, {15, 15}} {
		i := l.At(p[0], p[1])
		if i < 0 {
			fmt.Printf("pixel %v: no chunk\n", p)
			continue
		}
		fmt.Printf("pixel %v: chunk %d, ratio %v, %v\n", p, i, chunks[i].Ratio(), img.NRGBAAt(p[0], p[1]) == chunks[i].Color())
	}
	// Output:
	// 2 columns, 2 rows: 20 x 20 pixels
	// pixel [4 4]: chunk 0, ratio 16, true
	// pixel [15 4]: chunk 1, ratio 0, true
	// pixel [4 15]: chunk 2, ratio 1, true
	// pixel [15 15]: no chunk
}
