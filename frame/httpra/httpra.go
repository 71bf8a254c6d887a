// Package httpra provides an io.ReaderAt over HTTP range requests, so a
// Blosc2 frame, b2nd array or store on a web server or object store can be
// opened with frame.Open and read block by block without downloading the
// whole file.
//
// Open learns the resource's size from its first range request (no HEAD),
// keeping the bytes it fetched (the head of the file, where a frame's
// header lies) to answer later reads. Every later request names the
// version of the resource seen first (If-Match with its ETag, or
// If-Unmodified-Since with its Last-Modified date) and checks what comes
// back, so a file that changes under a reader gives ErrChanged, never a mix
// of old and new bytes. Failed requests (connection errors, 5xx, 429,
// truncated bodies) are retried with exponential backoff.
//
// Wrap a ReaderAt in a rangecache.Cache to keep fetched ranges for
// repeated and overlapping reads.
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
	"time"
)

// ErrNoRanges reports a server that answered a range request with the
// whole resource (or another unexpected status).
var ErrNoRanges = errors.New("httpra: server does not honour range requests")

// ErrChanged reports a resource that changed since it was opened (another
// ETag or modification date, another size, or a failed If-Match).
var ErrChanged = errors.New("httpra: the resource changed since it was opened")

// ErrBadResponse reports a response that does not match its request (a
// Content-Range for other bytes, a body shorter or longer than the range).
var ErrBadResponse = errors.New("httpra: response does not match the request")

// Default settings of Open.
const (
	DefaultHeadSize = 8 << 10 // bytes fetched by the first request
	DefaultRetries  = 3
	DefaultBackoff  = 100 * time.Millisecond
)

// An Option configures Open.
type Option func(*config)

type config struct {
	client   *http.Client
	headSize int64
	retries  int
	backoff  time.Duration
	header   http.Header
}

// WithClient makes the reader use c (default http.DefaultClient).
func WithClient(c *http.Client) Option {
	return func(cf *config) {
		if c != nil {
			cf.client = c
		}
	}
}

// WithHeadSize sets how many bytes the first request fetches (default
// DefaultHeadSize); they answer later reads of the head of the file
// without a request. A file no larger than n is read whole by Open.
func WithHeadSize(n int64) Option {
	return func(cf *config) {
		if n > 0 {
			cf.headSize = n
		}
	}
}

// WithRetries sets how many times a failed request is retried (default
// DefaultRetries; 0: never) and the first wait, doubled after each try
// (default DefaultBackoff).
func WithRetries(n int, backoff time.Duration) Option {
	return func(cf *config) {
		if n >= 0 {
			cf.retries = n
		}
		if backoff > 0 {
			cf.backoff = backoff
		}
	}
}

// WithHeader adds h to every request (authorization, for example).
func WithHeader(h http.Header) Option {
	return func(cf *config) { cf.header = h.Clone() }
}

// ReaderAt reads a remote resource with HTTP GET Range requests. It is safe
// for concurrent use.
type ReaderAt struct {
	cf   config
	url  string
	size int64
	ctx  context.Context

	head []byte // the first bytes of the resource, fetched by Open

	etag, lastModified string // validators of the version opened

	requests atomic.Int64
	received atomic.Int64
	retried  atomic.Int64
}

// New is Open with a client: New(ctx, c, url) is Open(ctx, url,
// WithClient(c)). A nil client means http.DefaultClient.
func New(ctx context.Context, client *http.Client, url string) (*ReaderAt, error) {
	return Open(ctx, url, WithClient(client))
}

// Open returns a ReaderAt for url. Its first request fetches the head of
// the resource and tells its size (from Content-Range). ctx governs every
// request the reader makes, now and later: cancelling it aborts reads in
// flight (ReadAtContext takes a context per call). A nil ctx means
// context.Background().
func Open(ctx context.Context, url string, opts ...Option) (*ReaderAt, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	cf := config{client: http.DefaultClient, headSize: DefaultHeadSize, retries: DefaultRetries, backoff: DefaultBackoff}
	for _, o := range opts {
		o(&cf)
	}
	r := &ReaderAt{cf: cf, url: url, ctx: ctx, size: -1}
	err := r.retry(ctx, func() (bool, error) { return r.openOnce(ctx) })
	if err != nil {
		return nil, err
	}
	return r, nil
}

