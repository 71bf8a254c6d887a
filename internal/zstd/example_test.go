package zstd_test

import (
	"fmt"

	"github.com/blosc2go/blosc2/internal/zstd"
	kzstd "github.com/klauspost/compress/zstd"
)

// Decoding a frame into a buffer of the decoded size, which the container
// knows (a Blosc chunk does; frames may also say it in their header:
// ReadFrameHeader).
func ExampleDecoder_DecodeInto() {
	src := []byte("hello, hello, hello, zstd")
	enc, _ := kzstd.NewWriter(nil)
	frame := enc.EncodeAll(src, nil)
	enc.Close()

	dst := make([]byte, len(src))
	var d zstd.Decoder // reuse it for the next frames
	n, err := d.DecodeInto(dst, frame)
	fmt.Println(n, err, string(dst[:n]))
	// Output: 25 <nil> hello, hello, hello, zstd
}

// Frames made with a dictionary need it (in zstd's format, or raw
// content).
func ExampleNewDict() {
	content := []byte("a dictionary of words that frames may copy from")
	enc, _ := kzstd.NewWriter(nil, kzstd.WithEncoderDictRaw(0, content))
	frame := enc.EncodeAll([]byte("words that frames copy"), nil)
	enc.Close()

	dict, _ := zstd.NewDict(content) // no dictionary magic: raw content
	dst := make([]byte, 64)
	var d zstd.Decoder
	n, err := d.DecodeDictInto(dst, frame, dict)
	fmt.Println(string(dst[:n]), err)
	// Output: words that frames copy <nil>
}
