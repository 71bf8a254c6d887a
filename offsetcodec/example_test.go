package offsetcodec_test

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/offsetcodec"
)

// The proposal's Example 2: a 16-byte custom header in front of each chunk.
func ExampleOffset() {
	c, err := offsetcodec.New([]byte(`{"name": "offset", "configuration": {"offset": 16, "prefix": "TVlfQ1VTVE9NX0hFQURFUg=="}}`))
	if err != nil {
		panic(err)
	}
	stored, _ := c.Encode(nil, []byte("compressed bytes"))
	fmt.Printf("%q\n", stored)
	payload, _ := c.Decode(nil, stored)
	fmt.Printf("%q\n", payload)
	_, err = c.Decode(nil, []byte("too short"))
	fmt.Println(err)
	// Output:
	// "MY_CUSTOM_HEADERcompressed bytes"
	// "compressed bytes"
	// offsetcodec: codec "offset": corrupt chunk at byte 9: stored chunk has 9 bytes, shorter than the 16-byte offset
}

// A header computed per chunk from Go, here the payload length, while the
// metadata keeps only the offset.
func ExampleWithHeaderFunc() {
	o, _ := offsetcodec.NewOffset(offsetcodec.OffsetConfig{Offset: 4},
		offsetcodec.WithHeaderFunc(func(dst, payload []byte) ([]byte, error) {
			return binary.BigEndian.AppendUint32(dst, uint32(len(payload))), nil
		}))
	stored, _ := o.Encode(nil, []byte("abc"))
	meta, _ := o.MarshalJSON()
	fmt.Printf("% x\n%s\n", stored, meta)
	// Output:
	// 00 00 00 03 61 62 63
	// {"name":"offset","configuration":{"offset":4}}
}

// A 4-byte trailer after each chunk.
func ExamplePad() {
	p, err := offsetcodec.NewPad(offsetcodec.PadConfig{Location: offsetcodec.End, NBytes: 4, Padding: []byte("END!")})
	if err != nil {
		panic(err)
	}
	stored, _ := p.Encode(nil, []byte("chunk"))
	payload, _ := p.Decode(nil, stored)
	meta, _ := p.MarshalJSON()
	fmt.Printf("%s %s\n%s\n", stored, payload, meta)
	// Output:
	// chunkEND! chunk
	// {"name":"pad","configuration":{"location":"end","nbytes":4,"padding":"RU5EIQ=="}}
}

// Invalid metadata gets an error naming the codec and the key.
func ExampleNew() {
	_, err := offsetcodec.New([]byte(`{"name": "pad", "configuration": {"location": "start", "nbytes": 2, "size": 3}}`))
	fmt.Println(err)
	// Output:
	// offsetcodec: codec "pad": configuration "size": unknown key (known keys: "location", "nbytes", "padding")
}

// A codec built from its configuration struct, which mirrors the JSON
// "configuration" it writes; Config gives the struct back.
func ExampleNewZstd() {
	z, err := offsetcodec.NewZstd(offsetcodec.ZstdConfig{Level: 5, Checksum: true})
	if err != nil {
		panic(err)
	}
	meta, _ := z.MarshalJSON()
	fmt.Println(string(meta))
	fmt.Printf("%+v\n", z.Config())
	stored, _ := z.Encode(nil, []byte("hello, hello, hello"))
	back, _ := z.Decode(nil, stored)
	fmt.Println(string(back))
	// Output:
	// {"name":"zstd","configuration":{"level":5,"checksum":true}}
	// {Level:5 Checksum:true}
	// hello, hello, hello
}

// cname "snappy", which the Zarr blosc specification lists and zarrita
// writes, decodes (package blosc reads Snappy chunks); only encoding fails.
func ExampleBlosc_snappy() {
	c, err := offsetcodec.New([]byte(`{"name":"blosc","configuration":{"cname":"snappy","clevel":5,"shuffle":"noshuffle"}}`))
	fmt.Println(err)
	_, err = c.Encode(nil, []byte("data"))
	fmt.Println(errors.Is(err, offsetcodec.ErrEncode), errors.Is(err, blosc.ErrUnsupported))
	// Output:
	// <nil>
	// true true
}