// openOnce makes the first request; it reports whether a failure is worth
// retrying.
func (r *ReaderAt) openOnce(ctx context.Context) (bool, error) {
	req, err := r.request(ctx, 0, r.cf.headSize)
	if err != nil {
		return false, err
	}
	resp, err := r.cf.client.Do(req)
	if err != nil {
		return ctx.Err() == nil, err
	}
	defer resp.Body.Close()
	r.requests.Add(1)
	switch {
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable:
		// An empty resource: "bytes */0".
		total, ok := parseUnsatisfied(resp.Header.Get("Content-Range"))
		if !ok || total != 0 {
			return false, fmt.Errorf("%w: GET %s: %s with Content-Range %q", ErrBadResponse, r.url, resp.Status, resp.Header.Get("Content-Range"))
		}
		r.size, r.head = 0, nil
	case resp.StatusCode == http.StatusPartialContent:
		start, end, total, ok := parseContentRange(resp.Header.Get("Content-Range"))
		if !ok || start != 0 || end >= total || end >= r.cf.headSize {
			return false, fmt.Errorf("%w: GET %s: Content-Range %q for bytes 0-%d", ErrBadResponse, r.url, resp.Header.Get("Content-Range"), r.cf.headSize-1)
		}
		head, retry, err := r.readBody(resp.Body, end+1)
		if err != nil {
			return retry, err
		}
		r.size, r.head = total, head
	case resp.StatusCode == http.StatusOK:
		// The whole resource: fine when it is small enough to keep.
		if resp.ContentLength > r.cf.headSize {
			return false, fmt.Errorf("%w: GET %s: %s (whole resource of %d bytes)", ErrNoRanges, r.url, resp.Status, resp.ContentLength)
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, r.cf.headSize+1))
		r.received.Add(int64(len(b)))
		if err != nil {
			return ctx.Err() == nil, err
		}
		if int64(len(b)) > r.cf.headSize || (resp.ContentLength >= 0 && int64(len(b)) != resp.ContentLength) {
			return false, fmt.Errorf("%w: GET %s: %s", ErrNoRanges, r.url, resp.Status)
		}
		r.size, r.head = int64(len(b)), b
	default:
		return retryable(resp.StatusCode), fmt.Errorf("httpra: GET %s: %s", r.url, resp.Status)
	}
	r.etag = resp.Header.Get("ETag")
	if strings.HasPrefix(r.etag, "W/") {
		r.etag = "" // weak: says nothing about the bytes
	}
	r.lastModified = resp.Header.Get("Last-Modified")
	return false, nil
}

// Size returns the size of the resource.
func (r *ReaderAt) Size() int64 { return r.size }

// URL returns the URL the reader reads.
func (r *ReaderAt) URL() string { return r.url }

// Stats returns the number of requests made (retries included) and the
// body bytes received.
func (r *ReaderAt) Stats() (requests, bytes int64) { return r.requests.Load(), r.received.Load() }

// Retries returns how many requests were retries of a failed one.
func (r *ReaderAt) Retries() int64 { return r.retried.Load() }

// ReadAt reads len(p) bytes at off, with one GET Range request unless the
// bytes are in the head fetched by Open. It implements io.ReaderAt.
func (r *ReaderAt) ReadAt(p []byte, off int64) (int, error) {
	return r.ReadAtContext(r.ctx, p, off)
}

// ReadAtContext is ReadAt with a context for this read (the reader's own
// context still applies).
func (r *ReaderAt) ReadAtContext(ctx context.Context, p []byte, off int64) (int, error) {
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
	if off+want <= int64(len(r.head)) {
		copy(p, r.head[off:off+want])
	} else {
		if ctx != r.ctx {
			var stop context.CancelFunc
			ctx, stop = mergeCancel(ctx, r.ctx)
			defer stop()
		}
		err := r.retry(ctx, func() (bool, error) { return r.readOnce(ctx, p[:want], off) })
		if err != nil {
			return 0, err
		}
	}
	if want < int64(len(p)) {
		return int(want), io.EOF
	}
	return int(want), nil
}

