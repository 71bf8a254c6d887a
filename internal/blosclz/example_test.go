package blosclz_test

import (
	"bytes"
	"fmt"

	"github.com/blosc2go/blosc2/internal/blosclz"
)

func Example() {
	src := bytes.Repeat([]byte("BloscLZ packs repeated bytes. "), 100)

	// A destination as large as the input: Compress returns 0 when the
	// result would not be smaller (the caller then stores src as is).
	packed := make([]byte, len(src))
	n := blosclz.Compress(packed, src, 5)
	fmt.Println("compressed:", n > 0 && n < len(src))

	// Decompress needs the exact decoded size, which Blosc stores.
	out := make([]byte, len(src))
	if _, err := blosclz.Decompress(out, packed[:n]); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("round trip:", bytes.Equal(out, src))

	_, err := blosclz.Decompress(out, packed[:n-1])
	fmt.Println(err != nil)
	// Output:
	// compressed: true
	// round trip: true
	// true
}
