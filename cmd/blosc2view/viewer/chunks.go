package viewer

import (
	"bytes"
	"errors"
	"image/color"
	"image/png"
	"strconv"

	"github.com/blosc2go/blosc2/internal/render"
)

// MaxMapCols is the most columns of the page's chunk map.
const MaxMapCols = 64

// ChunkMap is a drawn chunk map.
type ChunkMap struct {
	PNG    []byte             `json:"-"`
	Layout render.ChunkLayout `json:"layout"`
	Chunks []render.Chunk     `json:"chunks"`
	Legend []LegendEntry      `json:"legend"`
}

// LegendEntry is a color of the chunk map and what it means.
type LegendEntry struct {
	Label string `json:"label"`
	RGB   [3]int `json:"rgb"`
}

func rgb(c color.NRGBA) [3]int { return [3]int{int(c.R), int(c.G), int(c.B)} }

// ChunkMap draws the chunk map with cells of cell pixels (0: a size that
// makes the map about 480 pixels wide, from 4 to 48). The chunk headers are
// read once per session.
func (s *Session) ChunkMap(cell int) (*ChunkMap, error) {
	if s.frame == nil && s.store != nil {
		return nil, errors.New("a .b2z store has no chunk map of its own: open one of its members")
	}
	if s.frame == nil {
		return nil, errors.New("a single chunk has no chunk map")
	}
	if cell < 0 || cell > 256 {
		return nil, errors.New("chunk cell size outside 1..256")
	}
	s.mu.Lock()
	chunks := s.chunks
	s.mu.Unlock()
	if chunks == nil {
		var err error
		if chunks, err = render.Chunks(s.frame, s.ra); err != nil {
			return nil, err
		}
		s.mu.Lock()
		s.chunks = chunks
		s.mu.Unlock()
	}
	l := render.NewChunkLayout(len(chunks), 1, MaxMapCols)
	if cell == 0 && l.Cols > 0 {
		cell = min(48, max(4, 480/l.Cols))
	}
	l.Cell = cell
	m := &ChunkMap{Layout: l, Chunks: chunks}
	for _, r := range []float64{1, 4, 16, 64, render.RatioMax} {
		c := (&render.Chunk{Nbytes: int64(r * 1000), Cbytes: 1000}).Color()
		m.Legend = append(m.Legend, LegendEntry{"ratio " + strconv.FormatFloat(r, 'f', -1, 64) + "x", rgb(c)})
	}
	for _, sp := range []string{"zeros", "nan", "uninit", "value"} {
		c := (&render.Chunk{Special: sp}).Color()
		m.Legend = append(m.Legend, LegendEntry{specialLabel[sp], rgb(c)})
	}
	if len(chunks) == 0 {
		return m, nil
	}
	img, err := render.DrawChunkMap(chunks, l)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	m.PNG = buf.Bytes()
	return m, nil
}

var specialLabel = map[string]string{
	"zeros":  "special: zeros",
	"nan":    "special: NaN",
	"uninit": "special: uninitialized",
	"value":  "special: one repeated value",
}
