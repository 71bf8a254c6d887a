package frame_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/blosc2go/blosc2/frame"
)

// Verify a frame, then damage it: the problems come with byte offsets.
func ExampleVerify() {
	b, err := os.ReadFile("../testdata/frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	if err != nil {
		panic(err)
	}
	rep, _ := frame.Verify(bytes.NewReader(b), int64(len(b)))
	fmt.Println(rep.Kind, rep.NChunks, "chunks,", rep.Decoded, "decoded, sound:", rep.Sound())

	cut := b[:len(b)-1000]
	rep, _ = frame.Verify(bytes.NewReader(cut), int64(len(cut)))
	for _, p := range rep.Problems {
		fmt.Println(p.Offset, p.Where)
	}
	fmt.Println("sound:", rep.Sound())
	// Output:
	// frame 5 chunks, 5 decoded, sound: true
	// 15 header
	// sound: false
}

// Recover the complete chunks of a frame cut short.
func ExampleRecover() {
	b, err := os.ReadFile("../testdata/frames/f06_blosclz_many_small_chunks.b2frame")
	if err != nil {
		panic(err)
	}
	cut := b[:20000]
	var out bytes.Buffer
	rep, err := frame.Recover(bytes.NewReader(cut), int64(len(cut)), &out)
	if err != nil {
		panic(err)
	}
	f, err := frame.OpenBytes(out.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println("recovered", rep.Recovered, "chunks, index found:", rep.IndexFound)
	fmt.Println("the new frame holds", f.NChunks(), "chunks,", f.Nbytes(), "bytes")
	// Output:
	// recovered 78 chunks, index found: false
	// the new frame holds 78 chunks, 319488 bytes
}
