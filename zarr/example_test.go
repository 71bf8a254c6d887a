package zarr_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/blosc2go/blosc2/offsetcodec"
	"github.com/blosc2go/blosc2/zarr"
)

// An array whose stored chunks carry an N5-style header, written and read
// back by region. Missing chunks read as the fill value.
func Example() {
	header, _ := offsetcodec.NewOffset(offsetcodec.OffsetConfig{Offset: 12, Prefix: []byte{0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3}})
	store := zarr.NewMemStore()
	a, err := zarr.CreateArray(store, "volume", zarr.ArrayMetadata{
		Shape:      []int64{4, 6},
		DataType:   zarr.Uint16,
		ChunkShape: []int64{2, 3},
		FillValue:  json.RawMessage("9"),
		Codecs:     []zarr.Codec{&zarr.Bytes{Endian: "big"}, header},
	})
	if err != nil {
		panic(err)
	}
	if err := zarr.WriteValues(a, []int64{0, 1}, []int64{2, 3}, []uint16{1, 2, 258, 4}); err != nil {
		panic(err)
	}
	fmt.Println(store.Keys())
	chunk, _ := store.Get("volume/c/0/0")
	fmt.Printf("% x\n", chunk)
	b, _ := zarr.OpenArray(store, "volume")
	vals, _ := zarr.ReadValues[uint16](b, []int64{0, 0}, []int64{2, 6})
	fmt.Println(vals)
	// Output:
	// [volume/c/0/0 volume/zarr.json]
	// 00 00 00 02 00 00 00 02 00 00 00 03 00 09 00 01 00 02 00 09 01 02 00 04
	// [9 1 2 9 9 9 9 258 4 9 9 9]
}

// A header computed per chunk from Go: the byte count of the compressed
// payload, as compressed TIFF strips or N5 varlength blocks need. The
// metadata records only the offset.
func Example_prefixFunc() {
	header, _ := offsetcodec.NewOffset(offsetcodec.OffsetConfig{Offset: 4},
		offsetcodec.WithHeaderFunc(func(dst, payload []byte) ([]byte, error) {
			return binary.LittleEndian.AppendUint32(dst, uint32(len(payload))), nil
		}))
	gz, _ := offsetcodec.NewGzip(offsetcodec.GzipConfig{Level: 9})
	store := zarr.NewMemStore()
	a, _ := zarr.CreateArray(store, "", zarr.ArrayMetadata{
		Shape: []int64{1000}, DataType: zarr.Uint8, ChunkShape: []int64{1000},
		Codecs: []zarr.Codec{&zarr.Bytes{}, gz, header},
	})
	_ = a.Write(make([]byte, 1000))
	chunk, _ := store.Get("c/0")
	fmt.Println(binary.LittleEndian.Uint32(chunk) == uint32(len(chunk)-4))
	meta, _ := header.MarshalJSON()
	fmt.Println(string(meta))
	// Output:
	// true
	// {"name":"offset","configuration":{"offset":4}}
}

// Reading a box of an array: rows 1 to 2 and columns 2 to 4, given as start
// and stop (the stop excluded), as C-Blosc2 and python-blosc2 take them.
func ExampleArray_ReadRegion() {
	store := zarr.NewMemStore()
	a, _ := zarr.CreateArray(store, "", zarr.ArrayMetadata{
		Shape: []int64{4, 5}, DataType: zarr.Uint8, ChunkShape: []int64{2, 2},
		Codecs: []zarr.Codec{&zarr.Bytes{}},
	})
	all := make([]byte, 20)
	for i := range all {
		all[i] = byte(i)
	}
	_ = a.Write(all)
	box, err := a.ReadRegion([]int64{1, 2}, []int64{3, 5})
	fmt.Println(box, err)
	_, err = a.ReadRegion([]int64{3, 0}, []int64{1, 5})
	fmt.Println(err)
	// Output:
	// [7 8 9 12 13 14] <nil>
	// zarr: invalid region: dimension 0: [3, 1) is a reversed range (stop before start; start == stop is empty)
}

// xorCodec is a toy bytes -> bytes codec: every byte XORed with a key.
type xorCodec struct{ key byte }

func (x xorCodec) Name() string { return "numcodecs.example_xor" }
func (x xorCodec) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"name":"numcodecs.example_xor","configuration":{"key":%d}}`, x.key)), nil
}
func (x xorCodec) Encode(dst, src []byte) ([]byte, error) {
	for _, b := range src {
		dst = append(dst, b^x.key)
	}
	return dst, nil
}
func (x xorCodec) Decode(dst, src []byte) ([]byte, error) { return x.Encode(dst, src) }

// A codec of your own, registered once with offsetcodec.Register: Zarr v3
// metadata names it "numcodecs.example_xor", Zarr v2 metadata lists it as
// {"id": "example_xor", ...}, and arrays of both open with it.
func Example_registerCodec() {
	err := offsetcodec.Register("numcodecs.example_xor", func(conf json.RawMessage) (offsetcodec.Codec, error) {
		c, err := offsetcodec.ParseConfig("numcodecs.example_xor", conf, "key")
		if err != nil {
			return nil, err
		}
		key, err := c.Int("key", 0, 0, 255)
		return xorCodec{byte(key)}, err
	})
	if err != nil {
		panic(err)
	}
	store := zarr.NewMemStore()
	_ = store.Set("v3/zarr.json", []byte(`{"zarr_format": 3, "node_type": "array", "shape": [4],
		"data_type": "uint8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
		"chunk_key_encoding": {"name": "default"}, "fill_value": 0,
		"codecs": [{"name": "bytes"}, {"name": "numcodecs.example_xor", "configuration": {"key": 15}}]}`))
	_ = store.Set("v3/c/0", []byte{0x0e, 0x0d, 0x0c, 0x0b})
	_ = store.Set("v2/.zarray", []byte(`{"zarr_format": 2, "shape": [4], "chunks": [4], "dtype": "|u1",
		"compressor": {"id": "example_xor", "key": 15}, "fill_value": 0, "order": "C", "filters": null}`))
	_ = store.Set("v2/0", []byte{0x0e, 0x0d, 0x0c, 0x0b})
	for _, path := range []string{"v3", "v2"} {
		a, err := zarr.OpenArray(store, path)
		if err != nil {
			panic(err)
		}
		vals, err := zarr.ReadValues[uint8](a, []int64{0}, []int64{4})
		fmt.Println(path, vals, err)
	}
	// Output:
	// v3 [1 2 3 4] <nil>
	// v2 [1 2 3 4] <nil>
}
