package frame_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/frame"
)

// Reading a whole .b2nd array into a []float64, as python-blosc2's
// blosc2.open(path)[:] does. The items come converted from the file's
// byte order; the shape comes with them.
func ExampleReadArrayFile() {
	v, shape, err := frame.ReadArrayFile[float64]("../testdata/b2nd/a01_2d_f8.b2nd")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(shape, len(v))
	fmt.Printf("%.3f\n", v[:3])
	// Output:
	// [100 73] 7300
	// [-977.530 -979.408 -981.213]
}

// An array written by python-blosc2 (an operand in its legacy LazyExpr
// test data, the int64 values 0 to 4) read into Go integers.
func ExampleReadArrayFile_pythonBlosc2() {
	v, shape, err := frame.ReadArrayFile[int64]("../testdata/external/pyb2_legacy_lazyexpr_v1_a.b2nd")
	fmt.Println(v, shape, err)
	// Output:
	// [0 1 2 3 4] [5] <nil>
}

// Slicing as in python-blosc2: a[10:13, 3], a[-1, ::20] and one element
// a[99, 72]. Only the chunks (and blocks) holding the items are decoded.
func ExampleRead() {
	a, err := frame.OpenArrayFile("../testdata/b2nd/a01_2d_f8.b2nd")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	col, _ := frame.Read[float64](a, frame.Span(10, 13), frame.Index(3))
	fmt.Printf("a[10:13, 3]   %.3f\n", col)
	row, _ := frame.Read[float64](a, frame.Index(-1), frame.Stride(0, frame.End, 20))
	fmt.Printf("a[-1, ::20]   %.3f\n", row)
	x, _ := frame.At[float64](a, 99, 72)
	fmt.Printf("a[99, 72]     %.3f\n", x)
	_, err = frame.Read[int32](a)
	fmt.Println(errors.Is(err, frame.ErrDtype), a.Dtype())
	// Output:
	// a[10:13, 3]   [-671.174 -6.256 661.610]
	// a[-1, ::20]   [980.023 999.500 979.671 921.002]
	// a[99, 72]     866.878
	// true <f8
}

// Creating a .b2nd file from Go data, with automatic chunk and block
// shapes (python-blosc2's rules) and python-blosc2 metadata.
func ExampleCreateArray() {
	dir, _ := os.MkdirTemp("", "array-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "temps.b2nd")

	data := make([]float32, 365*24)
	for i := range data {
		data[i] = 10 + float32(i%24)/2
	}
	err := frame.CreateArray(path, data, []int64{365, 24}, &frame.ArrayOptions{
		VLMeta: map[string]any{"units": "degC", "station": int64(42)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := frame.OpenArrayFile(path)
	defer a.Close()
	m := a.Meta()
	fmt.Println(m.Shape, m.ChunkShape, m.BlockShape, a.Dtype())
	units, _ := a.Frame().VLMeta("units")
	noon, _ := frame.At[float32](a, 200, 12)
	fmt.Println(units, noon)
	// Output:
	// [365 24] [365 24] [365 24] <f4
	// degC 16
}

// Appending rows and resizing an existing array: the changed chunks are
// recompressed with the file's own parameters and the file is replaced
// only by Commit.
func ExampleEditArray() {
	dir, _ := os.MkdirTemp("", "array-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "log.b2nd")
	_ = frame.CreateArray(path, []int32{1, 2, 3, 4, 5, 6}, []int64{2, 3}, nil)

	ae, err := frame.EditArray(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = frame.Append(ae, []int32{7, 8, 9}) // a third row
	_ = ae.Resize([]int64{3, 4})           // a fourth column of zeros
	_ = frame.WriteRegion(ae, []int32{-1, -2}, frame.Span(0, 2), frame.Index(-1))
	if err := ae.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	v, shape, _ := frame.ReadArrayFile[int32](path)
	fmt.Println(shape, v)
	// Output:
	// [3 4] [1 2 3 -1 4 5 6 -2 7 8 9 0]
}

// Editing a frame: dropping a chunk and setting a python-blosc2
// vlmetalayer value. The new frame replaces the file at Commit.
func ExampleEdit() {
	dir, _ := os.MkdirTemp("", "frame-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "data.b2frame")
	f, _ := os.Create(path)
	w, _ := frame.NewWriter(f, frame.DefaultParams())
	for i := 0; i < 3; i++ {
		_ = w.AppendData(make([]byte, 8000))
	}
	_ = w.Close()
	f.Close()

	e, err := frame.Edit(path, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = e.DeleteChunk(1)
	_ = e.SetVLMeta("history", []any{"created", "chunk 1 dropped"})
	if err := e.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	g, _ := frame.OpenFile(path)
	defer g.Close()
	h, _ := g.VLMeta("history")
	fmt.Println(g.NChunks(), g.Nbytes(), h)
	// Output:
	// 2 16000 [created chunk 1 dropped]
}
