package offsetcodec_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/offsetcodec"
)

// The Zarr v3 blosc codec writes Blosc1-format chunks, which zarr-python,
// numcodecs, numcodecs.js (zarrita) and C-Blosc 1.x read.
func ExampleBlosc() {
	c, err := offsetcodec.New([]byte(`{"name": "blosc", "configuration": {"cname": "lz4", "clevel": 5, "shuffle": "shuffle", "typesize": 4, "blocksize": 0}}`))
	if err != nil {
		panic(err)
	}
	src := make([]byte, 4000) // 1000 uint32 values 0, 1, 2, ...
	for i := 0; i < 1000; i++ {
		binary.LittleEndian.PutUint32(src[4*i:], uint32(i))
	}
	stored, err := c.Encode(nil, src)
	if err != nil {
		panic(err)
	}
	h, _ := blosc.ReadHeader(stored)
	fmt.Println("format version:", h.Version, "header bytes:", h.HeaderLen(), "typesize:", h.Typesize,
		"byte shuffle:", h.Flags&blosc.FlagShuffle != 0, "smaller than a quarter:", len(stored) < len(src)/4)
	back, err := c.Decode(nil, stored)
	fmt.Println(bytes.Equal(back, src), err)
	// Output:
	// format version: 2 header bytes: 16 typesize: 4 byte shuffle: true smaller than a quarter: true
	// true <nil>
}

// Left out of the configuration, shuffle and typesize come from the array's
// data type, as in zarr-python; the resolved codec records them.
func ExampleBlosc_ResolveItemSize() {
	c, _ := offsetcodec.New([]byte(`{"name": "blosc", "configuration": {"cname": "zstd", "clevel": 3}}`))
	_, err := c.Encode(nil, []byte("abc"))
	fmt.Println(err)
	for _, itemSize := range []int{1, 8} {
		r, _ := c.(offsetcodec.ItemSizeResolver).ResolveItemSize(itemSize)
		meta, _ := r.MarshalJSON()
		fmt.Printf("%s\n", meta)
	}
	// Output:
	// offsetcodec: codec "blosc": cannot encode chunk: typesize (or shuffle) is not set: set it in the configuration, or resolve it from the array's data type (ResolveItemSize)
	// {"name":"blosc","configuration":{"cname":"zstd","clevel":3,"shuffle":"bitshuffle","typesize":1,"blocksize":0}}
	// {"name":"blosc","configuration":{"cname":"zstd","clevel":3,"shuffle":"shuffle","typesize":8,"blocksize":0}}
}

// The blosc2 codec (not a standard Zarr codec) writes Blosc2 chunks with
// C-Blosc2's filter pipeline: here float32 values keep 10 mantissa bits
// (trunc_prec) before a byte shuffle.
func ExampleBlosc2() {
	c, err := offsetcodec.New([]byte(`{"name": "blosc2", "configuration": {"cname": "zstd", "clevel": 5, "typesize": 4,
		"filters": [{"id": "trunc_prec", "meta": 10}, {"id": "shuffle"}]}}`))
	if err != nil {
		panic(err)
	}
	src := make([]byte, 4*1000)
	for i := 0; i < 1000; i++ {
		binary.LittleEndian.PutUint32(src[4*i:], math.Float32bits(float32(math.Sin(float64(i)/100))))
	}
	stored, _ := c.Encode(nil, src)
	h, _ := blosc.ReadHeader(stored)
	fmt.Println("format version:", h.Version, "header bytes:", h.HeaderLen(), "filters:", h.Filters[4], h.Filters[5])
	back, _ := c.Decode(nil, stored)
	v := math.Float32frombits(binary.LittleEndian.Uint32(back[4*100:]))
	fmt.Printf("sin(1) = %.7f, stored as %.7f\n", math.Sin(1), v)
	meta, _ := c.MarshalJSON()
	fmt.Printf("%s\n", meta)
	// Output:
	// format version: 5 header bytes: 32 filters: trunc_prec shuffle
	// sin(1) = 0.8414710, stored as 0.8413086
	// {"name":"blosc2","configuration":{"cname":"zstd","clevel":5,"typesize":4,"filters":[{"id":"trunc_prec","meta":10},{"id":"shuffle"}],"blocksize":0,"splitmode":"auto"}}
}
