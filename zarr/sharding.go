package zarr

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/blosc2go/blosc2/offsetcodec"
)

const shardingName = "sharding_indexed"

// ShardingIndexed is the "sharding_indexed" array -> bytes codec of the Zarr
// v3 core specification: each stored chunk (a shard) holds a grid of inner
// chunks of ChunkShape, each encoded with Codecs, and an index of
// (offset, nbytes) pairs, little-endian uint64 in C order of the inner grid,
// encoded with IndexCodecs and stored at the start or the end of the shard.
// An inner chunk whose pair is (2^64-1, 2^64-1) is empty: it reads as the
// fill value. In metadata:
//
//	{"name": "sharding_indexed", "configuration": {"chunk_shape": [32, 32],
//	  "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "blosc", ...}],
//	  "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}],
//	  "index_location": "end"}}
//
// It must be the array's only codec (other codecs go inside, in Codecs), and
// ChunkShape must divide the array's chunk (shard) shape. IndexCodecs must
// give an index of fixed size (bytes, then codecs such as crc32c); nested
// sharding is not supported. Reading a region through a RangeStore reads the
// index and only the inner chunks the region touches; writing rewrites whole
// shards, leaving out inner chunks that hold only the fill value.
type ShardingIndexed struct {
	ChunkShape []int64
	// Codecs encode each inner chunk; empty means a little-endian bytes codec.
	Codecs []Codec
	// IndexCodecs encode the index; empty means bytes(little) + crc32c, what
	// zarr-python and zarrita write.
	IndexCodecs []Codec
	// IndexLocation is "end" (also for "") or "start".
	IndexLocation string
}

// Name returns "sharding_indexed".
func (s *ShardingIndexed) Name() string { return shardingName }

func (s *ShardingIndexed) normalized() *ShardingIndexed {
	n := *s
	if len(n.Codecs) == 0 {
		n.Codecs = []Codec{&Bytes{Endian: "little"}}
	}
	if len(n.IndexCodecs) == 0 {
		n.IndexCodecs = []Codec{&Bytes{Endian: "little"}, offsetcodec.NewCRC32C()}
	}
	if n.IndexLocation == "" {
		n.IndexLocation = "end"
	}
	return &n
}

// MarshalJSON returns the codec's metadata with every member written.
func (s *ShardingIndexed) MarshalJSON() ([]byte, error) {
	n := s.normalized()
	list := func(cs []Codec) ([]json.RawMessage, error) {
		out := make([]json.RawMessage, len(cs))
		for i, c := range cs {
			b, err := c.MarshalJSON()
			if err != nil {
				return nil, err
			}
			out[i] = b
		}
		return out, nil
	}
	codecs, err := list(n.Codecs)
	if err != nil {
		return nil, err
	}
	index, err := list(n.IndexCodecs)
	if err != nil {
		return nil, err
	}
	shape := n.ChunkShape
	if shape == nil {
		shape = []int64{}
	}
	type conf struct {
		ChunkShape    []int64           `json:"chunk_shape"`
		Codecs        []json.RawMessage `json:"codecs"`
		IndexCodecs   []json.RawMessage `json:"index_codecs"`
		IndexLocation string            `json:"index_location"`
	}
	return json.Marshal(struct {
		Name string `json:"name"`
		Conf conf   `json:"configuration"`
	}{shardingName, conf{shape, codecs, index, n.IndexLocation}})
}

