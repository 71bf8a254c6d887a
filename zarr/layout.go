package zarr

import (
	"fmt"
	"math"
)

// MaxRegionBytes is the largest region ReadRegion and WriteRegion handle in
// one call (4 GiB, less on 32-bit hosts): a zarr.json may declare an array far
// larger than memory, and reading it whole must fail cleanly.
const MaxRegionBytes = min(1<<32, math.MaxInt)

// layout is the validated, derived form of ArrayMetadata that reading and
// writing use.
type layout struct {
	dtype      DataType
	es         int     // element size
	shape      []int64 // array shape
	chunk      []int64 // chunk shape
	grid       []int64 // chunks per dimension
	chunkBytes int     // decoded size of one chunk
	fill       []byte  // one element, little-endian
	keys       ChunkKeyEncoding
	pipe       chunkCodec
	shard      *shardCodec // the pipeline when the array is sharded
}

// chunkCodec turns decoded chunks (little-endian elements, C order) into
// stored bytes and back: a *pipeline, or a *shardCodec for whole shards.
type chunkCodec interface {
	encode(chunk []byte) ([]byte, error)
	decode(key string, stored []byte) ([]byte, error)
}

func newLayout(m *ArrayMetadata) (*layout, error) {
	l := &layout{dtype: m.DataType, es: m.DataType.Size()}
	if l.es == 0 {
		return nil, unsupported("data_type", "data type %q is not supported (bool, int8..int64, uint8..uint64, float32, float64)", m.DataType)
	}
	nd := len(m.Shape)
	if nd > MaxDims {
		return nil, unsupported("shape", "%d dimensions, at most %d are supported", nd, MaxDims)
	}
	if len(m.ChunkShape) != nd {
		return nil, invalid("chunk_grid", "chunk_shape has %d dimensions, shape has %d", len(m.ChunkShape), nd)
	}
	if m.DimensionNames != nil && len(m.DimensionNames) != nd {
		return nil, invalid("dimension_names", "has %d entries, shape has %d dimensions", len(m.DimensionNames), nd)
	}
	elems := int64(1)
	for i := 0; i < nd; i++ {
		s, c := m.Shape[i], m.ChunkShape[i]
		if s < 0 {
			return nil, invalid("shape", "dimension %d is negative (%d)", i, s)
		}
		if c <= 0 {
			return nil, invalid("chunk_grid", "chunk_shape[%d] is %d, must be positive", i, c)
		}
		if c > maxChunkBytes/int64(l.es)/elems {
			return nil, unsupported("chunk_grid", "chunks of %v %s elements are larger than %d bytes", m.ChunkShape, m.DataType, maxChunkBytes)
		}
		elems *= c
		l.grid = append(l.grid, s/c+boolInt(s%c != 0))
	}
	l.shape = append([]int64(nil), m.Shape...)
	l.chunk = append([]int64(nil), m.ChunkShape...)
	l.chunkBytes = int(elems) * l.es

	l.keys = m.ChunkKeyEncoding
	switch l.keys.Name {
	case "", "default":
		l.keys.Name = "default"
		if l.keys.Separator == "" {
			l.keys.Separator = "/"
		}
	case "v2":
		if l.keys.Separator == "" {
			l.keys.Separator = "."
		}
	default:
		return nil, unsupported("chunk_key_encoding", "%q is not supported (only \"default\" and \"v2\")", l.keys.Name)
	}
	if l.keys.Separator != "/" && l.keys.Separator != "." {
		return nil, invalid("chunk_key_encoding", "separator %q must be \"/\" or \".\"", l.keys.Separator)
	}

	var err error
	if l.fill, err = m.DataType.fillBytes(m.FillValue); err != nil {
		return nil, err
	}
	if len(m.Codecs) == 1 {
		if sh, ok := m.Codecs[0].(*ShardingIndexed); ok {
			if l.shard, err = newShardCodec("codecs[0]", sh, l.chunk, l.es, l.fill); err != nil {
				return nil, err
			}
			l.pipe = l.shard
			return l, nil
		}
	}
	if l.pipe, err = newPipeline(m.Codecs, l.chunk, l.es, l.chunkBytes); err != nil {
		return nil, err
	}
	return l, nil
}

// chunkKey returns the store key of the chunk at grid index idx, relative to
// the array's prefix.
func (l *layout) chunkKey(idx []int64) string {
	var b []byte
	if l.keys.Name == "default" {
		b = append(b, 'c')
		for _, i := range idx {
			b = append(b, l.keys.Separator...)
			b = fmt.Appendf(b, "%d", i)
		}
		return string(b)
	}
	if len(idx) == 0 {
		return "0"
	}
	for d, i := range idx {
		if d > 0 {
			b = append(b, l.keys.Separator...)
		}
		b = fmt.Appendf(b, "%d", i)
	}
	return string(b)
}

// fillChunk returns a decoded chunk holding only the fill value.
func (l *layout) fillChunk() []byte { return fillBuffer(l.chunkBytes, l.fill) }

// region checks that the box start[d] <= i < stop[d] lies inside the array
// (as frame's ReadSlab: a stop before its start is a reversed range, start
// == stop selects nothing) and returns its shape and its size in bytes.
func (l *layout) region(start, stop []int64) (count []int64, size int, err error) {
	if len(start) != len(l.shape) || len(stop) != len(l.shape) {
		return nil, 0, fmt.Errorf("%w: start/stop have %d/%d dimensions, array has %d", ErrRegion, len(start), len(stop), len(l.shape))
	}
	count = make([]int64, len(l.shape))
	n := int64(l.es)
	for d := range l.shape {
		if start[d] > stop[d] {
			return nil, 0, fmt.Errorf("%w: dimension %d: [%d, %d) is a reversed range (stop before start; start == stop is empty)", ErrRegion, d, start[d], stop[d])
		}
		if start[d] < 0 || stop[d] > l.shape[d] {
			return nil, 0, fmt.Errorf("%w: dimension %d: [%d, %d) is outside [0, %d)", ErrRegion, d, start[d], stop[d], l.shape[d])
		}
		count[d] = stop[d] - start[d]
		if count[d] != 0 && n > MaxRegionBytes/count[d] {
			return nil, 0, fmt.Errorf("%w: region of %v elements is larger than %d bytes; read it in parts", ErrRegion, count, int64(MaxRegionBytes))
		}
		n *= count[d]
	}
	return count, int(n), nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
