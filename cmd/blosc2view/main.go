//go:build js && wasm

// Command blosc2view is the WebAssembly half of the Blosc2 web viewer: the
// page (index.html, viewer.js and viewer.css in ./static) loads it and calls
// the functions it installs as globalThis.blosc2view. Build the whole site
// with
//
//	go run ./cmd/blosc2view/build -o site
//
// and open site/index.html through any static web server (the viewer works
// offline: files are read in the browser, nothing is uploaded).
//
// Every function returns a Promise and does its work on a goroutine, so the
// JavaScript event loop is never blocked: file bytes come from the page's
// source object, whose read(offset, length) returns a Promise of a
// Uint8Array (File.slice for local files, fetch with a Range header for
// URLs), and the goroutine waits for it on a channel.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"syscall/js"

	"github.com/blosc2go/blosc2/cmd/blosc2view/viewer"
)

var (
	mu      sync.Mutex
	root    *viewer.Session // the file opened
	session *viewer.Session // what the views show: root or a store member
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("open", js.FuncOf(open))
	api.Set("chunkMap", js.FuncOf(chunkMap))
	api.Set("slice", js.FuncOf(slice))
	api.Set("values", js.FuncOf(values))
	api.Set("member", js.FuncOf(member))
	js.Global().Set("blosc2view", api)
	if ready := js.Global().Get("blosc2viewReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // serve calls until the page goes away
}

// async runs fn on a goroutine and returns a Promise of its result: a JSON
// text parsed into an object, with a "png" Uint8Array when png is not nil.
func async(fn func() (any, []byte, error)) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(this js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			v, png, err := fn()
			if err == nil {
				var b []byte
				if b, err = json.Marshal(v); err == nil {
					obj := js.Global().Get("JSON").Call("parse", string(b))
					if png != nil {
						u8 := js.Global().Get("Uint8Array").New(len(png))
						js.CopyBytesToJS(u8, png)
						obj.Set("png", u8)
					}
					resolve.Invoke(obj)
					return
				}
			}
			reject.Invoke(js.Global().Get("Error").New(err.Error()))
		}()
		return nil
	})
	p := js.Global().Get("Promise").New(executor)
	executor.Release() // the executor has run: the Promise constructor calls it at once
	return p
}

func current() (*viewer.Session, error) {
	mu.Lock()
	defer mu.Unlock()
	if session == nil {
		return nil, errors.New("no file open")
	}
	return session, nil
}

// open(source) opens a file; source is {name, size, read(offset, length)}.
func open(this js.Value, args []js.Value) any {
	return async(func() (any, []byte, error) {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return nil, nil, errors.New("open wants a source object")
		}
		src := args[0]
		size := int64(src.Get("size").Float())
		s, err := viewer.Open(&jsReaderAt{src: src, size: size}, size, src.Get("name").String())
		if err != nil {
			return nil, nil, err
		}
		mu.Lock()
		root, session = s, s
		mu.Unlock()
		return s.Info(), nil, nil
	})
}

// member(key) shows a member of the opened store in the views, or the
// store itself again when key is "".
func member(this js.Value, args []js.Value) any {
	return async(func() (any, []byte, error) {
		mu.Lock()
		r := root
		mu.Unlock()
		if r == nil {
			return nil, nil, errors.New("no file open")
		}
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return nil, nil, errors.New("member wants a key")
		}
		s := r
		if key := args[0].String(); key != "" {
			var err error
			if s, err = r.Member(key); err != nil {
				return nil, nil, err
			}
		}
		mu.Lock()
		if root == r {
			session = s
		}
		mu.Unlock()
		return s.Info(), nil, nil
	})
}

// chunkMap(cell) draws the chunk map.
func chunkMap(this js.Value, args []js.Value) any {
	return async(func() (any, []byte, error) {
		s, err := current()
		if err != nil {
			return nil, nil, err
		}
		m, err := s.ChunkMap(intArg(args, 0, 12))
		if err != nil {
			return nil, nil, err
		}
		return m, m.PNG, nil
	})
}

// slice(request) draws a heatmap; request is a viewer.SliceRequest as JSON.
func slice(this js.Value, args []js.Value) any {
	return async(func() (any, []byte, error) {
		s, err := current()
		if err != nil {
			return nil, nil, err
		}
		if len(args) != 1 {
			return nil, nil, errors.New("slice wants a request")
		}
		var req viewer.SliceRequest
		if err := json.Unmarshal([]byte(js.Global().Get("JSON").Call("stringify", args[0]).String()), &req); err != nil {
			return nil, nil, fmt.Errorf("slice request: %w", err)
		}
		v, err := s.Slice(req)
		if err != nil {
			return nil, nil, err
		}
		return v, v.PNG, nil
	})
}

// values(row, col, radius) returns the values around a cell.
func values(this js.Value, args []js.Value) any {
	return async(func() (any, []byte, error) {
		s, err := current()
		if err != nil {
			return nil, nil, err
		}
		if len(args) < 2 {
			return nil, nil, errors.New("values wants row and col")
		}
		t, err := s.Values(int64(args[0].Float()), int64(args[1].Float()), intArg(args, 2, 3))
		return t, nil, err
	})
}

func intArg(args []js.Value, i, def int) int {
	if i < len(args) && args[i].Type() == js.TypeNumber {
		return args[i].Int()
	}
	return def
}

// jsReaderAt reads through the page's source object: read(offset, length)
// returns a Promise of a Uint8Array. ReadAt runs on a goroutine and waits
// for the Promise on a channel; the callbacks only copy and send.
type jsReaderAt struct {
	src  js.Value
	size int64
}

type readResult struct {
	n   int
	err error
}

func (r *jsReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("negative offset")
	}
	if off >= r.size {
		return 0, io.EOF
	}
	want := p
	if int64(len(want)) > r.size-off {
		want = want[:r.size-off]
	}
	done := make(chan readResult, 1)
	then := js.FuncOf(func(this js.Value, args []js.Value) any {
		n := js.CopyBytesToGo(want, args[0])
		done <- readResult{n: n}
		return nil
	})
	catch := js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "read failed"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		done <- readResult{err: errors.New(msg)}
		return nil
	})
	r.src.Call("read", float64(off), len(want)).Call("then", then, catch)
	res := <-done
	then.Release()
	catch.Release()
	if res.err == nil && res.n < len(p) {
		res.err = io.EOF
	}
	return res.n, res.err
}
