package httpra_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"log"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
	"github.com/blosc2go/blosc2/frame/rangecache"
)

// Read a slab of a b2nd array on a web server: opening fetches the head
// and the tail of the file, the slab only the blocks it needs.
func Example_slab() {
	// A server of one file (any server that honours Range requests).
	data, err := os.ReadFile("../../testdata/b2nd/a01_2d_f8.b2nd")
	if err != nil {
		log.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(w, r, "a.b2nd", time.Unix(0, 0), bytes.NewReader(data))
	}))
	defer srv.Close()

	ra, err := httpra.Open(context.Background(), srv.URL)
	if err != nil {
		log.Fatal(err)
	}
	f, err := frame.Open(rangecache.New(ra, 32<<20), ra.Size())
	if err != nil {
		log.Fatal(err)
	}
	a, err := frame.OpenArray(f)
	if err != nil {
		log.Fatal(err)
	}
	// a[10:12, 3:5]
	b, err := a.ReadSlab(nil, []int64{10, 3}, []int64{12, 5})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("shape", a.Shape(), "itemsize", a.Itemsize())
	for k := 0; k < len(b); k += 8 {
		fmt.Printf("%.2f ", math.Float64frombits(binary.LittleEndian.Uint64(b[k:])))
	}
	fmt.Println()
	// Output:
	// shape [100 73] itemsize 8
	// -671.17 -663.67 -6.26 3.56
}

// getObjectRange stands for an object store client's ranged GET, such as
// minio-go's
//
//	opts := minio.GetObjectOptions{}
//	opts.SetRange(off, off+n-1)
//	obj, err := client.GetObject(ctx, bucket, key, opts)
type getObjectRange func(ctx context.Context, off, n int64) (io.ReadCloser, error)

// objectReaderAt adapts a ranged GET to io.ReaderAt.
type objectReaderAt struct {
	get getObjectRange
	ctx context.Context
}

func (o objectReaderAt) ReadAt(p []byte, off int64) (int, error) {
	body, err := o.get(o.ctx, off, int64(len(p)))
	if err != nil {
		return 0, err
	}
	defer body.Close()
	return io.ReadFull(body, p)
}

// Read a frame from an object store through its client's ranged GET.
func Example_objectStore() {
	data, err := os.ReadFile("../../testdata/b2nd/a01_2d_f8.b2nd")
	if err != nil {
		log.Fatal(err)
	}
	// A stand-in for the object store.
	get := func(ctx context.Context, off, n int64) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(data[off : off+n])), nil
	}
	size := int64(len(data)) // from the client's StatObject
	r := rangecache.New(objectReaderAt{get, context.Background()}, 32<<20)
	f, err := frame.Open(r, size)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(f.NChunks(), "chunks,", f.Nbytes(), "bytes")
	// Output: 12 chunks, 92160 bytes
}

// Reading a slice of a remote .b2nd array: only the header, the index and
// the chunks holding the slice are fetched, with HTTP range requests.
func Example() {
	srv := httptest.NewServer(http.FileServer(http.Dir("../../testdata/b2nd")))
	defer srv.Close()

	ra, err := httpra.New(context.Background(), nil, srv.URL+"/a01_2d_f8.b2nd")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := frame.Open(ra, ra.Size())
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := frame.OpenArray(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	col, err := frame.Read[float64](a, frame.Span(10, 13), frame.Index(3))
	fmt.Printf("%.3f %v\n", col, err)
	_, got := ra.Stats()
	fmt.Println("fetched less than the file:", got < ra.Size())
	// Output:
	// [-671.174 -6.256 661.610] <nil>
	// fetched less than the file: true
}