// parseSharding parses the configuration of a sharding_indexed codec.
func parseSharding(field string, conf json.RawMessage, depth int) (*ShardingIndexed, error) {
	if depth > 0 {
		return nil, unsupported(field, "nested sharding is not supported")
	}
	c, err := offsetcodec.ParseConfig(shardingName, conf, "chunk_shape", "codecs", "index_codecs", "index_location")
	if err == nil {
		err = c.Require("chunk_shape", "codecs")
	}
	if err != nil {
		return nil, &MetadataError{Field: field, Reason: err.Error(), Err: ErrInvalidMetadata}
	}
	var raw struct {
		ChunkShape  []int64           `json:"chunk_shape"`
		Codecs      []json.RawMessage `json:"codecs"`
		IndexCodecs []json.RawMessage `json:"index_codecs"`
	}
	if err := json.Unmarshal(conf, &raw); err != nil || raw.ChunkShape == nil {
		return nil, invalid(field, "sharding_indexed needs chunk_shape (an array of positive integers), codecs and index_codecs (arrays of codecs)")
	}
	s := &ShardingIndexed{ChunkShape: raw.ChunkShape}
	if s.IndexLocation, err = c.String("index_location", "end", "start", "end"); err != nil {
		return nil, &MetadataError{Field: field, Reason: err.Error(), Err: ErrInvalidMetadata}
	}
	if len(raw.Codecs) == 0 {
		return nil, invalid(field+".codecs", "must be a non-empty array of codecs")
	}
	for i, r := range raw.Codecs {
		cd, err := parseCodecDepth(fmt.Sprintf("%s.codecs[%d]", field, i), r, depth+1)
		if err != nil {
			return nil, err
		}
		s.Codecs = append(s.Codecs, cd)
	}
	for i, r := range raw.IndexCodecs {
		cd, err := parseCodecDepth(fmt.Sprintf("%s.index_codecs[%d]", field, i), r, depth+1)
		if err != nil {
			return nil, err
		}
		s.IndexCodecs = append(s.IndexCodecs, cd)
	}
	if c.Has("index_codecs") && len(s.IndexCodecs) == 0 {
		return nil, invalid(field+".index_codecs", "must be a non-empty array of codecs")
	}
	return s, nil
}

// emptyEntry marks an inner chunk absent from its shard.
const emptyEntry = math.MaxUint64

// shardCodec encodes and decodes whole shards, and reads parts of them.
type shardCodec struct {
	shard     []int64 // shard shape
	inner     []int64 // inner chunk shape
	igrid     []int64 // inner chunks per dimension
	n         int     // inner chunks per shard
	es        int
	fill      []byte // one element
	pipe      *pipeline
	index     *pipeline
	indexSize int64 // encoded index bytes
	maxStored int64 // largest valid stored inner chunk
	atStart   bool
}

func newShardCodec(field string, s *ShardingIndexed, shard []int64, es int, fill []byte) (*shardCodec, error) {
	s = s.normalized()
	nd := len(shard)
	if len(s.ChunkShape) != nd {
		return nil, invalid(field, "sharding chunk_shape has %d dimensions, the shard has %d", len(s.ChunkShape), nd)
	}
	sc := &shardCodec{shard: shard, inner: s.ChunkShape, es: es, fill: fill, atStart: s.IndexLocation == "start", n: 1}
	if s.IndexLocation != "start" && s.IndexLocation != "end" {
		return nil, invalid(field, "index_location %q must be \"start\" or \"end\"", s.IndexLocation)
	}
	innerElems := int64(1)
	for d := 0; d < nd; d++ {
		c := s.ChunkShape[d]
		if c <= 0 || shard[d]%c != 0 {
			return nil, invalid(field, "inner chunk_shape %v does not divide the shard shape %v", s.ChunkShape, shard)
		}
		sc.igrid = append(sc.igrid, shard[d]/c)
		sc.n *= int(shard[d] / c) // bounded by the shard's element count
		innerElems *= c
	}
	if int64(sc.n) > maxChunkBytes/16 {
		return nil, unsupported(field, "%d inner chunks per shard: the index would exceed %d bytes", sc.n, maxChunkBytes)
	}
	var err error
	if sc.pipe, err = newPipeline(s.Codecs, sc.inner, es, int(innerElems)*es); err != nil {
		return nil, prefixField(err, field+".codecs")
	}
	sc.maxStored = int64(sc.pipe.chunkBytes)
	for _, c := range sc.pipe.b2b {
		sc.maxStored = int64(encodedBound(c, int(sc.maxStored)))
	}
	ishape := append(append([]int64(nil), sc.igrid...), 2)
	if sc.index, err = newPipeline(s.IndexCodecs, ishape, 8, 16*sc.n); err != nil {
		return nil, prefixField(err, field+".index_codecs")
	}
	sc.indexSize = int64(16 * sc.n)
	for _, c := range sc.index.b2b {
		sz, ok := c.(offsetcodec.Sizer)
		if !ok || sz.EncodedSize(sc.indexSize) < 0 {
			return nil, unsupported(field+".index_codecs", "codec %q does not give an index of fixed size", c.Name())
		}
		sc.indexSize = sz.EncodedSize(sc.indexSize)
	}
	return sc, nil
}

