package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/frame/httpra"
	"github.com/blosc2go/blosc2/frame/rangecache"
	"github.com/blosc2go/blosc2/store"
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

// remote is an HTTP(S) resource read with range requests through a cache of
// the ranges fetched, with the first bytes of its content.
type remote struct {
	url  string
	size int64
	c    *rangecache.Cache
	head []byte
}

func dialURL(url string) (*remote, error) {
	ra, err := httpra.Open(context.Background(), url)
	if err != nil {
		return nil, err
	}
	r := &remote{url: url, size: ra.Size(), c: rangecache.New(ra, remoteCacheBytes)}
	head := make([]byte, frameMagicOff+len(frameMagic))
	n, err := r.c.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", url, err)
	}
	r.head = head[:n]
	return r, nil
}

// openURL opens a frame, b2nd array or chunk over HTTP range requests: a
// frame is read lazily (its header, index and trailer, then the blocks a
// command needs), through a cache of the ranges fetched.
func openURL(url string) (*input, error) {
	r, err := dialURL(url)
	if err != nil {
		return nil, err
	}
	return r.input()
}

func (r *remote) input() (*input, error) {
	if !isFrame(r.head) {
		if r.size > maxRemoteChunk {
			return nil, fmt.Errorf("%s: not a frame, and too large (%d bytes) to be a chunk", r.url, r.size)
		}
		b := make([]byte, r.size)
		if _, err := r.c.ReadAt(b, 0); err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s: %w", r.url, err)
		}
		return openBytes(r.url, b)
	}
	fr, err := frame.Open(r.c, r.size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.url, err)
	}
	in := &input{path: r.url, kind: kindFrame, frame: fr, fileSize: r.size, ra: r.c}
	return in, in.openArray()
}

// errNotStore reports a URL whose content is no store (remote.store).
var errNotStore = errors.New("not a python-blosc2 store (.b2z or .b2e)")

// openRemoteStore opens a .b2z or .b2e over HTTP range requests (see
// remote.store).
func openRemoteStore(url string) (*store.Store, error) {
	r, err := dialURL(url)
	if err != nil {
		return nil, err
	}
	return r.store()
}

// store opens the resource as a .b2z or .b2e: the zip's central directory
// and the embed store's header, index and trailer are read now, members
// when asked for. The error wraps errNotStore when the content is something
// else (a frame without a store's metalayer, a chunk).
func (r *remote) store() (*store.Store, error) {
	zip := bytes.HasPrefix(r.head, []byte("PK\x03\x04")) || bytes.HasPrefix(r.head, []byte("PK\x05\x06"))
	if !zip {
		if !isFrame(r.head) {
			return nil, fmt.Errorf("%s: %w", r.url, errNotStore)
		}
		fr, err := frame.Open(r.c, r.size)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.url, err)
		}
		if !isEmbedFrame(fr) {
			return nil, fmt.Errorf("%s: %w", r.url, errNotStore)
		}
	}
	s, err := store.OpenReaderAt(r.c, r.size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.url, err)
	}
	return s, nil
}
