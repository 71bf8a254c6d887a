package lz4enc_test

import (
	"bytes"
	"fmt"

	"github.com/blosc2go/blosc2/internal/lz4enc"
	"github.com/pierrec/lz4/v4"
)

func ExampleCompressor_Compress() {
	src := bytes.Repeat([]byte("blosc2 lz4 block "), 100)
	dst := make([]byte, lz4enc.CompressBound(len(src)))

	c := new(lz4enc.Compressor) // one per goroutine, reused
	n := c.Compress(dst, src, 1)
	fmt.Println(len(src), "->", n)

	// The result is a plain LZ4 block.
	out := make([]byte, len(src))
	m, err := lz4.UncompressBlock(dst[:n], out)
	fmt.Println(m, err, bytes.Equal(out, src))

	// A dst too small for lz4's limitedOutput checks gives 0.
	fmt.Println(c.Compress(dst[:n-1], src, 1))
	// Output:
	// 1700 -> 36
	// 1700 <nil> true
	// 0
}