func prefixField(err error, field string) error {
	var me *MetadataError
	if errors.As(err, &me) {
		return &MetadataError{Field: field + "." + me.Field, Reason: me.Reason, Err: me.Err}
	}
	return err
}

// parseIndex decodes an encoded index into (offset, nbytes) pairs and checks
// each against the shard size (size < 0: unknown, checked when read).
func (sc *shardCodec) parseIndex(key string, enc []byte, size int64) ([]uint64, error) {
	raw, err := sc.index.decode(key, enc)
	if err != nil {
		return nil, err
	}
	idx := make([]uint64, 2*sc.n)
	for i := range idx {
		idx[i] = binary.LittleEndian.Uint64(raw[8*i:])
	}
	for i := 0; i < sc.n; i++ {
		off, nb := idx[2*i], idx[2*i+1]
		if off == emptyEntry && nb == emptyEntry {
			continue
		}
		bad := ""
		switch {
		case off == emptyEntry || nb == emptyEntry:
			bad = "only one of offset and nbytes is 2^64-1"
		case nb > uint64(sc.maxStored):
			bad = fmt.Sprintf("%d bytes, more than an inner chunk can take (%d)", nb, sc.maxStored)
		case off > math.MaxInt64-nb:
			bad = "offset out of range"
		case size >= 0 && off+nb > uint64(size):
			bad = fmt.Sprintf("bytes [%d, %d) lie outside the shard's %d bytes", off, off+nb, size)
		}
		if bad != "" {
			return nil, &ChunkError{Key: key, Codec: shardingName, Reason: fmt.Sprintf("index entry %d: %s", i, bad)}
		}
	}
	return idx, nil
}

// splitShard returns the encoded index of a stored shard.
func (sc *shardCodec) indexBytes(key string, stored []byte) ([]byte, error) {
	if int64(len(stored)) < sc.indexSize {
		return nil, &ChunkError{Key: key, Codec: shardingName, Reason: fmt.Sprintf("%d bytes, shorter than its %d-byte index", len(stored), sc.indexSize)}
	}
	if sc.atStart {
		return stored[:sc.indexSize], nil
	}
	return stored[int64(len(stored))-sc.indexSize:], nil
}

// innerOrigin returns the element coordinates of inner chunk i in the shard.
func (sc *shardCodec) innerIndex(i int) []int64 {
	idx := make([]int64, len(sc.igrid))
	for d := len(sc.igrid) - 1; d >= 0; d-- {
		idx[d] = int64(i) % sc.igrid[d]
		i /= int(sc.igrid[d])
	}
	return idx
}

// linear returns the C-order number of inner chunk idx.
func (sc *shardCodec) linear(idx []int64) int {
	n := int64(0)
	for d, i := range idx {
		n = n*sc.igrid[d] + i
	}
	return int(n)
}

// decode decodes a whole stored shard (pipeline interface).
func (sc *shardCodec) decode(key string, stored []byte) ([]byte, error) {
	ib, err := sc.indexBytes(key, stored)
	if err != nil {
		return nil, err
	}
	idx, err := sc.parseIndex(key, ib, int64(len(stored)))
	if err != nil {
		return nil, err
	}
	out := fillBuffer(shapeBytes(sc.shard, sc.es), sc.fill)
	zero := make([]int64, len(sc.shard))
	for i := 0; i < sc.n; i++ {
		off, nb := idx[2*i], idx[2*i+1]
		if off == emptyEntry {
			continue
		}
		chunk, err := sc.pipe.decode(key, stored[off:off+nb])
		if err != nil {
			return nil, err
		}
		ii := sc.innerIndex(i)
		origin := make([]int64, len(ii))
		for d := range ii {
			origin[d] = ii[d] * sc.inner[d]
		}
		copyBox(out, sc.shard, origin, chunk, sc.inner, zero, sc.inner, sc.es)
	}
	return out, nil
}

