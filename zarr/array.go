package zarr

import (
	"errors"
	"fmt"
	"strings"
)

// Array is a Zarr v3 or v2 array in a store. Its methods may be called
// concurrently for reading; concurrent writes to the same chunk race.
type Array struct {
	store Store
	path  string // node path without leading "/", "" for the root
	meta  *ArrayMetadata
	l     *layout
	v2    *ArrayMetadataV2 // nil for a v3 array
}

// CreateArray writes the zarr.json of a new array at path ("" for the root
// of the store, otherwise names separated by "/") and returns the array.
// Existing chunks under path are not removed.
func CreateArray(s Store, path string, m ArrayMetadata) (*Array, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	n, err := m.normalize()
	if err != nil {
		return nil, err
	}
	doc, err := n.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if err := s.Set(metaKey(path), doc); err != nil {
		return nil, err
	}
	l, _ := newLayout(n) // validated by normalize
	return &Array{store: s, path: path, meta: n, l: l}, nil
}

// OpenArray reads the zarr.json of the array at path or, when there is
// none, the .zarray of a Zarr v2 array (see OpenArrayV2).
func OpenArray(s Store, path string) (*Array, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	doc, err := s.Get(metaKey(path))
	if errors.Is(err, ErrNotFound) {
		a, err2 := OpenArrayV2(s, path)
		if errors.Is(err2, ErrNotFound) {
			return nil, err
		}
		return a, err2
	}
	if err != nil {
		return nil, err
	}
	m, err := ParseArrayMetadata(doc)
	if err != nil {
		return nil, err
	}
	l, err := newLayout(m)
	if err != nil {
		return nil, err
	}
	return &Array{store: s, path: path, meta: m, l: l}, nil
}

// Metadata returns the array's metadata (shared: do not modify it). For a
// Zarr v2 array it is the v3 equivalent (v2 chunk keys, a transpose for F
// order, the numcodecs filters and compressor as bytes -> bytes codecs); see
// MetadataV2 for the .zarray.
func (a *Array) Metadata() *ArrayMetadata { return a.meta }

// Shape returns the array's shape.
func (a *Array) Shape() []int64 { return append([]int64(nil), a.l.shape...) }

// DataType returns the array's data type.
func (a *Array) DataType() DataType { return a.l.dtype }

// ChunkKey returns the store key of the chunk at grid index idx.
func (a *Array) ChunkKey(idx []int64) string {
	if a.path == "" {
		return a.l.chunkKey(idx)
	}
	return a.path + "/" + a.l.chunkKey(idx)
}

// Read returns the whole array: little-endian elements in C order.
func (a *Array) Read() ([]byte, error) {
	return a.ReadRegion(make([]int64, len(a.l.shape)), a.l.shape)
}

// Write replaces the whole array with data (little-endian elements in C
// order).
func (a *Array) Write(data []byte) error {
	return a.WriteRegion(make([]int64, len(a.l.shape)), a.l.shape, data)
}

