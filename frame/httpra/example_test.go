package httpra_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
)

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