// encode encodes a whole decoded shard (pipeline interface).
func (sc *shardCodec) encode(shard []byte) ([]byte, error) {
	var body []byte
	idx := make([]byte, 16*sc.n)
	zero := make([]int64, len(sc.shard))
	chunk := make([]byte, sc.pipe.chunkBytes)
	base := uint64(0)
	if sc.atStart {
		base = uint64(sc.indexSize)
	}
	for i := 0; i < sc.n; i++ {
		ii := sc.innerIndex(i)
		origin := make([]int64, len(ii))
		for d := range ii {
			origin[d] = ii[d] * sc.inner[d]
		}
		copyBox(chunk, sc.inner, zero, shard, sc.shard, origin, sc.inner, sc.es)
		if isFill(chunk, sc.fill) {
			binary.LittleEndian.PutUint64(idx[16*i:], emptyEntry)
			binary.LittleEndian.PutUint64(idx[16*i+8:], emptyEntry)
			continue
		}
		enc, err := sc.pipe.encode(chunk)
		if err != nil {
			return nil, err
		}
		binary.LittleEndian.PutUint64(idx[16*i:], base+uint64(len(body)))
		binary.LittleEndian.PutUint64(idx[16*i+8:], uint64(len(enc)))
		body = append(body, enc...)
	}
	ienc, err := sc.index.encode(idx)
	if err != nil {
		return nil, err
	}
	if int64(len(ienc)) != sc.indexSize {
		return nil, fmt.Errorf("zarr: sharding index encoded to %d bytes, want %d", len(ienc), sc.indexSize)
	}
	if sc.atStart {
		return append(ienc, body...), nil
	}
	return append(body, ienc...), nil
}

// readRegion copies the part [cStart, cStart+n) of the shard at key into out
// (shape count, at rStart), reading through rs only the index and the inner
// chunks that part touches.
func (sc *shardCodec) readRegion(rs RangeStore, key string, out []byte, count, rStart, cStart, n []int64) error {
	off := -sc.indexSize
	if sc.atStart {
		off = 0
	}
	ib, err := rs.GetRange(key, off, sc.indexSize)
	if errors.Is(err, ErrNotFound) {
		fillBox(out, count, rStart, n, sc.fill)
		return nil
	}
	if errors.Is(err, ErrRange) {
		return &ChunkError{Key: key, Codec: shardingName, Reason: fmt.Sprintf("shorter than its %d-byte index", sc.indexSize), Err: err}
	}
	if err != nil {
		return err
	}
	idx, err := sc.parseIndex(key, ib, -1)
	if err != nil {
		return err
	}
	return eachBox(sc.inner, cStart, n, func(ii, icStart, irStart, in []int64) error {
		dst := make([]int64, len(rStart))
		for d := range dst {
			dst[d] = rStart[d] + irStart[d]
		}
		k := sc.linear(ii)
		o, nb := idx[2*k], idx[2*k+1]
		if o == emptyEntry {
			fillBox(out, count, dst, in, sc.fill)
			return nil
		}
		stored, err := rs.GetRange(key, int64(o), int64(nb))
		if errors.Is(err, ErrRange) {
			return &ChunkError{Key: key, Codec: shardingName, Reason: fmt.Sprintf("index entry %d points past the end of the shard", k), Err: err}
		}
		if err != nil {
			return err
		}
		chunk, err := sc.pipe.decode(key, stored)
		if err != nil {
			return err
		}
		copyBox(out, count, dst, chunk, sc.inner, icStart, in, sc.es)
		return nil
	})
}

func shapeBytes(shape []int64, es int) int {
	n := es
	for _, s := range shape {
		n *= int(s)
	}
	return n
}

// fillBuffer returns n bytes of the repeated element fill.
func fillBuffer(n int, fill []byte) []byte {
	b := make([]byte, n)
	if !isZero(fill) {
		for i := 0; i < n; i += len(fill) {
			copy(b[i:], fill)
		}
	}
	return b
}

// fillBox sets the box [start, start+n) of out (shape shape) to fill.
func fillBox(out []byte, shape, start, n []int64, fill []byte) {
	box := fillBuffer(shapeBytes(n, len(fill)), fill)
	copyBox(out, shape, start, box, n, make([]int64, len(n)), n, len(fill))
}

func isZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

// isFill reports whether every element of chunk equals fill.
func isFill(chunk, fill []byte) bool {
	if isZero(fill) {
		return isZero(chunk)
	}
	for i := 0; i < len(chunk); i += len(fill) {
		for j, v := range fill {
			if chunk[i+j] != v {
				return false
			}
		}
	}
	return true
}
