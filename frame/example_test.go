package frame_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// Reading a b2nd array written by C-Blosc2: its geometry, one chunk and a
// small hyper-slab.
func ExampleOpenArray() {
	f, err := frame.OpenFile("../testdata/b2nd/a03_2d_u1.b2nd")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	a, err := frame.OpenArray(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := a.Meta()
	fmt.Println("shape", m.Shape, "chunks", m.ChunkShape, "blocks", m.BlockShape, "dtype", m.Dtype)
	fmt.Println("frame chunks:", f.NChunks())
	slab, err := a.ReadSlab(nil, []int64{0, 0}, []int64{2, 3}) // rows 0-1, all 3 columns
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", slab)
	// Output:
	// shape [400 3] chunks [110 3] blocks [57 3] dtype |u1
	// frame chunks: 4
	// "level "
}

// Writing a frame chunk by chunk, then reading it back.
func ExampleNewWriter() {
	dir, _ := os.MkdirTemp("", "frame-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "x.b2frame")
	out, _ := os.Create(path)

	p := frame.DefaultParams()
	p.Typesize = 4
	p.Metalayers = []frame.Metalayer{{Name: "units", Content: []byte("kelvin")}}
	w, err := frame.NewWriter(out, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	w.AppendSpecial(blosc.SpecialZeros, 4000) // 1000 int32 zeros, no bytes stored
	w.AppendSpecial(blosc.SpecialZeros, 4000)
	w.SetVLMetalayer("note", []byte("two chunks of zeros"))
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	out.Close()

	f, err := frame.OpenFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	data, _ := f.Decode(nil)
	units, _ := f.Metalayer("units")
	note, _ := f.VLMetalayer("note")
	fmt.Println(f.NChunks(), "chunks,", len(data), "bytes, all zero:", bytes.Count(data, []byte{0}) == len(data))
	fmt.Printf("%s / %s\n", units, note)
	fmt.Printf("chunksize %d, general flags %#x\n", f.Header().Chunksize, f.Header().GeneralFlags)
	// Output:
	// 2 chunks, 8000 bytes, all zero: true
	// kelvin / two chunks of zeros
	// chunksize 4000, general flags 0x12
}

// Writing a frame to a destination that cannot seek (here a bytes.Buffer;
// a pipe or a socket alike): the chunks wait in a temporary file and the
// whole frame is written at Close.
func ExampleNewWriter_stream() {
	var buf bytes.Buffer
	p := frame.DefaultParams()
	p.Typesize = 1
	w, err := frame.NewWriter(&buf, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	w.AppendData([]byte("hello, "))
	w.AppendData([]byte("frames"))
	fmt.Println("before Close:", buf.Len(), "bytes")
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	f, err := frame.OpenBytes(buf.Bytes())
	if err != nil {
		fmt.Println(err)
		return
	}
	data, _ := f.Decode(nil)
	fmt.Printf("%d chunks: %s\n", f.NChunks(), data)
	// Output:
	// before Close: 0 bytes
	// 2 chunks: hello, frames
}

// Choosing the codec, split mode and filter pipeline of a frame with
// package blosc's types; the reader reports them with the same types.
func ExampleDefaultParams() {
	p := frame.DefaultParams()
	p.Typesize = 4
	p.Codec, p.Clevel = blosc.Zstd, 3
	p.SplitMode = blosc.SplitAuto
	p.Filters[blosc.MaxFilters-2] = blosc.Delta
	p.Filters[blosc.MaxFilters-1] = blosc.BitShuffle
	var buf bytes.Buffer
	w, err := frame.NewWriter(&buf, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	data := make([]byte, 4000)
	for i := range data {
		data[i] = byte(i / 40)
	}
	w.AppendData(data)
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	f, err := frame.OpenBytes(buf.Bytes())
	if err != nil {
		fmt.Println(err)
		return
	}
	h := f.Header()
	fmt.Println("codec", h.Codec, "clevel", h.Clevel, "split", h.SplitMode)
	fmt.Println("filters", h.Filters)
	got, _ := f.Decode(nil)
	fmt.Println("round trip:", bytes.Equal(got, data))
	// Output:
	// codec zstd clevel 3 split auto
	// filters [nofilter nofilter nofilter nofilter delta bitshuffle]
	// round trip: true
}

// Reading with options given at open: decode up to 4 chunks at a time,
// with a decoder that refuses chunks over 1 MiB.
func ExampleOpenBytes_options() {
	var buf bytes.Buffer
	p := frame.DefaultParams()
	p.Typesize = 4
	w, _ := frame.NewWriter(&buf, p)
	for i := 0; i < 8; i++ {
		w.AppendData(bytes.Repeat([]byte{byte(i), 0, 0, 0}, 1000))
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	d, _ := blosc.NewDecoder(blosc.WithWorkers(1), blosc.WithMaxDecodedSize(1<<20))
	f, err := frame.OpenBytes(buf.Bytes(), frame.WithWorkers(4), frame.WithDecoder(d))
	if err != nil {
		fmt.Println(err)
		return
	}
	data, err := f.Decode(nil)
	fmt.Println(len(data), data[4*1000*7], err)
	// Output:
	// 32000 7 <nil>
}
