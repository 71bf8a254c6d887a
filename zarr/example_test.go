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
