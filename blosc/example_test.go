package blosc_test

import (
	"fmt"
	"log"

	"github.com/blosc2go/blosc2/blosc"
)

// A chunk as C-Blosc2 writes it for 16 int32 values 0..15 compressed with
// BloscLZ at clevel 0: the 32-byte extended header followed by the values
// (a memcpyed chunk).
var chunk = []byte{
	0x05, 0x01, 0x07, 0x04, 0x40, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x60, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0,
	8, 0, 0, 0, 9, 0, 0, 0, 10, 0, 0, 0, 11, 0, 0, 0, 12, 0, 0, 0, 13, 0, 0, 0, 14, 0, 0, 0, 15, 0, 0, 0,
}

func Example() {
	h, err := blosc.ReadHeader(chunk)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("nbytes:", h.Nbytes, "typesize:", h.Typesize, "blocks:", h.NBlocks(), "memcpyed:", h.Memcpyed())

	data, err := blosc.Decompress(nil, chunk)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("bytes 4..8:", data[4:8])

	// Items 14 and 15 only.
	items, err := blosc.DecompressItems(nil, chunk, 14, 2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("items 14, 15:", items)
	// Output:
	// nbytes: 64 typesize: 4 blocks: 1 memcpyed: true
	// bytes 4..8: [1 0 0 0]
	// items 14, 15: [14 0 0 0 15 0 0 0]
}

func ExampleDecoder() {
	// A Decoder with 4 goroutines per chunk and a 1 MiB limit on the
	// decoded size; it can be shared by many goroutines.
	dec, err := blosc.NewDecoder(blosc.WithWorkers(4), blosc.WithMaxDecodedSize(1<<20))
	if err != nil {
		log.Fatal(err)
	}
	dst := make([]byte, 64)
	n, err := dec.DecompressInto(dst, chunk)
	fmt.Println(n, err, dst[60:64])
	// Output: 64 <nil> [15 0 0 0]
}
