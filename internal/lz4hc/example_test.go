package lz4hc_test

import (
	"bytes"
	"fmt"

	"github.com/blosc2go/blosc2/internal/lz4hc"
	"github.com/pierrec/lz4/v4"
)

func ExampleCompressor_Compress() {
	src := bytes.Repeat([]byte("Blosc2 compresses chunks of binary data. "), 100)
	c := lz4hc.NewCompressor() // one per goroutine, reused from call to call

	dst := make([]byte, lz4hc.CompressBound(len(src)))
	n := c.Compress(dst, src, 9)
	fmt.Println(len(src), "->", n)

	// With less room than the block needs, Compress returns 0.
	fmt.Println(c.Compress(dst[:n-1], src, 9))

	out := make([]byte, len(src))
	m, err := lz4.UncompressBlock(dst[:n], out)
	fmt.Println(m, err, bytes.Equal(out, src))
	// Output:
	// 4100 -> 67
	// 0
	// 4100 <nil> true
}
