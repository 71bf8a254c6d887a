package offsetcodec_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// A local copy of the part of mentatxx/go-zarr's codec interface
// (github.com/mentatxx/go-zarr/codec, codec.go) that a bytes -> bytes codec
// implements. go-zarr hard-codes its codec list and is not on the module
// proxy, so this example compiles against the copy; with go-zarr imported,
// delete these lines and use its codec package instead.
type (
	Kind  int
	DType interface{ Size() int } // go-zarr: ndarray.DType
	// ArrayMeta is go-zarr's codec.ArrayMeta.
	ArrayMeta struct {
		Shape      []int64
		ChunkShape []int
		DType      DType
		Order      binary.ByteOrder
		Fill       any
	}
	Codec interface {
		Name() string
		Kind() Kind
		SetMeta(meta ArrayMeta) error
		ResolveMeta() ArrayMeta
		ComputeEncodedSize(n int64) (int64, error)
	}
	BytesBytes interface {
		Codec
		EncodeBytes(b []byte) ([]byte, error)
		DecodeBytes(b []byte) ([]byte, error)
	}
)

const KindBytesBytes Kind = 2 // go-zarr: KindArrayArray, KindArrayBytes, KindBytesBytes

// goZarrCodec adapts any codec of package offsetcodec to go-zarr's
// BytesBytes.
type goZarrCodec struct {
	c    offsetcodec.Codec
	meta ArrayMeta
}

var _ BytesBytes = (*goZarrCodec)(nil)

func (g *goZarrCodec) Name() string           { return g.c.Name() }
func (g *goZarrCodec) Kind() Kind             { return KindBytesBytes }
func (g *goZarrCodec) ResolveMeta() ArrayMeta { return g.meta }

// SetMeta fills in what the codec leaves to the data type (blosc's typesize
// and shuffle) from the element size.
func (g *goZarrCodec) SetMeta(meta ArrayMeta) error {
	g.meta = meta
	if r, ok := g.c.(offsetcodec.ItemSizeResolver); ok && meta.DType != nil {
		c, err := r.ResolveItemSize(meta.DType.Size())
		if err != nil {
			return err
		}
		g.c = c
	}
	return nil
}

func (g *goZarrCodec) ComputeEncodedSize(n int64) (int64, error) {
	if s, ok := g.c.(offsetcodec.Sizer); ok && s.EncodedSize(n) >= 0 {
		return s.EncodedSize(n), nil
	}
	return 0, errors.New("codec: encoded size varies")
}

func (g *goZarrCodec) EncodeBytes(b []byte) ([]byte, error) { return g.c.Encode(nil, b) }

// DecodeBytes refuses chunks larger than the array's chunk before decoding
// them, when the codec can (the compressors).
func (g *goZarrCodec) DecodeBytes(b []byte) ([]byte, error) {
	n := len(g.meta.ChunkShape)
	if ld, ok := g.c.(offsetcodec.LimitDecoder); ok && n > 0 && g.meta.DType != nil {
		limit := g.meta.DType.Size()
		for _, s := range g.meta.ChunkShape {
			limit *= s
		}
		return ld.DecodeLimit(nil, b, limit)
	}
	return g.c.Decode(nil, b)
}

type float64DType struct{}

func (float64DType) Size() int { return 8 }

// Example_goZarr plugs the blosc codec into a go-zarr style pipeline: build
// it from the array's metadata with the registry, wrap it, and go-zarr calls
// EncodeBytes and DecodeBytes for each chunk.
func Example_goZarr() {
	c, err := offsetcodec.New([]byte(`{"name":"blosc","configuration":{"cname":"zstd","clevel":5}}`))
	if err != nil {
		panic(err)
	}
	var bb BytesBytes = &goZarrCodec{c: c}
	if err := bb.SetMeta(ArrayMeta{Shape: []int64{1000}, ChunkShape: []int{1000}, DType: float64DType{}, Order: binary.LittleEndian}); err != nil {
		panic(err)
	}
	chunk := make([]byte, 8000)
	for i := 0; i < 1000; i++ {
		binary.LittleEndian.PutUint64(chunk[8*i:], uint64(i))
	}
	stored, err := bb.EncodeBytes(chunk)
	if err != nil {
		panic(err)
	}
	back, err := bb.DecodeBytes(stored)
	if err != nil {
		panic(err)
	}
	fmt.Println(bb.Name(), bytes.Equal(back, chunk), len(stored) < len(chunk)/4)
	// Output: blosc true true
}