// ReadRegion returns the elements of the box start[d] <= i < stop[d] (one
// start and one stop per dimension, as C-Blosc2, python-blosc2 and
// frame.Array.ReadSlab take them) as little-endian elements in C order.
// A stop before its start, or a box outside the array, is an error wrapping
// ErrRegion; start == stop selects nothing. Chunks missing from the store
// read as the fill value.
func (a *Array) ReadRegion(start, stop []int64) ([]byte, error) {
	count, size, err := a.l.region(start, stop)
	if err != nil {
		return nil, err
	}
	out := make([]byte, size)
	if size == 0 {
		return out, nil
	}
	rs, ranged := a.store.(RangeStore)
	err = eachBox(a.l.chunk, start, count, func(idx, cStart, rStart, n []int64) error {
		if a.l.shard != nil && ranged {
			return a.l.shard.readRegion(rs, a.ChunkKey(idx), out, count, rStart, cStart, n)
		}
		chunk, err := a.readChunk(idx)
		if err != nil {
			return err
		}
		copyBox(out, count, rStart, chunk, a.l.chunk, cStart, n, a.l.es)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// WriteRegion writes data (little-endian elements in C order) to the box
// start[d] <= i < stop[d] (see ReadRegion). Chunks only partly covered are
// read, updated and rewritten; new chunks start as the fill value.
func (a *Array) WriteRegion(start, stop []int64, data []byte) error {
	count, size, err := a.l.region(start, stop)
	if err != nil {
		return err
	}
	if len(data) != size {
		return fmt.Errorf("%w: %d bytes of data for a region of %d bytes", ErrRegion, len(data), size)
	}
	if size == 0 {
		return nil
	}
	return eachBox(a.l.chunk, start, count, func(idx, cStart, rStart, n []int64) error {
		var chunk []byte
		full := true
		for d := range n {
			full = full && n[d] == a.l.chunk[d]
		}
		if full {
			chunk = make([]byte, a.l.chunkBytes)
		} else if chunk, err = a.readChunk(idx); err != nil {
			return err
		}
		copyBox(chunk, a.l.chunk, cStart, data, count, rStart, n, a.l.es)
		stored, err := a.l.pipe.encode(chunk)
		if err != nil {
			return err
		}
		return a.store.Set(a.ChunkKey(idx), stored)
	})
}

// readChunk returns the decoded chunk idx, or a chunk of fill values when it
// is missing from the store.
func (a *Array) readChunk(idx []int64) ([]byte, error) {
	key := a.ChunkKey(idx)
	stored, err := a.store.Get(key)
	if errors.Is(err, ErrNotFound) {
		return a.l.fillChunk(), nil
	}
	if err != nil {
		return nil, err
	}
	return a.l.pipe.decode(key, stored)
}

// eachBox calls fn for every chunk of shape chunk that intersects the
// non-empty region [start, start+count), with the chunk's grid index, the
// intersection's start inside the chunk and inside the region, and its size.
func eachBox(chunk, start, count []int64, fn func(idx, cStart, rStart, n []int64) error) error {
	nd := len(start)
	lo := make([]int64, nd)
	hi := make([]int64, nd)
	for d := 0; d < nd; d++ {
		lo[d] = start[d] / chunk[d]
		hi[d] = (start[d] + count[d] - 1) / chunk[d]
	}
	idx := append([]int64(nil), lo...)
	cStart := make([]int64, nd)
	rStart := make([]int64, nd)
	n := make([]int64, nd)
	for {
		for d := 0; d < nd; d++ {
			origin := idx[d] * chunk[d]
			from := max(start[d], origin)
			to := min(start[d]+count[d], origin+chunk[d])
			cStart[d], rStart[d], n[d] = from-origin, from-start[d], to-from
		}
		if err := fn(idx, cStart, rStart, n); err != nil {
			return err
		}
		d := nd - 1
		for ; d >= 0; d-- {
			if idx[d] < hi[d] {
				idx[d]++
				break
			}
			idx[d] = lo[d]
		}
		if d < 0 {
			return nil
		}
	}
}

// copyBox copies the box of size n at srcStart in src (shape srcShape) to
// dstStart in dst (shape dstShape); both hold es-byte elements in C order.
func copyBox(dst []byte, dstShape, dstStart []int64, src []byte, srcShape, srcStart, n []int64, es int) {
	nd := len(n)
	if nd == 0 {
		copy(dst[:es], src[:es])
		return
	}
	dStride, sStride := strides(dstShape, es), strides(srcShape, es)
	var dOff, sOff int64
	for d := 0; d < nd; d++ {
		dOff += dstStart[d] * dStride[d]
		sOff += srcStart[d] * sStride[d]
	}
	run := n[nd-1] * int64(es)
	idx := make([]int64, nd)
	for {
		copy(dst[dOff:dOff+run], src[sOff:sOff+run])
		d := nd - 2
		for ; d >= 0; d-- {
			idx[d]++
			dOff += dStride[d]
			sOff += sStride[d]
			if idx[d] < n[d] {
				break
			}
			dOff -= dStride[d] * n[d]
			sOff -= sStride[d] * n[d]
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

func strides(shape []int64, es int) []int64 {
	s := make([]int64, len(shape))
	acc := int64(es)
	for d := len(shape) - 1; d >= 0; d-- {
		s[d] = acc
		acc *= shape[d]
	}
	return s
}

// CreateGroup writes the zarr.json of a group at path.
func CreateGroup(s Store, path string, g GroupMetadata) error {
	if err := checkPath(path); err != nil {
		return err
	}
	doc, err := g.MarshalJSON()
	if err != nil {
		return err
	}
	return s.Set(metaKey(path), doc)
}

// OpenGroup reads the zarr.json of the group at path.
func OpenGroup(s Store, path string) (*GroupMetadata, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	doc, err := s.Get(metaKey(path))
	if err != nil {
		return nil, err
	}
	return ParseGroupMetadata(doc)
}

func metaKey(path string) string {
	if path == "" {
		return "zarr.json"
	}
	return path + "/zarr.json"
}

// checkPath validates a node path: "" or names separated by "/" that are not
// empty, not only periods, do not start with "__" and are not "zarr.json".
func checkPath(path string) error {
	if path == "" {
		return nil
	}
	for _, name := range strings.Split(path, "/") {
		if name == "" || strings.Trim(name, ".") == "" || strings.HasPrefix(name, "__") ||
			name == "zarr.json" || strings.ContainsAny(name, "\\\x00") {
			return fmt.Errorf("%w: invalid node path %q", ErrInvalidMetadata, path)
		}
	}
	return nil
}
