package zarr

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// HTTPStore is a read-only store over HTTP: key "a/b" is the URL base +
// "/a/b". It implements RangeStore with Range requests ("bytes=a-b", and
// "bytes=-n" for a suffix), so a sharded array on a web server or object
// store is read one shard index and one inner chunk at a time. A server that
// ignores ranges still works: the whole value is downloaded and cut. Only a
// 404 answer means a missing key (a missing chunk reads as the fill value);
// any other failure is an error. It is safe for concurrent use.
type HTTPStore struct {
	base   string
	client *http.Client
	ctx    context.Context
}

// HTTPOption sets a behaviour of an HTTPStore at construction.
type HTTPOption func(*HTTPStore)

// WithHTTPClient makes the store send its requests with client instead of
// http.DefaultClient (nil keeps http.DefaultClient).
func WithHTTPClient(client *http.Client) HTTPOption {
	return func(s *HTTPStore) {
		if client != nil {
			s.client = client
		}
	}
}

// WithContext bounds every request of the store by ctx instead of
// context.Background() (nil keeps context.Background()).
func WithContext(ctx context.Context) HTTPOption {
	return func(s *HTTPStore) {
		if ctx != nil {
			s.ctx = ctx
		}
	}
}

// NewHTTPStore returns a store reading below the URL base, with
// http.DefaultClient and no deadline unless the options say otherwise.
func NewHTTPStore(base string, opts ...HTTPOption) *HTTPStore {
	s := &HTTPStore{base: strings.TrimRight(base, "/"), client: http.DefaultClient, ctx: context.Background()}
	for _, opt := range opts {
		if opt != nil {
			opt(s)
		}
	}
	return s
}

// Get downloads the value of key.
func (s *HTTPStore) Get(key string) ([]byte, error) {
	return s.get(key, "", 0, -1)
}

// GetRange downloads length bytes of the value of key from offset (negative:
// from the end).
func (s *HTTPStore) GetRange(key string, offset, length int64) ([]byte, error) {
	if length < 0 || (offset < 0 && -offset < length) {
		return nil, fmt.Errorf("%w: store key %q: range of %d bytes at %d", ErrRange, key, length, offset)
	}
	if length == 0 {
		return []byte{}, nil
	}
	r := "bytes=" + strconv.FormatInt(offset, 10) + "-" + strconv.FormatInt(offset+length-1, 10)
	if offset < 0 {
		r = "bytes=" + strconv.FormatInt(offset, 10) // suffix: bytes=-n
	}
	return s.get(key, r, offset, length)
}

// Set fails: the store is read-only.
func (s *HTTPStore) Set(key string, value []byte) error {
	return fmt.Errorf("%w: HTTPStore is read-only (key %q)", ErrUnsupported, key)
}

func (s *HTTPStore) get(key, rng string, offset, length int64) ([]byte, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	url := s.base + "/" + key
	req, err := http.NewRequestWithContext(s.ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound: // only 404: a 403 must not read as fill values
		return nil, fmt.Errorf("%w: %q (%s)", ErrNotFound, key, resp.Status)
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable:
		return nil, fmt.Errorf("%w: store key %q: %s for %s", ErrRange, key, resp.Status, rng)
	case resp.StatusCode == http.StatusPartialContent && rng != "":
		b, err := io.ReadAll(io.LimitReader(resp.Body, length+1))
		if err != nil {
			return nil, err
		}
		if int64(len(b)) != length {
			return nil, fmt.Errorf("%w: store key %q: %d bytes for %s", ErrRange, key, len(b), rng)
		}
		return b, nil
	case resp.StatusCode == http.StatusOK:
		b, err := io.ReadAll(resp.Body)
		if err != nil || rng == "" {
			return b, err
		}
		// The server sent the whole value: cut the range out of it.
		off, err := rangeOf(key, offset, length, int64(len(b)))
		if err != nil {
			return nil, err
		}
		return b[off : off+length], nil
	}
	return nil, fmt.Errorf("zarr: GET %s: %s", url, resp.Status)
}
