package zstd_test

import (
	"bytes"
	"fmt"

	"github.com/blosc2go/blosc2/internal/zstd"
)

// An Encoder compresses whole inputs into standard frames; keep it (one
// per goroutine) to compress without allocating.
func ExampleEncoder_EncodeAll() {
	src := bytes.Repeat([]byte("shuffled planes compress well. "), 100)
	e := zstd.NewEncoder(1)
	frame := e.EncodeAll(nil, src)

	dst := make([]byte, len(src))
	n, err := zstd.NewDecoder().DecodeInto(dst, frame)
	fmt.Println(len(src), len(frame) < 100, err, bytes.Equal(dst[:n], src))
	// Output: 3100 true <nil> true
}
