// Package rangetest serves bytes over HTTP on the loopback interface with
// range requests, counting requests and body bytes and injecting faults
// (latency, 5xx answers, truncated or oversized bodies, wrong
// Content-Range headers, content that changes), for the tests and
// benchmarks of remote reads.
package rangetest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Faults selects what the server does wrong. Counters count requests
// (GETs) from 1.
type Faults struct {
	Latency      time.Duration // added to every response
	Fail5xx      int           // the first Fail5xx requests get 503
	Truncate     int           // the first Truncate range bodies stop half-way
	Oversize     bool          // range bodies carry 16 bytes too many
	WrongRange   bool          // Content-Range names other bytes
	NoRanges     bool          // answer 200 with the whole body
	ChangeAfter  int           // after this many requests the content changes (0: never)
	NoValidators bool          // send no ETag and no Last-Modified
}

// Server is a loopback HTTP server of one resource.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	data     []byte
	faults   Faults
	requests atomic.Int64
	bytes    atomic.Int64
	log      []string
}

// New starts a server of data; Close stops it.
func New(data []byte, f Faults) *Server {
	s := &Server{data: data, faults: f}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Stats returns the GET requests answered and the body bytes sent.
func (s *Server) Stats() (requests, bytes int64) { return s.requests.Load(), s.bytes.Load() }

// Reset zeroes the counters.
func (s *Server) Reset() {
	s.requests.Store(0)
	s.bytes.Store(0)
	s.mu.Lock()
	s.log = nil
	s.mu.Unlock()
}

// Log returns the Range header of every request since the last Reset.
func (s *Server) Log() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.log...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	n := int(s.requests.Add(1))
	s.mu.Lock()
	s.log = append(s.log, r.Header.Get("Range"))
	data := s.data
	version := "v1"
	if s.faults.ChangeAfter > 0 && n > s.faults.ChangeAfter {
		data = append([]byte{}, data...)
		if len(data) > 0 {
			data[len(data)/2] ^= 0xff
		}
		version = "v2"
	}
	f := s.faults
	s.mu.Unlock()
	if f.Latency > 0 {
		time.Sleep(f.Latency)
	}
	if n <= f.Fail5xx {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	etag := `"` + version + `"`
	if !f.NoValidators {
		w.Header().Set("ETag", etag)
		w.Header().Set("Last-Modified", time.Unix(int64(len(version)*1000), 0).UTC().Format(http.TimeFormat))
	}
	if im := r.Header.Get("If-Match"); im != "" && im != etag {
		w.WriteHeader(http.StatusPreconditionFailed)
		return
	}
	start, end, ok := parseRange(r.Header.Get("Range"), int64(len(data)))
	if f.NoRanges || r.Header.Get("Range") == "" {
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		w.WriteHeader(http.StatusOK)
		m, _ := w.Write(data)
		s.bytes.Add(int64(m))
		return
	}
	if !ok {
		w.Header().Set("Content-Range", "bytes */"+strconv.Itoa(len(data)))
		w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
		return
	}
	body := data[start : end+1]
	cr := fmt.Sprintf("bytes %d-%d/%d", start, end, len(data))
	if f.WrongRange {
		cr = fmt.Sprintf("bytes %d-%d/%d", start+1, end+1, len(data))
	}
	if f.Oversize {
		body = append(append([]byte{}, body...), make([]byte, 16)...)
	}
	if n <= f.Truncate {
		body = body[:len(body)/2]
	}
	w.Header().Set("Content-Range", cr)
	w.WriteHeader(http.StatusPartialContent)
	m, _ := w.Write(body)
	s.bytes.Add(int64(m))
}

// parseRange parses "bytes=A-B" (B optional) against size.
func parseRange(h string, size int64) (start, end int64, ok bool) {
	spec, found := strings.CutPrefix(h, "bytes=")
	if !found {
		return 0, 0, false
	}
	a, b, found := strings.Cut(spec, "-")
	if !found {
		return 0, 0, false
	}
	start, err := strconv.ParseInt(a, 10, 64)
	if err != nil || start >= size {
		return 0, 0, false
	}
	end = size - 1
	if b != "" {
		if end, err = strconv.ParseInt(b, 10, 64); err != nil || end < start {
			return 0, 0, false
		}
		if end >= size {
			end = size - 1
		}
	}
	return start, end, true
}
