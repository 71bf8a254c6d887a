// Package httpra provides an io.ReaderAt over HTTP range requests, so a
// Blosc2 frame on a web server can be opened with frame.Open and read
// chunk by chunk without downloading the whole file.
package httpra

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
)

// ErrNoRanges reports a server that answered a range request with the
// whole resource (or another unexpected status).
var ErrNoRanges = errors.New("httpra: server does not honour range requests")

// ReaderAt reads a remote resource with one HTTP GET Range request per
// ReadAt call. It is safe for concurrent use.
type ReaderAt struct {
	client *http.Client
	url    string
	size   int64
	ctx    context.Context

	requests atomic.Int64
	received atomic.Int64
}

// New returns a ReaderAt for url, learning the resource size with a HEAD
// request. A nil client means http.DefaultClient.
func New(ctx context.Context, client *http.Client, url string) (*ReaderAt, error) {
	if client == nil {
		client = http.DefaultClient
	}
	if ctx == nil {
		ctx = context.Background()
	}
	r := &ReaderAt{client: client, url: url, ctx: ctx}
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	r.requests.Add(1)
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("httpra: HEAD %s: %s", url, resp.Status)
	}
	if resp.ContentLength < 0 {
		return nil, fmt.Errorf("httpra: HEAD %s: no Content-Length", url)
	}
	if !strings.Contains(resp.Header.Get("Accept-Ranges"), "bytes") {
		return nil, ErrNoRanges
	}
	r.size = resp.ContentLength
	return r, nil
}

// Size returns the size of the resource.
func (r *ReaderAt) Size() int64 { return r.size }

// Stats returns the number of requests made and body bytes received.
func (r *ReaderAt) Stats() (requests, bytes int64) { return r.requests.Load(), r.received.Load() }

// ReadAt reads len(p) bytes at off with a GET Range request.
func (r *ReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("httpra: negative offset")
	}
	if off >= r.size {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	want := int64(len(p))
	if want > r.size-off {
		want = r.size - off
	}
	if want == 0 {
		return 0, nil
	}
	req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, r.url, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Range", "bytes="+strconv.FormatInt(off, 10)+"-"+strconv.FormatInt(off+want-1, 10))
	resp, err := r.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	r.requests.Add(1)
	if resp.StatusCode != http.StatusPartialContent {
		return 0, fmt.Errorf("%w: GET %s: %s", ErrNoRanges, r.url, resp.Status)
	}
	if cr := resp.Header.Get("Content-Range"); !strings.HasPrefix(cr, "bytes "+strconv.FormatInt(off, 10)+"-") {
		return 0, fmt.Errorf("%w: unexpected Content-Range %q", ErrNoRanges, cr)
	}
	n, err := io.ReadFull(resp.Body, p[:want])
	r.received.Add(int64(n))
	if err != nil {
		return n, err
	}
	if want < int64(len(p)) {
		return n, io.EOF
	}
	return n, nil
}
