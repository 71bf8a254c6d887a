package zarr_test

import (
	"encoding/json"
	"fmt"

	"github.com/blosc2go/blosc2/offsetcodec"
	"github.com/blosc2go/blosc2/zarr"
)

// Reading a Zarr v2 array as zarr-python 2 writes it: a .zarray with a
// numcodecs blosc compressor (Blosc1 chunks), Fortran order and "/" chunk
// keys. OpenArray finds the .zarray when there is no zarr.json.
func Example_zarrV2() {
	store := zarr.NewMemStore()
	blosc, _ := offsetcodec.ParseNumcodecs([]byte(`{"id":"blosc","cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}`))
	a, err := zarr.CreateArrayV2(store, "temperature", zarr.ArrayMetadataV2{
		Shape: []int64{3, 4}, Chunks: []int64{2, 2}, Dtype: "<f8", Order: "F",
		Compressor: blosc, FillValue: json.RawMessage(`"NaN"`), DimensionSeparator: "/",
		Attributes: json.RawMessage(`{"units":"K"}`),
	})
	if err != nil {
		panic(err)
	}
	if err := zarr.WriteValues(a, []int64{0, 0}, []int64{2, 4}, []float64{1, 2, 3, 4, 5, 6, 7, 8}); err != nil {
		panic(err)
	}
	fmt.Println(store.Keys())
	b, _ := zarr.OpenArray(store, "temperature")
	vals, _ := zarr.ReadValues[float64](b, []int64{0, 0}, []int64{3, 4})
	fmt.Println(vals, string(b.MetadataV2().Attributes))
	// Output:
	// [temperature/.zarray temperature/.zattrs temperature/0/0 temperature/0/1]
	// [1 2 3 4 5 6 7 8 NaN NaN NaN NaN] {"units":"K"}
}

// A sharded array: shards of 8x8 elements holding inner chunks of 4x4
// compressed with blosc. Reading one element through a store with ranged
// reads (MemStore and FSStore have them) takes the shard index and one inner
// chunk.
func Example_sharding() {
	blosc, _ := offsetcodec.New([]byte(`{"name":"blosc","configuration":{"cname":"zstd","clevel":5}}`))
	store := zarr.NewMemStore()
	a, err := zarr.CreateArray(store, "", zarr.ArrayMetadata{
		Shape: []int64{16, 16}, DataType: zarr.Int32, ChunkShape: []int64{8, 8},
		Codecs: []zarr.Codec{&zarr.ShardingIndexed{
			ChunkShape: []int64{4, 4},
			Codecs:     []zarr.Codec{&zarr.Bytes{Endian: "little"}, blosc},
			// IndexCodecs default to bytes + crc32c, IndexLocation to "end".
		}},
	})
	if err != nil {
		panic(err)
	}
	vals := make([]int32, 256)
	for i := range vals {
		vals[i] = int32(i)
	}
	if err := zarr.WriteValues(a, []int64{0, 0}, []int64{16, 16}, vals); err != nil {
		panic(err)
	}
	fmt.Println(store.Keys())
	v, _ := zarr.ReadValues[int32](a, []int64{9, 10}, []int64{10, 12})
	fmt.Println(v)
	// Output:
	// [c/0/0 c/0/1 c/1/0 c/1/1 zarr.json]
	// [154 155]
}
