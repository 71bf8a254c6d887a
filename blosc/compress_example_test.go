package blosc_test

import (
	"encoding/binary"
	"fmt"
	"log"

	"github.com/blosc2go/blosc2/blosc"
)

// Compress a buffer of float64-sized elements with python-blosc2's
// defaults (Zstd, clevel 5, SHUFFLE) and decode it back.
func ExampleCompress() {
	src := make([]byte, 8*10000)
	for i := 0; i < 10000; i++ {
		binary.LittleEndian.PutUint64(src[8*i:], uint64(i*i))
	}
	chunk, err := blosc.Compress(nil, src, blosc.DefaultOptions())
	if err != nil {
		log.Fatal(err)
	}
	h, err := blosc.ReadHeader(chunk)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("codec:", h.Codec(), "filters:", h.Filters[blosc.MaxFilters-1], "nbytes:", h.Nbytes)
	fmt.Println("smaller:", len(chunk) < len(src)/4)
	back, err := blosc.Decompress(nil, chunk)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("round trip:", string(back) == string(src))
	// Output:
	// codec: zstd filters: shuffle nbytes: 80000
	// smaller: true
	// round trip: true
}

// An Encoder writing Blosc1-format chunks (16-byte header, format version
// 2) that C-Blosc 1.x, numcodecs and Zarr's "blosc" codec read.
func ExampleEncoder() {
	opts := blosc.DefaultOptions()
	opts.Codec = blosc.LZ4
	opts.Typesize = 4
	opts.Format = blosc.FormatBlosc1
	enc, err := blosc.NewEncoder(opts)
	if err != nil {
		log.Fatal(err)
	}
	src := make([]byte, 4*4096)
	for i := 0; i < 4096; i++ {
		binary.LittleEndian.PutUint32(src[4*i:], uint32(i))
	}
	chunk, err := enc.Compress(nil, src)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("header: version %d, flags %#02x, %d bytes\n", chunk[0], chunk[2], len(chunk))
	// Output:
	// header: version 2, flags 0x21, 455 bytes
}

// Special chunks hold a whole chunk's worth of one value in a header.
func ExampleAppendRepeat() {
	chunk, err := blosc.AppendRepeat(nil, []byte{1, 2, 3, 4}, 1<<20)
	if err != nil {
		log.Fatal(err)
	}
	data, err := blosc.Decompress(nil, chunk)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(chunk), len(data), data[:8])
	// Output:
	// 36 1048576 [1 2 3 4 1 2 3 4]
}

// UseDict: a chunk of many small blocks of similar records gets a
// dictionary trained from its own data, which every block refers to.
func ExampleOptions_useDict() {
	var src []byte
	for i := 0; len(src) < 256<<10; i++ {
		src = fmt.Appendf(src, `{"id":%d,"user":"user_%05d","status":"%s","city":"%s"}`+"\n",
			i, (i*7919)%100000, []string{"active", "pending", "closed"}[i%3], []string{"Lyon", "Porto", "Turin", "Ghent"}[(i/3)%4])
	}
	opts := blosc.DefaultOptions()
	opts.Codec, opts.Typesize, opts.Filters = blosc.LZ4, 1, [blosc.MaxFilters]blosc.Filter{}
	opts.Blocksize = 1 << 10 // small blocks: little history of their own
	plain, err := blosc.Compress(nil, src, opts)
	if err != nil {
		log.Fatal(err)
	}
	opts.UseDict = true
	chunk, err := blosc.Compress(nil, src, opts)
	if err != nil {
		log.Fatal(err)
	}
	h, err := blosc.ReadHeader(chunk)
	if err != nil {
		log.Fatal(err)
	}
	back, err := blosc.Decompress(nil, chunk)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("dictionary:", h.HasDict())
	fmt.Println("smaller than without:", len(chunk) < len(plain))
	fmt.Println("round trip:", string(back) == string(src))
	// Output:
	// dictionary: true
	// smaller than without: true
	// round trip: true
}
