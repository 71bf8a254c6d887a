package frame

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// MaxDims is the largest number of dimensions of a b2nd array.
const MaxDims = 16

// B2NDMetaName is the name of the metalayer describing a b2nd array;
// legacyB2NDMetaName is its pre-b2nd name, still read.
const (
	B2NDMetaName       = "b2nd"
	legacyB2NDMetaName = "caterva"
)

// NDMeta is the content of the "b2nd" metalayer: the geometry and data type
// of an n-dimensional array stored in a frame.
type NDMeta struct {
	Version     uint8   // metalayer format version (0)
	Shape       []int64 // array shape
	ChunkShape  []int32 // shape of each frame chunk
	BlockShape  []int32 // shape of each Blosc block inside a chunk
	DtypeFormat uint8   // 0: Dtype is a NumPy dtype string
	Dtype       string  // e.g. "<f8"; "" when absent (legacy files)
}

// NDim returns the number of dimensions.
func (m *NDMeta) NDim() int { return len(m.Shape) }

// ParseNDMeta decodes a "b2nd" metalayer:
//
//	9X <version> <ndim> 9n{d3 int64}*n 9n{d2 int32}*n 9n{d2 int32}*n <dtype format> db <uint32 len> <dtype>
//
// It checks the encoding only; Validate checks the geometry.
func ParseNDMeta(b []byte) (NDMeta, error) {
	var m NDMeta
	bad := func(off int, reason string) error { return corrupt("b2nd", int64(off), reason) }
	if len(b) < 3 {
		return m, bad(len(b), "metalayer truncated")
	}
	if b[0]&0xf0 != 0x90 || b[0]&0x0f < 5 {
		return m, bad(0, "not a msgpack fixarray of 5 to 7 entries")
	}
	if b[1] > 0x7f || b[2] > 0x7f {
		return m, bad(1, "version or ndim is not a positive fixint")
	}
	m.Version = b[1]
	if err := newerMajor("b2nd", 1, "b2nd metalayer", int(m.Version), B2NDVersion); err != nil {
		return m, err
	}
	nd := int(b[2])
	if nd > MaxDims {
		return m, bad(2, "ndim "+itoa(int64(nd))+" exceeds "+itoa(MaxDims))
	}
	p := 3
	arr := func(width int, marker byte) ([]int64, error) {
		if p >= len(b) || b[p] != 0x90|byte(nd) {
			return nil, bad(p, "expected a fixarray of "+itoa(int64(nd))+" entries")
		}
		p++
		out := make([]int64, nd)
		for i := range out {
			if len(b)-p < 1+width || b[p] != marker {
				return nil, bad(p, "truncated or wrongly typed dimension")
			}
			if width == 8 {
				out[i] = int64(binary.BigEndian.Uint64(b[p+1:]))
			} else {
				out[i] = int64(int32(binary.BigEndian.Uint32(b[p+1:])))
			}
			p += 1 + width
		}
		return out, nil
	}
	shape, err := arr(8, 0xd3)
	if err != nil {
		return m, err
	}
	cs, err := arr(4, 0xd2)
	if err != nil {
		return m, err
	}
	bs, err := arr(4, 0xd2)
	if err != nil {
		return m, err
	}
	m.Shape = shape
	m.ChunkShape = make([]int32, nd)
	m.BlockShape = make([]int32, nd)
	for i := 0; i < nd; i++ {
		m.ChunkShape[i], m.BlockShape[i] = int32(cs[i]), int32(bs[i])
	}
	if p < len(b) {
		if len(b)-p < 6 || b[p] > 0x7f || b[p+1] != 0xdb {
			return m, bad(p, "dtype is not <fixint format> db <len> <string>")
		}
		m.DtypeFormat = b[p]
		l := int64(binary.BigEndian.Uint32(b[p+2:]))
		p += 6
		if l > int64(len(b)-p) {
			return m, bad(p-4, "dtype string runs past the metalayer")
		}
		m.Dtype = string(b[p : p+int(l)])
	}
	return m, nil
}

