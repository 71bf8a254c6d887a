package shuffle_test

import (
	"fmt"

	"github.com/blosc2go/blosc2/shuffle"
)

func ExampleShuffle() {
	// Four little-endian uint16 values: 0x0201, 0x0403, 0x0605, 0x0807.
	src := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	shuffled := make([]byte, len(src))
	shuffle.Shuffle(shuffled, src, 2)
	back := make([]byte, len(src))
	shuffle.Unshuffle(back, shuffled, 2)
	fmt.Println(shuffled)
	fmt.Println(back)
	// Output:
	// [1 3 5 7 2 4 6 8]
	// [1 2 3 4 5 6 7 8]
}

func ExampleBitShuffle() {
	// Eight one-byte elements that all have bit 0 set: the first row (bit
	// 0 of every element) is all ones, the other seven rows are zero.
	src := []byte{1, 1, 1, 1, 1, 1, 1, 1}
	dst := make([]byte, len(src))
	shuffle.BitShuffle(dst, src, 1)
	fmt.Printf("%08b\n", dst)
	// Output:
	// [11111111 00000000 00000000 00000000 00000000 00000000 00000000 00000000]
}