// readOnce fetches len(p) bytes at off with one request.
func (r *ReaderAt) readOnce(ctx context.Context, p []byte, off int64) (bool, error) {
	n := int64(len(p))
	req, err := r.request(ctx, off, n)
	if err != nil {
		return false, err
	}
	if r.etag != "" {
		req.Header.Set("If-Match", r.etag)
	} else if r.lastModified != "" {
		req.Header.Set("If-Unmodified-Since", r.lastModified)
	}
	resp, err := r.cf.client.Do(req)
	if err != nil {
		return ctx.Err() == nil, err
	}
	defer resp.Body.Close()
	r.requests.Add(1)
	switch resp.StatusCode {
	case http.StatusPartialContent:
	case http.StatusPreconditionFailed:
		return false, fmt.Errorf("%w: GET %s: %s", ErrChanged, r.url, resp.Status)
	case http.StatusOK:
		return false, fmt.Errorf("%w: GET %s: %s", ErrNoRanges, r.url, resp.Status)
	default:
		return retryable(resp.StatusCode), fmt.Errorf("httpra: GET %s: %s", r.url, resp.Status)
	}
	if err := r.sameVersion(resp.Header); err != nil {
		return false, err
	}
	start, end, total, ok := parseContentRange(resp.Header.Get("Content-Range"))
	if !ok || start != off || end != off+n-1 {
		return false, fmt.Errorf("%w: Content-Range %q for bytes %d-%d", ErrBadResponse, resp.Header.Get("Content-Range"), off, off+n-1)
	}
	if total != r.size {
		return false, fmt.Errorf("%w: size %d, was %d", ErrChanged, total, r.size)
	}
	_, retry, err := r.readBodyInto(resp.Body, p)
	return retry, err
}

// sameVersion checks a response's validators against those seen by Open.
func (r *ReaderAt) sameVersion(h http.Header) error {
	if r.etag != "" {
		if e := h.Get("ETag"); e != "" && e != r.etag {
			return fmt.Errorf("%w: ETag %s, was %s", ErrChanged, e, r.etag)
		}
	}
	if r.lastModified != "" {
		if lm := h.Get("Last-Modified"); lm != "" && lm != r.lastModified {
			return fmt.Errorf("%w: Last-Modified %s, was %s", ErrChanged, lm, r.lastModified)
		}
	}
	return nil
}

// request builds a GET for bytes [off, off+n).
func (r *ReaderAt) request(ctx context.Context, off, n int64) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.url, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range r.cf.header {
		req.Header[k] = v
	}
	req.Header.Set("Range", "bytes="+strconv.FormatInt(off, 10)+"-"+strconv.FormatInt(off+n-1, 10))
	return req, nil
}

// readBody reads exactly n body bytes into a new buffer.
func (r *ReaderAt) readBody(body io.Reader, n int64) ([]byte, bool, error) {
	b := make([]byte, n)
	_, retry, err := r.readBodyInto(body, b)
	return b, retry, err
}

// readBodyInto fills p from body, which must hold exactly len(p) bytes: a
// short body is retried, a longer one is an error.
func (r *ReaderAt) readBodyInto(body io.Reader, p []byte) (int, bool, error) {
	n, err := io.ReadFull(body, p)
	r.received.Add(int64(n))
	if err != nil {
		return n, true, fmt.Errorf("%w: body of %d bytes, the range has %d: %v", ErrBadResponse, n, len(p), err)
	}
	var one [1]byte
	if m, _ := io.ReadFull(body, one[:]); m != 0 {
		return n, false, fmt.Errorf("%w: body longer than the %d bytes of the range", ErrBadResponse, len(p))
	}
	return n, false, nil
}

// retry runs try until it succeeds, fails for good, or the retries are
// used up, waiting between tries.
func (r *ReaderAt) retry(ctx context.Context, try func() (bool, error)) error {
	wait := r.cf.backoff
	for n := 0; ; n++ {
		again, err := try()
		if err == nil {
			return nil
		}
		if !again || n >= r.cf.retries {
			return err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		wait *= 2
		r.retried.Add(1)
	}
}

func retryable(status int) bool {
	return status >= 500 || status == http.StatusTooManyRequests || status == http.StatusRequestTimeout
}

// parseContentRange parses "bytes START-END/TOTAL".
func parseContentRange(s string) (start, end, total int64, ok bool) {
	s, found := strings.CutPrefix(s, "bytes ")
	if !found {
		return 0, 0, 0, false
	}
	rng, tot, found := strings.Cut(s, "/")
	if !found {
		return 0, 0, 0, false
	}
	a, b, found := strings.Cut(rng, "-")
	if !found {
		return 0, 0, 0, false
	}
	var err1, err2, err3 error
	start, err1 = strconv.ParseInt(a, 10, 64)
	end, err2 = strconv.ParseInt(b, 10, 64)
	total, err3 = strconv.ParseInt(tot, 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || start < 0 || end < start || total <= end {
		return 0, 0, 0, false
	}
	return start, end, total, true
}

// parseUnsatisfied parses "bytes */TOTAL".
func parseUnsatisfied(s string) (int64, bool) {
	s, found := strings.CutPrefix(s, "bytes */")
	if !found {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n >= 0
}

// mergeCancel returns a context done when either a or b is, with a's
// values and deadline.
func mergeCancel(a, b context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(a)
	stop := context.AfterFunc(b, cancel)
	return ctx, func() { stop(); cancel() }
}