// AppendNDMeta appends the encoded metalayer to dst (the layout C-Blosc2
// writes, version 0).
func AppendNDMeta(dst []byte, m NDMeta) []byte {
	nd := byte(len(m.Shape))
	dst = append(dst, 0x97, m.Version, nd, 0x90|nd)
	for _, v := range m.Shape {
		dst = append(dst, 0xd3)
		dst = binary.BigEndian.AppendUint64(dst, uint64(v))
	}
	dst = append(dst, 0x90|nd)
	for _, v := range m.ChunkShape {
		dst = append(dst, 0xd2)
		dst = binary.BigEndian.AppendUint32(dst, uint32(v))
	}
	dst = append(dst, 0x90|nd)
	for _, v := range m.BlockShape {
		dst = append(dst, 0xd2)
		dst = binary.BigEndian.AppendUint32(dst, uint32(v))
	}
	dst = append(dst, m.DtypeFormat, 0xdb)
	dst = binary.BigEndian.AppendUint32(dst, uint32(len(m.Dtype)))
	return append(dst, m.Dtype...)
}

// Geometry is the derived layout of a b2nd array.
type Geometry struct {
	Itemsize      int64
	NItems        int64   // items in the array
	ChunksPerDim  []int64 // ceil(shape/chunkshape)
	NChunks       int64
	ExtChunkShape []int64 // chunkshape rounded up to whole blocks
	BlocksPerDim  []int64 // per chunk
	ChunkItems    int64   // items in a (padded) chunk
	BlockItems    int64
	ChunkNbytes   int64 // decoded bytes of each chunk
	BlockNbytes   int64
}

const maxArrayItems = 1 << 62

func mulCheck(a, b int64) (int64, bool) {
	if a < 0 || b < 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > maxArrayItems {
		return 0, false
	}
	return int64(lo), true
}

// Validate checks the geometry for itemsize-byte items and returns the
// derived layout: no negative or zero extents where forbidden, blocks no
// larger than chunks, no product overflowing, chunks that fit a Blosc chunk.
func (m *NDMeta) Validate(itemsize int64) (Geometry, error) {
	var g Geometry
	bad := func(reason string) error { return corrupt("b2nd", -1, reason) }
	nd := len(m.Shape)
	if nd > MaxDims || len(m.ChunkShape) != nd || len(m.BlockShape) != nd {
		return g, bad("shape, chunkshape and blockshape differ in length or exceed " + itoa(MaxDims) + " dimensions")
	}
	if itemsize <= 0 || itemsize > math.MaxInt32 {
		return g, bad("item size " + itoa(itemsize) + " out of range")
	}
	g.Itemsize = itemsize
	g.NItems, g.NChunks, g.ChunkItems, g.BlockItems = 1, 1, 1, 1
	g.ChunksPerDim = make([]int64, nd)
	g.ExtChunkShape = make([]int64, nd)
	g.BlocksPerDim = make([]int64, nd)
	var ok bool
	for i := 0; i < nd; i++ {
		s, c, bl := m.Shape[i], int64(m.ChunkShape[i]), int64(m.BlockShape[i])
		if s < 0 || s > maxArrayItems {
			return g, bad("shape[" + itoa(int64(i)) + "] = " + itoa(s) + " out of range")
		}
		if c <= 0 || bl <= 0 || bl > c {
			return g, bad("dimension " + itoa(int64(i)) + ": need 1 <= blockshape (" + itoa(bl) + ") <= chunkshape (" + itoa(c) + ")")
		}
		g.ChunksPerDim[i] = (s + c - 1) / c
		g.BlocksPerDim[i] = (c + bl - 1) / bl
		g.ExtChunkShape[i] = g.BlocksPerDim[i] * bl
		if g.NItems, ok = mulCheck(g.NItems, s); !ok {
			return g, bad("the number of items overflows")
		}
		if g.NChunks, ok = mulCheck(g.NChunks, g.ChunksPerDim[i]); !ok {
			return g, bad("the number of chunks overflows")
		}
		if g.ChunkItems, ok = mulCheck(g.ChunkItems, g.ExtChunkShape[i]); !ok {
			return g, bad("the chunk size overflows")
		}
		g.BlockItems *= bl // <= ChunkItems
	}
	if g.NItems == 0 {
		g.NChunks = 0
	}
	if g.ChunkNbytes, ok = mulCheck(g.ChunkItems, itemsize); !ok || g.ChunkNbytes > math.MaxInt32 {
		return g, bad("a chunk of " + itoa(g.ChunkItems) + " items of " + itoa(itemsize) + " bytes exceeds the Blosc chunk limit")
	}
	g.BlockNbytes = g.BlockItems * itemsize
	if _, ok = mulCheck(g.NItems, itemsize); !ok {
		return g, bad("the array size in bytes overflows")
	}
	return g, nil
}
