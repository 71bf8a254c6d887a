package zarr_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/blosc2go/blosc2/offsetcodec"
	"github.com/blosc2go/blosc2/zarr"
)

// An array compressed with the Zarr v3 blosc codec. The codec leaves
// shuffle and typesize to the data type; zarr.json records the values
// chosen, as the specification requires.
func ExampleCreateArray_blosc() {
	compressor, err := offsetcodec.New([]byte(`{"name": "blosc", "configuration": {"cname": "zstd", "clevel": 5}}`))
	if err != nil {
		panic(err)
	}
	store := zarr.NewMemStore()
	a, err := zarr.CreateArray(store, "temps", zarr.ArrayMetadata{
		Shape:      []int64{1000},
		DataType:   zarr.Float32,
		ChunkShape: []int64{500},
		Codecs:     []zarr.Codec{&zarr.Bytes{Endian: "little"}, compressor},
	})
	if err != nil {
		panic(err)
	}
	values := make([]float32, 1000)
	for i := range values {
		values[i] = 20 + float32(i%50)/4
	}
	if err := zarr.WriteValues(a, []int64{0}, []int64{1000}, values); err != nil {
		panic(err)
	}
	var meta struct{ Codecs []json.RawMessage }
	doc, _ := store.Get("temps/zarr.json")
	_ = json.Unmarshal(doc, &meta)
	var codec bytes.Buffer
	_ = json.Compact(&codec, meta.Codecs[1])
	fmt.Println(codec.String())
	chunk, _ := store.Get("temps/c/0")
	fmt.Println("chunk of 2000 bytes stored in fewer than 500:", len(chunk) < 500)
	back, _ := zarr.ReadValues[float32](a, []int64{998}, []int64{1000})
	fmt.Println(back)
	// Output:
	// {"name":"blosc","configuration":{"cname":"zstd","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}
	// chunk of 2000 bytes stored in fewer than 500: true
	// [32 32.25]
}
