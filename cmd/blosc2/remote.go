package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
	"github.com/blosc2go/blosc2/frame/rangecache"
)

// remoteCacheBytes bounds the ranges a remote input keeps.
const remoteCacheBytes = 64 << 20

// maxRemoteChunk bounds the size of a remote chunk (not a frame), which is
// read whole.
const maxRemoteChunk = 1 << 30

// isURL tells whether a FILE argument names an HTTP(S) resource.
func isURL(path string) bool {
	return strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://")
}

// openURL opens a frame, b2nd array or chunk over HTTP range requests: a
// frame is read lazily (its header, index and trailer, then the blocks a
// command needs), through a cache of the ranges fetched.
func openURL(url string) (*input, error) {
	ra, err := httpra.Open(context.Background(), url)
	if err != nil {
		return nil, err
	}
	c := rangecache.New(ra, remoteCacheBytes)
	head := make([]byte, frameMagicOff+len(frameMagic))
	n, err := c.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", url, err)
	}
	if !isFrame(head[:n]) {
		if ra.Size() > maxRemoteChunk {
			return nil, fmt.Errorf("%s: not a frame, and too large (%d bytes) to be a chunk", url, ra.Size())
		}
		b := make([]byte, ra.Size())
		if _, err := c.ReadAt(b, 0); err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s: %w", url, err)
		}
		return openBytes(url, b)
	}
	fr, err := frame.Open(c, ra.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", url, err)
	}
	in := &input{path: url, kind: kindFrame, frame: fr, fileSize: ra.Size(), ra: c}
	return in, in.openArray()
}
